// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WatsonImportDialog } from '../../../src/renderer/features/settings/virtual/WatsonImportDialog';
import { WATSON_TEXT as T } from '../../../src/renderer/features/settings/virtual/watson-texts';
import { WATSON_IMPORT_MAX_BYTES, type WatsonImportArg, type WatsonImportResult } from '../../../src/shared/domain/watson-import';
import type { IpcResult } from '../../../src/shared/ipc';
import { dialog, failReply, installSettings, okReply, renderPage } from './settings-fixtures';

afterEach(cleanup);

const DRY: WatsonImportResult = {
  workspaceId: 2,
  dryRun: true,
  applied: false,
  nodes: 3,
  intents: 2,
  counts: { byNodeType: { standard: 2, slot: 1 }, byResponseType: { text: 2, pause: 1 } },
  added: ['w_pago', 'w_slot'],
  updated: ['w_horario'],
  unchanged: [],
  notCarried: [
    { nodeId: 'w_slot', what: 'slot' },
    { nodeId: 'w_horario', what: 'respuesta de tipo pause' },
    { nodeId: 'w_horario', what: 'condición con expresión: <? $x ?>' }
  ],
  missingRefs: [{ nodeId: 'w_horario', field: 'next_step', ref: 'w_fantasma' }]
};
const APPLIED: WatsonImportResult = { ...DRY, dryRun: false, applied: true };

const FILE_TEXT = '\uFEFF{"dialog_nodes":[]}';

function install(reply: (arg: WatsonImportArg) => IpcResult<WatsonImportResult> | Promise<IpcResult<WatsonImportResult>>) {
  const fake = installSettings({});
  const importWatson = vi.fn(async (arg: WatsonImportArg) => reply(arg));
  (fake.api as unknown as { settings: { importWatson: typeof importWatson } }).settings.importWatson = importWatson;
  return importWatson;
}

async function openAndChoose(file: File) {
  fireEvent.click(screen.getByRole('button', { name: T.open }));
  const input = await waitFor(() => dialog().getByLabelText(T.file));
  fireEvent.change(input, { target: { files: [file] } });
}

describe('WatsonImportDialog', () => {
  it("sends the file's bytes for a dry run, shows its counts, adds and updates, what cannot be carried over by node and the missing references, then imports", async () => {
    const importWatson = install((arg) => okReply(arg.dryRun ? DRY : APPLIED));
    const onImported = vi.fn();
    renderPage(<WatsonImportDialog workspaceId={2} idVa={1} onImported={onImported} />, 3);
    await openAndChoose(new File([FILE_TEXT], 'export.json', { type: 'application/json' }));

    await screen.findByText(T.summary(3, 2));
    const [first] = importWatson.mock.calls[0] ?? [];
    expect(first).toMatchObject({ workspaceId: 2, dryRun: true });
    expect(first && new TextDecoder('utf-8', { ignoreBOM: true }).decode(Uint8Array.from(atob(first.data), (c) => c.charCodeAt(0)))).toBe(FILE_TEXT);
    const d = dialog();
    expect(d.getByText('slot: 1')).toBeTruthy();
    expect(d.getByText('pause: 1')).toBeTruthy();
    expect(d.getByText(T.added(2))).toBeTruthy();
    expect(d.getByText(T.updated(1))).toBeTruthy();
    const notCarried = d.getByRole('list', { name: T.notCarriedTitle(3) });
    const horario = within(notCarried).getByText(T.node('w_horario')).closest('li') as HTMLElement;
    expect(within(horario).getByText('respuesta de tipo pause')).toBeTruthy();
    expect(within(horario).getByText('condición con expresión: <? $x ?>')).toBeTruthy();
    expect(within(d.getByRole('list', { name: T.missingTitle(1) })).getByText(/Nodo w_horario: salto a w_fantasma/)).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();

    fireEvent.click(d.getByRole('button', { name: T.import }));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(APPLIED));
    expect(importWatson.mock.calls[1]?.[0]).toMatchObject({ workspaceId: 2, dryRun: false, data: first?.data });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(T.imported(2, 1))).toBeTruthy();
  });

  it("shows the platform's refusal of a malformed file in Spanish and stays open, with nothing to import", async () => {
    install(() => failReply(400, 'El archivo de Watson no es válido: $.dialog_nodes[1].dialog_node: se esperaba un texto'));
    const onImported = vi.fn();
    renderPage(<WatsonImportDialog workspaceId={2} idVa={1} onImported={onImported} />, 3);
    await openAndChoose(new File(['{"dialog_nodes":[{"dialog_node":1}]}'], 'malo.json'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('$.dialog_nodes[1].dialog_node: se esperaba un texto');
    expect(dialog().getByRole('button', { name: T.import }).hasAttribute('disabled') || dialog().getByRole('button', { name: T.import }).getAttribute('aria-disabled') === 'true').toBe(true);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('keeps the dialog and the dry run when the import itself is refused', async () => {
    install((arg) => (arg.dryRun ? okReply(DRY) : failReply(500, 'Error en el servidor')));
    const onImported = vi.fn();
    renderPage(<WatsonImportDialog workspaceId={2} idVa={1} onImported={onImported} />, 3);
    await openAndChoose(new File([FILE_TEXT], 'export.json'));
    await screen.findByText(T.summary(3, 2));
    fireEvent.click(dialog().getByRole('button', { name: T.import }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error en el servidor');
    expect(dialog().getByText(T.summary(3, 2))).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('refuses an empty file and one over 10 MB before sending anything', async () => {
    const importWatson = install(() => okReply(DRY));
    renderPage(<WatsonImportDialog workspaceId={2} idVa={1} onImported={() => undefined} />, 3);
    await openAndChoose(new File([], 'vacio.json'));
    expect((await screen.findByRole('alert')).textContent).toContain(T.empty);
    const big = new File(['x'], 'grande.json');
    Object.defineProperty(big, 'size', { value: WATSON_IMPORT_MAX_BYTES + 1 });
    fireEvent.change(dialog().getByLabelText(T.file), { target: { files: [big] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(T.tooLarge));
    expect(importWatson).not.toHaveBeenCalled();
  });

  it('says so when the file changes nothing, and offers only to close; Escape closes it', async () => {
    install(() => okReply({ ...DRY, added: [], updated: [], unchanged: ['w_pago', 'w_slot', 'w_horario'] }));
    renderPage(<WatsonImportDialog workspaceId={2} idVa={1} onImported={() => undefined} />, 3);
    await openAndChoose(new File([FILE_TEXT], 'export.json'));
    expect(await screen.findByText(T.noChanges)).toBeTruthy();
    expect(dialog().getByText(T.unchanged(3))).toBeTruthy();
    const importButton = dialog().getByRole('button', { name: T.import });
    expect(importButton.hasAttribute('disabled') || importButton.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
