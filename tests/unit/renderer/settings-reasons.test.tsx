// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BusinessReasonsPage } from '../../../src/renderer/features/settings/human/BusinessReasonsPage';
import { FinalReasonsPage } from '../../../src/renderer/features/settings/human/FinalReasonsPage';
import type { BusinessReason, FinalReason } from '../../../src/shared/domain/reason';
import { MSG } from '../../../src/shared/messages';
import { ISO, dialog, findConfirm, failReply, installSettings, okReply, renderPage, rowNames, rowOf } from './settings-fixtures';

afterEach(cleanup);

const business = (id: number, nombre: string, activo = true): BusinessReason => ({
  idCausal: id,
  codigoCausal: `C${id}`,
  nombre,
  descripcion: `Descripción ${nombre}`,
  activo,
  fechaCreacion: ISO,
  fechaActualizacion: ISO,
  logic_delete: false
});

function bodyOf(arg: { body?: unknown }): Record<string, unknown> {
  return arg.body as Record<string, unknown>;
}

describe('causales de negocio', () => {
  it('validates in Spanish before sending, keeps what was typed, then creates the reason at the top', async () => {
    const fake = installSettings({
      businessReasons: () => okReply([business(1, 'Consulta de saldo'), business(2, 'Reclamo')]),
      createBusinessReason: (arg) => okReply({ ...business(9, ''), ...bodyOf(arg), idCausal: 9 })
    });
    renderPage(<BusinessReasonsPage />);
    expect(await screen.findByRole('rowheader', { name: 'Consulta de saldo' })).toBeTruthy();
    expect(rowNames()).toEqual(['Consulta de saldo', 'Reclamo']);

    fireEvent.click(screen.getByRole('button', { name: 'Nueva causal' }));
    const form = dialog();
    fireEvent.change(form.getByLabelText(/^Código/), { target: { value: 'mal código' } });
    fireEvent.change(form.getByLabelText(/^Descripción/), { target: { value: 'Cliente pide cambio de plan' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('El código solo admite letras, números, guiones y _')).toBeTruthy();
    expect(form.getByText('El nombre es obligatorio')).toBeTruthy();
    expect(fake.sent('createBusinessReason')).toEqual([]);
    // What was typed is still there.
    expect((form.getByLabelText(/^Código/) as HTMLInputElement).value).toBe('mal código');
    expect((form.getByLabelText(/^Descripción/) as HTMLTextAreaElement).value).toBe('Cliente pide cambio de plan');

    fireEvent.change(form.getByLabelText(/^Código/), { target: { value: 'CAMBIO_PLAN' } });
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'Cambio de plan' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.causales.created)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.sent('createBusinessReason').map(bodyOf)).toEqual([
      { codigoCausal: 'CAMBIO_PLAN', nombre: 'Cambio de plan', descripcion: 'Cliente pide cambio de plan', activo: true }
    ]);
    expect(rowNames()).toEqual(['Cambio de plan', 'Consulta de saldo', 'Reclamo']);
  });

  it('keeps the dialog and what was typed when the platform refuses, with its reason and the error toast', async () => {
    installSettings({
      businessReasons: () => okReply([business(1, 'Consulta de saldo')]),
      createBusinessReason: () => failReply(409, 'Ya existe una causal con ese código')
    });
    renderPage(<BusinessReasonsPage />);
    await screen.findByRole('rowheader', { name: 'Consulta de saldo' });
    fireEvent.click(screen.getByRole('button', { name: 'Nueva causal' }));
    const form = dialog();
    // A code the list does not show (a reason another user created meanwhile): only the platform knows.
    fireEvent.change(form.getByLabelText(/^Código/), { target: { value: 'C7' } });
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'Duplicada' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.causales.createFailed)).toBeTruthy();
    expect(await form.findByText('Ya existe una causal con ese código')).toBeTruthy();
    expect((form.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Duplicada');
    expect(rowNames({ behindDialog: true })).toEqual(['Consulta de saldo']);
  });

  it('edits a reason in place and switches it off from the list', async () => {
    const fake = installSettings({
      businessReasons: () => okReply([business(1, 'Consulta de saldo'), business(2, 'Reclamo')]),
      updateBusinessReason: (arg) => okReply({ ...business(Number(bodyOf(arg).idCausal), ''), ...bodyOf(arg), codigoCausal: 'C', fechaActualizacion: '2026-02-01T15:30:00.000Z' })
    });
    renderPage(<BusinessReasonsPage />);
    await screen.findByRole('rowheader', { name: 'Reclamo' });
    fireEvent.click(within(rowOf('Reclamo')).getByRole('button', { name: 'Editar Reclamo' }));
    const form = dialog();
    expect(form.queryByLabelText(/^Código/)).toBeNull();
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'Reclamo formal' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.causales.updated)).toBeTruthy();
    expect(rowNames()).toEqual(['Consulta de saldo', 'Reclamo formal']);
    expect(fake.sent('updateBusinessReason').map(bodyOf)).toEqual([{ idCausal: 2, nombre: 'Reclamo formal', descripcion: 'Descripción Reclamo', activo: true }]);

    const toggle = within(rowOf('Consulta de saldo')).getByRole('switch', { name: 'Activar o desactivar Consulta de saldo' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect((within(rowOf('Consulta de saldo')).getByRole('switch') as HTMLInputElement).checked).toBe(false));
    expect(fake.sent('updateBusinessReason').map(bodyOf)[1]).toEqual({ idCausal: 1, nombre: 'Consulta de saldo', descripcion: 'Descripción Consulta de saldo', activo: false });
  });

  it('asks before deleting and removes the reason only when the platform answers true', async () => {
    let answer: boolean | 'fail' = false;
    const fake = installSettings({
      businessReasons: () => okReply([business(1, 'Consulta de saldo'), business(2, 'Reclamo')]),
      deleteBusinessReason: () => (answer === 'fail' ? failReply(404, 'La causal no existe') : okReply(answer))
    });
    renderPage(<BusinessReasonsPage />);
    await screen.findByRole('rowheader', { name: 'Reclamo' });

    fireEvent.click(within(rowOf('Reclamo')).getByRole('button', { name: 'Eliminar Reclamo' }));
    const confirm = await findConfirm();
    expect(confirm.getByRole('heading').textContent).toContain('¿Eliminar la causal Reclamo?');
    fireEvent.click(confirm.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(MSG.causales.deleteFailed)).toBeTruthy();
    expect(rowNames({ behindDialog: true })).toEqual(['Consulta de saldo', 'Reclamo']);

    // The dialog stays for another try. (Once a toast shows, tabster marks the surface aria-hidden
    // in jsdom only; the end-to-end suite checks it stays reachable in Chromium.)
    answer = 'fail';
    fireEvent.click(confirm.getByRole('button', { name: 'Eliminar', hidden: true }));
    expect(await confirm.findByText('La causal no existe')).toBeTruthy();

    answer = true;
    fireEvent.click(confirm.getByRole('button', { name: 'Eliminar', hidden: true }));
    expect(await screen.findByText(MSG.causales.deleted)).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Consulta de saldo']));
    expect(fake.sent('deleteBusinessReason').map((a) => a.query)).toEqual([{ idCausal: 2 }, { idCausal: 2 }, { idCausal: 2 }]);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const fake = installSettings({ businessReasons: () => okReply([business(1, 'Consulta de saldo')]), deleteBusinessReason: () => okReply(true) });
    renderPage(<BusinessReasonsPage />);
    await screen.findByRole('rowheader', { name: 'Consulta de saldo' });
    fireEvent.click(within(rowOf('Consulta de saldo')).getByRole('button', { name: 'Eliminar Consulta de saldo' }));
    fireEvent.click((await findConfirm()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.sent('deleteBusinessReason')).toEqual([]);
    expect(rowNames()).toEqual(['Consulta de saldo']);
  });

  it('shows the error state with its retry, then the empty state', async () => {
    let fail = true;
    installSettings({ businessReasons: () => (fail ? failReply(500, MSG.generic.serverError) : okReply([])) });
    renderPage(<BusinessReasonsPage />);
    expect(await screen.findByText(MSG.causales.loadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Vacío')).toBeTruthy();
  });
});

describe('causales de finalización', () => {
  it('creates with codigoCausalFinalizacion and puts the new reason on top', async () => {
    const final = (id: number, nombre: string): FinalReason => ({ ...business(id, nombre), codigoCausalFinalizacion: `F${id}` });
    const fake = installSettings({
      finalReasons: () => okReply([final(1, 'Resuelto')]),
      createFinalReason: (arg) => okReply({ ...final(5, ''), ...bodyOf(arg), idCausal: 5 })
    });
    renderPage(<FinalReasonsPage />);
    await screen.findByRole('rowheader', { name: 'Resuelto' });
    fireEvent.click(screen.getByRole('button', { name: 'Nueva causal' }));
    const form = dialog();
    fireEvent.change(form.getByLabelText(/^Código/), { target: { value: 'NO_RESUELTO' } });
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'No resuelto' } });
    fireEvent.click(form.getByRole('switch', { name: 'Activa' }));
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    await screen.findByText(MSG.causales.created);
    expect(fake.sent('createFinalReason').map(bodyOf)).toEqual([{ codigoCausalFinalizacion: 'NO_RESUELTO', nombre: 'No resuelto', descripcion: '', activo: false }]);
    expect(rowNames()).toEqual(['No resuelto', 'Resuelto']);
  });

  it('edits, switches off and deletes (after confirming) through the finalisation calls', async () => {
    const final = (id: number, nombre: string, activo = true): FinalReason => ({ ...business(id, nombre, activo), codigoCausalFinalizacion: `F${id}` });
    const fake = installSettings({
      finalReasons: () => okReply([final(1, 'Resuelto'), final(2, 'Abandono')]),
      updateFinalReason: (arg) => okReply({ ...final(Number(bodyOf(arg).idCausal), ''), ...bodyOf(arg) }),
      deleteFinalReason: () => okReply(true)
    });
    renderPage(<FinalReasonsPage />);
    await screen.findByRole('rowheader', { name: 'Abandono' });
    fireEvent.click(within(rowOf('Abandono')).getByRole('button', { name: 'Editar Abandono' }));
    const form = dialog();
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'Abandono del cliente' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.causales.updated)).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Resuelto', 'Abandono del cliente']));

    fireEvent.click(within(rowOf('Abandono del cliente')).getByRole('switch', { name: 'Activar o desactivar Abandono del cliente' }));
    await waitFor(() => expect((within(rowOf('Abandono del cliente')).getByRole('switch') as HTMLInputElement).checked).toBe(false));
    expect(fake.sent('updateFinalReason').map(bodyOf)).toEqual([
      { idCausal: 2, nombre: 'Abandono del cliente', descripcion: 'Descripción Abandono', activo: true },
      { idCausal: 2, nombre: 'Abandono del cliente', descripcion: 'Descripción Abandono', activo: false }
    ]);

    fireEvent.click(within(rowOf('Abandono del cliente')).getByRole('button', { name: 'Eliminar Abandono del cliente' }));
    const confirm = await findConfirm();
    expect(confirm.getByRole('heading').textContent).toContain('¿Eliminar la causal Abandono del cliente?');
    fireEvent.click(confirm.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(MSG.causales.deleted)).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Resuelto']));
    expect(fake.sent('deleteFinalReason').map((a) => a.query)).toEqual([{ idCausal: 2 }]);
    expect(fake.sent('updateBusinessReason')).toEqual([]);
  });
});
