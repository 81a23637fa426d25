// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { EntryFormScreen } from '../../../src/renderer/features/settings/virtual/entry-form.screen';
import { ENTRY_FORM_TEXT as T } from '../../../src/renderer/features/settings/virtual/entry-form-texts';
import type { EntryForm, EntryFormField } from '../../../src/shared/domain/entry-form';
import { MSG } from '../../../src/shared/messages';
import { dialog, failReply, findConfirm, installSettings, okReply, renderPage } from './settings-fixtures';

afterEach(cleanup);

/** jsdom lays nothing out: each row gets a box by its place in the list, so dnd-kit's keyboard sensor finds its neighbours. */
const realRect = Element.prototype.getBoundingClientRect;
beforeAll(() => {
  Element.prototype.getBoundingClientRect = function rect(this: Element) {
    const rows = [...document.querySelectorAll('[data-testid^="entry-field-row-"]')];
    const i = rows.indexOf(this);
    if (i < 0) return realRect.call(this);
    return { x: 0, y: i * 60, top: i * 60, left: 0, width: 600, height: 50, bottom: i * 60 + 50, right: 600, toJSON: () => ({}) } as DOMRect;
  };
});
afterAll(() => {
  Element.prototype.getBoundingClientRect = realRect;
});

const field = (idField: number, label: string, over: Partial<EntryFormField> = {}): EntryFormField => ({
  idField,
  label,
  fieldType: 'text',
  required: false,
  position: idField,
  active: true,
  options: [],
  pattern: null,
  consentText: null,
  consentVersion: null,
  ...over
});
const FORM: EntryForm = { idVa: 1, fields: [field(1, 'Nombre completo', { required: true }), field(2, 'Correo electrónico', { fieldType: 'email' }), field(3, 'Teléfono', { fieldType: 'phone' })] };
const AGENTS = [{ idVa: 1, name: 'Asistente Demo' }];
const labels = () => screen.getAllByTestId(/^entry-field-row-/).map((li) => li.querySelector('[data-field-label]')?.textContent ?? '');
/** A key on the focused handle, then a frame for dnd-kit to measure and move. */
async function press(target: HTMLElement, code: string) {
  await act(async () => {
    fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
    await new Promise((r) => setTimeout(r, 50));
  });
}
const body = (arg: { body?: unknown }) => arg.body as { fields?: { label: string; idField?: number; pattern?: string | null }[]; order?: number[] };

describe('formulario-entrada', () => {
  it('loads the form of the first virtual agent, in order', async () => {
    const fake = installSettings({ virtualAgents: () => okReply(AGENTS), entryForm: () => okReply(FORM) });
    renderPage(<EntryFormScreen />, 3);
    expect(await screen.findByText('Nombre completo')).toBeTruthy();
    expect(labels()).toEqual(['Nombre completo', 'Correo electrónico', 'Teléfono']);
    expect(fake.sent('entryForm')[0]?.query).toEqual({ idVa: 1 });
  });

  it('shows the empty state, and the load error with its retry', async () => {
    let fail = true;
    installSettings({ virtualAgents: () => okReply(AGENTS), entryForm: () => (fail ? failReply(500, 'caído') : okReply({ idVa: 1, fields: [] })) });
    renderPage(<EntryFormScreen />, 3);
    expect(await screen.findByText(MSG.entryForm.loadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(await screen.findByText(T.emptyDetail)).toBeTruthy();
  });

  it('adds a field after a Spanish refusal before sending, and keeps the input when the platform refuses', async () => {
    let refuse = true;
    const fake = installSettings({
      virtualAgents: () => okReply(AGENTS),
      entryForm: () => okReply(FORM),
      updateEntryForm: (arg) =>
        refuse ? failReply(400, 'El patrón de validación puede tardar demasiado en evaluarse') : okReply({ idVa: 1, fields: [...FORM.fields, field(9, body(arg).fields?.at(-1)?.label ?? '', { required: true })] })
    });
    renderPage(<EntryFormScreen />, 3);
    await screen.findByText('Nombre completo');
    fireEvent.click(screen.getByRole('button', { name: T.add }));
    const d = dialog();
    const label = d.getByRole('textbox', { name: /Etiqueta/ });
    fireEvent.change(label, { target: { value: 'correo ELECTRÓNICO' } });
    fireEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await d.findByText(/Ya hay un campo con la etiqueta/)).toBeTruthy();
    expect(fake.sent('updateEntryForm')).toHaveLength(0);

    fireEvent.change(label, { target: { value: 'Código de cliente' } });
    fireEvent.change(d.getByRole('textbox', { name: /Patrón/ }), { target: { value: '[A-Z]{2}\\d{4}' } });
    fireEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await d.findByText(/tardar demasiado/)).toBeTruthy();
    expect((label as HTMLInputElement).value).toBe('Código de cliente');

    refuse = false;
    fireEvent.click(d.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(labels()).toContain('Código de cliente'));
    const sent = body(fake.sent('updateEntryForm').at(-1) ?? {});
    expect(sent.fields?.map((f) => f.label)).toEqual(['Nombre completo', 'Correo electrónico', 'Teléfono', 'Código de cliente']);
    expect(sent.fields?.at(-1)?.pattern).toBe('[A-Z]{2}\\d{4}');
    expect(await screen.findByText(MSG.entryForm.fieldAdded)).toBeTruthy();
  });

  it('edits a field in place', async () => {
    const fake = installSettings({
      virtualAgents: () => okReply(AGENTS),
      entryForm: () => okReply(FORM),
      updateEntryForm: (arg) => okReply({ idVa: 1, fields: FORM.fields.map((f, i) => ({ ...f, label: body(arg).fields?.[i]?.label ?? f.label })) })
    });
    renderPage(<EntryFormScreen />, 3);
    await screen.findByRole('button', { name: 'Editar Teléfono' });
    fireEvent.click(screen.getByRole('button', { name: 'Editar Teléfono' }));
    fireEvent.change(dialog().getByRole('textbox', { name: /Etiqueta/ }), { target: { value: 'Celular' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(labels()).toEqual(['Nombre completo', 'Correo electrónico', 'Celular']));
    expect(body(fake.sent('updateEntryForm')[0] ?? {}).fields?.[2]).toMatchObject({ idField: 3, label: 'Celular' });
  });

  it('asks before deleting; cancelling keeps the field, confirming sends the list without it', async () => {
    const fake = installSettings({ virtualAgents: () => okReply(AGENTS), entryForm: () => okReply(FORM), updateEntryForm: () => okReply({ idVa: 1, fields: FORM.fields.slice(0, 2) }) });
    renderPage(<EntryFormScreen />, 3);
    await screen.findByRole('button', { name: 'Editar Teléfono' });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Teléfono' }));
    fireEvent.click((await findConfirm()).getByRole('button', { name: 'Cancelar' }));
    expect(fake.sent('updateEntryForm')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Teléfono' }));
    fireEvent.click((await findConfirm()).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(labels()).toEqual(['Nombre completo', 'Correo electrónico']));
    expect(body(fake.sent('updateEntryForm')[0] ?? {}).fields?.map((f) => f.idField)).toEqual([1, 2]);
  });

  it('reorders by keyboard with Spanish instructions, sending only the order; a refused order goes back', async () => {
    let refuse = false;
    const fake = installSettings({
      virtualAgents: () => okReply(AGENTS),
      entryForm: () => okReply(FORM),
      updateEntryFormOrder: (arg) => (refuse ? failReply(400, 'no') : okReply({ idVa: 1, fields: (body(arg).order ?? []).map((id) => FORM.fields.find((f) => f.idField === id)!) }))
    });
    renderPage(<EntryFormScreen />, 3);
    await screen.findByText('Nombre completo');
    expect(await screen.findByText(T.dnd.instructions)).toBeTruthy();
    const handle = screen.getByRole('button', { name: T.move('Nombre completo') });
    handle.focus();
    await press(handle, 'Space');
    await press(handle, 'ArrowDown');
    await press(handle, 'Space');
    await waitFor(() => expect(fake.sent('updateEntryFormOrder')).toHaveLength(1));
    expect(body(fake.sent('updateEntryFormOrder')[0] ?? {})).toEqual({ order: [2, 1, 3] });
    await waitFor(() => expect(labels()).toEqual(['Correo electrónico', 'Nombre completo', 'Teléfono']));

    refuse = true;
    const again = screen.getByRole('button', { name: T.move('Teléfono') });
    again.focus();
    await press(again, 'Space');
    await press(again, 'ArrowUp');
    await press(again, 'Space');
    expect(await screen.findByText(MSG.entryForm.reorderFailed)).toBeTruthy();
    expect(labels()).toEqual(['Correo electrónico', 'Nombre completo', 'Teléfono']);
  });
});
