// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WorkspacesScreen, workspacesScreen, type AnswerRow } from '../../../src/renderer/features/settings/virtual/workspaces.screen';
import { WORKSPACES_TEXT as T } from '../../../src/renderer/features/settings/virtual/workspaces-texts';
import { SETTINGS_TEXT } from '../../../src/renderer/components/settings/texts';
import type { Answer, TryWorkspaceResult, Workspace, WorkspaceUpdateSummary } from '../../../src/shared/domain/workspace';
import { MSG } from '../../../src/shared/messages';
import { describeListScreen, dialog, failReply, installSettings, ISO, okReply, renderPage, rowOf, type Reply } from './settings-fixtures';

afterEach(cleanup);

/** jsdom lays nothing out: each element gets a box by its place in the list, so dnd-kit's keyboard sensor finds its neighbours. */
const realRect = Element.prototype.getBoundingClientRect;
beforeAll(() => {
  Element.prototype.getBoundingClientRect = function rect(this: Element) {
    const rows = [...document.querySelectorAll('[data-testid="answer-element"]')];
    const i = rows.indexOf(this);
    if (i < 0) return realRect.call(this);
    return { x: 0, y: i * 120, top: i * 120, left: 0, width: 600, height: 110, bottom: i * 120 + 110, right: 600, toJSON: () => ({}) } as DOMRect;
  };
});
afterAll(() => {
  Element.prototype.getBoundingClientRect = realRect;
});

const WORKSPACE: Workspace = { id: 1, idVa: 1, name: 'Asistente Demo', description: 'Atención general', updatedAt: ISO, answerThreshold: 0.6, optionsThreshold: 0.3 };
const AGENTS = [{ idVa: 1, name: 'Asistente Demo' }];
const detail = (elementTypesIdType: number, elementOrderPos: number, elementValue: string, elementFallback = '') => ({ elementTypesIdType, elementOrderPos, elementValue, elementFallback });
const row = (nodeId: string, nodeName: string, details: Answer['details']): AnswerRow => ({ workspaceId: 1, nodeId, nodeName, details, workspaceName: WORKSPACE.name });
const ROWS: AnswerRow[] = [
  row('horarios', 'Horarios de atención', [detail(1, 0, 'De lunes a viernes de 8 a 6.'), detail(2, 1, 'https://demo.example/horarios')]),
  row('sedes', 'Puntos de atención', [detail(1, 0, 'Estamos en Bogotá y Cali.'), detail(3, 1, '/api/multimedia/descargar/sedes1', 'Mapa de sedes en demo.example/sedes'), detail(9, 2, '["Bogotá","Cali"]')])
];
const SUMMARY: WorkspaceUpdateSummary = {
  includeWorkpaceData: true,
  integrationResult: true,
  listNewAnswersConfigElement: [],
  listNewAnswersConfigElementFromMaster: [],
  listNewResponseNodes: [{ nodeId: 'pagos', nodeName: 'Medios de pago' }],
  listUpdatedResponseNodes: [],
  workpaceData: WORKSPACE,
  workspaceUpdateResponse: '3 nodos de respuesta, 1 sin respuesta'
};
const strip = ({ workspaceName: _w, ...answer }: AnswerRow): Answer => answer;
const answerOf = (body: unknown): AnswerRow => {
  const b = body as { workspaceId: number; nodeId: string; details: { elementTypesIdType: number; elementOrderPos: number; elementValue: string; elementFallback?: string }[] };
  const name = b.nodeId === 'pagos' ? 'Medios de pago' : (ROWS.find((r) => r.nodeId === b.nodeId)?.nodeName ?? b.nodeId);
  return row(b.nodeId, name, b.details.map((d) => ({ ...d, elementFallback: d.elementFallback ?? '' })));
};
const REPLIES: Partial<Record<string, Reply>> = {
  virtualAgents: () => okReply(AGENTS),
  workspaces: () => okReply([WORKSPACE]),
  syncWorkspaceAnswers: () => okReply(SUMMARY)
};

describeListScreen(workspacesScreen, {
  rows: ROWS,
  answer: (rows) => (rows as AnswerRow[]).map(strip),
  replies: REPLIES,
  create: {
    refused: { fill: { node: '', elements: '' }, messages: [T.nodeRequired, 'El contenido de la respuesta es obligatorio'] },
    fill: { node: '1:pagos', elements: 'Tarjeta, PSE o efectivo.' },
    sent: { workspaceId: 1, nodeId: 'pagos', details: [{ elementTypesIdType: 1, elementOrderPos: 0, elementValue: 'Tarjeta, PSE o efectivo.' }] },
    reply: answerOf
  },
  edit: {
    fill: { elements: 'De lunes a sábado de 8 a 6.' },
    sent: {
      workspaceId: 1,
      nodeId: 'horarios',
      details: [
        { elementTypesIdType: 1, elementOrderPos: 0, elementValue: 'De lunes a sábado de 8 a 6.' },
        { elementTypesIdType: 2, elementOrderPos: 1, elementValue: 'https://demo.example/horarios' }
      ]
    },
    reply: answerOf
  },
  remove: { row: 1, request: (arg) => arg.body, expected: { workspaceId: 1, nodeId: 'sedes' } }
});

type Sent = { body?: unknown; params?: unknown };
const details = (arg: Sent | undefined) => (arg?.body as { details: { elementTypesIdType: number; elementOrderPos: number; elementValue: string; elementFallback?: string }[] }).details;

async function openEdit(name: string, replies: Partial<Record<string, Reply>> = {}) {
  const fake = installSettings({ ...REPLIES, workspaceAnswers: () => okReply(ROWS.map(strip)), upsertAnswer: (arg) => okReply(strip(answerOf((arg as Sent).body))), ...replies });
  renderPage(<WorkspacesScreen />, 3);
  await screen.findByRole('rowheader', { name });
  fireEvent.click(within(rowOf(name)).getByRole('button', { name: SETTINGS_TEXT.editItem(name) }));
  return { fake, form: dialog() };
}
const save = (form: ReturnType<typeof dialog>) => fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.save, hidden: true }));
const values = (form: ReturnType<typeof dialog>) => form.getAllByTestId('answer-element').map((li: HTMLElement) => (li.querySelector('[name$=".elementValue"]') as HTMLInputElement).value);

describe('workspaces: the answer editor', () => {
  it('edits an answer of five types: adds a Video with its fallback, moves it up by button, removes one, and keeps the node’s options', async () => {
    const { fake, form } = await openEdit('Puntos de atención');
    expect(values(form)).toEqual(['Estamos en Bogotá y Cali.', '/api/multimedia/descargar/sedes1']);
    expect(form.getByText(T.editor.kept(1))).toBeTruthy();
    expect((form.getByLabelText(T.editor.fallback(2)) as HTMLInputElement).value).toBe('Mapa de sedes en demo.example/sedes');

    fireEvent.change(form.getByLabelText(T.editor.addType), { target: { value: '5' } });
    fireEvent.click(form.getByRole('button', { name: T.editor.add }));
    fireEvent.change(form.getByLabelText(new RegExp(`^${T.editor.value(3, 'Video')}`)), { target: { value: 'https://demo.example/video.mp4' } });
    fireEvent.change(form.getByLabelText(T.editor.fallback(3)), { target: { value: 'Video de cómo llegar: demo.example/video' } });
    fireEvent.click(form.getByRole('button', { name: T.editor.up(3) }));
    expect(values(form)).toEqual(['Estamos en Bogotá y Cali.', 'https://demo.example/video.mp4', '/api/multimedia/descargar/sedes1']);
    fireEvent.click(form.getByRole('button', { name: T.editor.remove(3) }));
    save(form);
    expect(await screen.findByText(MSG.workspaces.answerUpdated)).toBeTruthy();
    expect(details(fake.sent('upsertAnswer')[0] as Sent)).toEqual([
      { elementTypesIdType: 1, elementOrderPos: 0, elementValue: 'Estamos en Bogotá y Cali.' },
      { elementTypesIdType: 5, elementOrderPos: 1, elementValue: 'https://demo.example/video.mp4', elementFallback: 'Video de cómo llegar: demo.example/video' }
    ]);
  });

  it('reorders the elements by keyboard on their handle (space, arrow, space)', async () => {
    const { fake, form } = await openEdit('Horarios de atención');
    const handle = form.getByRole('button', { name: T.editor.move(1) });
    handle.focus();
    const press = async (code: string) =>
      act(async () => {
        fireEvent.keyDown(handle, { code, key: code === 'Space' ? ' ' : code });
        await new Promise((r) => setTimeout(r, 50));
      });
    await press('Space');
    await press('ArrowDown');
    await press('Space');
    await waitFor(() => expect(values(form)).toEqual(['https://demo.example/horarios', 'De lunes a viernes de 8 a 6.']));
    save(form);
    expect(await screen.findByText(MSG.workspaces.answerUpdated)).toBeTruthy();
    expect(details(fake.sent('upsertAnswer')[0] as Sent).map((d) => [d.elementTypesIdType, d.elementOrderPos])).toEqual([
      [2, 0],
      [1, 1]
    ]);
  });

  it('refuses in Spanish under the element (a blank link, no elements), sends nothing, and a failed save keeps the input', async () => {
    const { fake, form } = await openEdit('Horarios de atención', { upsertAnswer: () => failReply(500, 'El servidor no respondió') });
    fireEvent.change(form.getByLabelText(new RegExp(`^${T.editor.value(2, 'Link')}`)), { target: { value: '  ' } });
    save(form);
    expect(await form.findByText('El contenido de la respuesta es obligatorio')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: T.editor.remove(2) }));
    fireEvent.click(form.getByRole('button', { name: T.editor.remove(1) }));
    save(form);
    expect(await form.findByText('La respuesta debe tener al menos un elemento')).toBeTruthy();
    expect(fake.sent('upsertAnswer')).toEqual([]);

    fireEvent.click(form.getByRole('button', { name: T.editor.add }));
    fireEvent.change(form.getByLabelText(new RegExp(`^${T.editor.value(1, 'Texto')}`)), { target: { value: 'Abrimos todos los días.' } });
    save(form);
    expect(await screen.findByText(MSG.workspaces.answerUpdateFailed)).toBeTruthy();
    expect(values(dialog())).toEqual(['Abrimos todos los días.']);
  });

  it('uploads a file through the main process and puts its url in the element; a file over 10 MB is refused before sending', async () => {
    const { fake, form } = await openEdit('Horarios de atención', {
      uploadAnswerMedia: () => okReply({ id: 'f1', url: '/api/multimedia/descargar/f1', contentType: 'image/png', size: 4 })
    });
    fireEvent.change(form.getByLabelText(T.editor.addType), { target: { value: '3' } });
    fireEvent.click(form.getByRole('button', { name: T.editor.add }));
    const picker = form.getByTestId('answer-element-file-3') as HTMLInputElement;
    const big = new File(['x'], 'grande.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(picker, { target: { files: [big] } });
    expect(await form.findByText(T.editor.tooLarge)).toBeTruthy();
    expect(fake.sent('uploadAnswerMedia')).toEqual([]);

    fireEvent.change(picker, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'mapa.png', { type: 'image/png' })] } });
    expect(await form.findByText(T.editor.uploaded('mapa.png'))).toBeTruthy();
    expect(fake.sent('uploadAnswerMedia')[0]?.body).toEqual({ data: 'iVBORw==', format_type: 'base64', content_type: 'image/png', name: 'mapa.png', elementTypesIdType: 3 });
    expect(values(form)[2]).toBe('/api/multimedia/descargar/f1');
  });

  it('previews the answer as the widget draws it, as it is typed, options last', async () => {
    const { form } = await openEdit('Puntos de atención');
    const preview = form.getByTestId('answer-preview');
    expect(within(preview).getByText('Estamos en Bogotá y Cali.')).toBeTruthy();
    expect(within(preview).getByRole('img', { name: 'sedes1' })).toBeTruthy();
    expect(within(preview).getAllByTestId('bot-option').map((b) => b.textContent)).toEqual(['Bogotá', 'Cali']);
    expect(within(preview).getByText('Asistente Demo')).toBeTruthy();
    fireEvent.change(form.getByLabelText(new RegExp(`^${T.editor.value(1, 'Texto')}`)), { target: { value: 'Tenemos sedes en todo el país.' } });
    expect(within(preview).getByText('Tenemos sedes en todo el país.')).toBeTruthy();
    fireEvent.change(form.getByLabelText(T.editor.addType), { target: { value: '2' } });
    fireEvent.click(form.getByRole('button', { name: T.editor.add }));
    fireEvent.change(form.getByLabelText(new RegExp(`^${T.editor.value(3, 'Link')}`)), { target: { value: 'https://demo.example/sedes' } });
    expect(within(preview).getByTestId('bot-link').getAttribute('href')).toBe('https://demo.example/sedes');
  });

  it("says 'Respuesta creada' for a node that had none, offered from the update summary, and offers it no more", async () => {
    let created = false;
    const fake = installSettings({
      ...REPLIES,
      // The platform's summary: once 'pagos' has its answer it is no longer a node without one.
      syncWorkspaceAnswers: () => okReply(created ? { ...SUMMARY, listNewResponseNodes: [] } : SUMMARY),
      workspaceAnswers: () => okReply(ROWS.map(strip)),
      upsertAnswer: (arg) => {
        created = true;
        return okReply(strip(answerOf((arg as Sent).body)));
      }
    });
    renderPage(<WorkspacesScreen />, 3);
    await screen.findByRole('rowheader', { name: 'Horarios de atención' });
    fireEvent.click(screen.getByRole('button', { name: T.create }));
    const form = dialog();
    const select = (await form.findByRole('combobox', { name: new RegExp(`^${T.node}`) })) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.textContent)).toContain('Medios de pago'));
    fireEvent.change(select, { target: { value: '1:pagos' } });
    fireEvent.change(form.getByLabelText(new RegExp(`^${T.editor.value(1, 'Texto')}`)), { target: { value: 'Tarjeta o PSE.' } });
    save(form);
    expect(await screen.findByText(MSG.workspaces.answerCreated)).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Medios de pago' });
    expect(within(rowOf('Medios de pago')).getByText(WORKSPACE.name)).toBeTruthy();
    expect(fake.sent('syncWorkspaceAnswers')[0]?.params).toEqual({ id: 1 });
    // 'Nueva respuesta' again, without reloading the page: the node just answered is not offered.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: T.create }));
    const again = (await dialog().findByRole('combobox', { name: new RegExp(`^${T.node}`) })) as HTMLSelectElement;
    await waitFor(() => expect([...again.options].map((o) => o.textContent)).not.toContain('Medios de pago'));
  });
});

describe('workspaces: thresholds, update summary and Probar', () => {
  const open = (replies: Partial<Record<string, Reply>> = {}) => {
    const fake = installSettings({ ...REPLIES, workspaceAnswers: () => okReply(ROWS.map(strip)), ...replies });
    renderPage(<WorkspacesScreen />, 3);
    return fake;
  };

  it('edits the thresholds: refuses out of range and options above the answer in Spanish, keeps a refused input, saves', async () => {
    let refuse = true;
    const fake = open({
      updateWorkspaceThresholds: (arg) => (refuse ? failReply(404, 'El workspace no existe') : okReply({ ...WORKSPACE, ...((arg as Sent).body as object) }))
    });
    const answer = (await screen.findByLabelText(new RegExp(`^${T.panel.answerThreshold}`))) as HTMLInputElement;
    const options = screen.getByLabelText(new RegExp(`^${T.panel.optionsThreshold}`)) as HTMLInputElement;
    expect([answer.value, options.value]).toEqual(['0.6', '0.3']);
    fireEvent.change(answer, { target: { value: '1,5' } });
    fireEvent.click(screen.getByRole('button', { name: T.panel.saveThresholds }));
    expect(await screen.findByText('El umbral de respuesta no puede ser mayor que 1')).toBeTruthy();
    fireEvent.change(answer, { target: { value: '0,4' } });
    fireEvent.change(options, { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: T.panel.saveThresholds }));
    expect(await screen.findByText('El umbral de opciones no puede superar el umbral de respuesta')).toBeTruthy();
    expect(fake.sent('updateWorkspaceThresholds')).toEqual([]);

    fireEvent.change(options, { target: { value: '0.25' } });
    fireEvent.click(screen.getByRole('button', { name: T.panel.saveThresholds }));
    expect(await screen.findByText('El workspace no existe')).toBeTruthy();
    expect([answer.value, options.value]).toEqual(['0,4', '0.25']);
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: T.panel.saveThresholds }));
    expect(await screen.findByText(T.panel.thresholdsSaved)).toBeTruthy();
    expect(fake.sent('updateWorkspaceThresholds').at(-1)).toMatchObject({ params: { id: 1 }, body: { answerThreshold: 0.4, optionsThreshold: 0.25 } });
  });

  it('shows the update summary when synchronising', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: T.panel.sync }));
    const summary = await screen.findByRole('status', { name: T.panel.syncTitle });
    expect(within(summary).getByText(SUMMARY.workspaceUpdateResponse)).toBeTruthy();
    expect(within(summary).getByText(`${T.panel.newNodes}: Medios de pago`)).toBeTruthy();
  });

  it("'Probar' shows the intent, its confidence and the answer; a blank sentence is refused before sending", async () => {
    const tried: TryWorkspaceResult = {
      kind: 'answer',
      intent: 'horarios',
      nodeId: 'horarios',
      confidence: 0.8734,
      escalates: false,
      items: [{ itemType: 1, itemValue: 'De lunes a viernes de 8 a 6.', itemOptions: null, itemFile: null }],
      text: 'De lunes a viernes de 8 a 6.'
    };
    const fake = open({ tryWorkspace: () => okReply(tried) });
    const sentence = await screen.findByLabelText(new RegExp(`^${T.probar.sentence}`));
    fireEvent.click(screen.getByRole('button', { name: T.probar.button }));
    expect(await screen.findByText('Escribe una frase para probar')).toBeTruthy();
    expect(fake.sent('tryWorkspace')).toEqual([]);
    fireEvent.change(sentence, { target: { value: '¿a qué hora abren?' } });
    fireEvent.click(screen.getByRole('button', { name: T.probar.button }));
    const result = await screen.findByTestId('probar-result');
    expect(within(result).getByText(T.probar.kinds.answer)).toBeTruthy();
    expect(within(result).getByText('horarios')).toBeTruthy();
    expect(within(result).getByText('87,3 %')).toBeTruthy();
    expect(within(result).getByText('De lunes a viernes de 8 a 6.')).toBeTruthy();
    expect(fake.sent('tryWorkspace')[0]).toMatchObject({ params: { id: 1 }, body: { text: '¿a qué hora abren?' } });
  });

  it("'Probar' says what the platform refused", async () => {
    open({ tryWorkspace: () => failReply(404, 'El workspace no existe') });
    fireEvent.change(await screen.findByLabelText(new RegExp(`^${T.probar.sentence}`)), { target: { value: 'hola' } });
    fireEvent.click(screen.getByRole('button', { name: T.probar.button }));
    expect(await screen.findByText(`${T.probar.failed}: El workspace no existe`)).toBeTruthy();
  });
});
