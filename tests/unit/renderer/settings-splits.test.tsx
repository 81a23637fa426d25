// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SplitsPage } from '../../../src/renderer/features/settings/human/SplitsPage';
import type { Split, SplitSchedule } from '../../../src/shared/domain/split';
import { MSG } from '../../../src/shared/messages';
import { ISO, dialog, findConfirm, failReply, installSettings, okReply, renderPage, rowNames, rowOf } from './settings-fixtures';

afterEach(cleanup);

const split = (id: number, nombre: string, extra: Partial<Split> = {}): Split => ({
  idSplit: id,
  codigoSplit: `S${id}`,
  nombre,
  descripcion: '',
  activo: true,
  fechaActualizacion: ISO,
  timeInactivityAgent: 5,
  timeInactivityClient: 10,
  timeMaxInitConversation: 15,
  horariosAtencion: [],
  derivaciones: [],
  ...extra
});

const monday = (id: number, start: string, end: string): SplitSchedule => ({ id_hours_by_splits: id, id_split: 1, dia: 1, horaInicio: start, horaFin: end });
const body = (arg: { body?: unknown }) => arg.body as Record<string, unknown>;

describe('splits', () => {
  it('prepends a created split with empty schedules and derivations, after refusing a bad timer with what was typed kept', async () => {
    const fake = installSettings({
      splits: () => okReply([split(1, 'Atención general'), split(2, 'Ventas')]),
      createSplit: (arg) => okReply(split(7, String(body(arg).nombre), { codigoSplit: String(body(arg).codigoSplit) }))
    });
    renderPage(<SplitsPage />);
    await screen.findByRole('rowheader', { name: 'Ventas' });
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo split' }));
    const form = dialog();
    fireEvent.change(form.getByLabelText(/^Código/), { target: { value: 'COB' } });
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'Cobranza' } });
    fireEvent.change(form.getByLabelText(/^Inactividad del asesor/), { target: { value: '2,5' } });
    fireEvent.change(form.getByLabelText(/^Inactividad del cliente/), { target: { value: '10' } });
    fireEvent.change(form.getByLabelText(/^Tiempo máximo/), { target: { value: '15' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('El tiempo de inactividad del asesor debe ser un número')).toBeTruthy();
    expect((form.getByLabelText(/^Inactividad del asesor/) as HTMLInputElement).value).toBe('2,5');
    expect(fake.sent('createSplit')).toEqual([]);

    fireEvent.change(form.getByLabelText(/^Inactividad del asesor/), { target: { value: '3' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.splits.created)).toBeTruthy();
    expect(rowNames()).toEqual(['Cobranza', 'Atención general', 'Ventas']);
    expect(body(fake.sent('createSplit')[0]!)).toEqual({
      codigoSplit: 'COB',
      nombre: 'Cobranza',
      descripcion: '',
      activo: true,
      timeInactivityAgent: 3,
      timeInactivityClient: 10,
      timeMaxInitConversation: 15
    });
  });

  it('edits a split in place without its code, refusing a client inactivity below 1 with what was typed kept', async () => {
    const fake = installSettings({
      splits: () => okReply([split(1, 'Atención general'), split(2, 'Ventas')]),
      updateSplit: (arg) => okReply(split(Number(body(arg).idSplit), String(body(arg).nombre), { timeInactivityClient: Number(body(arg).timeInactivityClient) }))
    });
    renderPage(<SplitsPage />);
    await screen.findByRole('rowheader', { name: 'Ventas' });
    fireEvent.click(within(rowOf('Ventas')).getByRole('button', { name: 'Editar Ventas' }));
    const form = dialog();
    // The code is fixed once created; the timers come filled in.
    expect(form.queryByLabelText(/^Código/)).toBeNull();
    expect((form.getByLabelText(/^Inactividad del cliente/) as HTMLInputElement).value).toBe('10');
    fireEvent.change(form.getByLabelText(/^Nombre/), { target: { value: 'Ventas y cartera' } });
    fireEvent.change(form.getByLabelText(/^Inactividad del cliente/), { target: { value: '0' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('El tiempo de inactividad del cliente debe ser al menos 1')).toBeTruthy();
    expect((form.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Ventas y cartera');
    expect(fake.sent('updateSplit')).toEqual([]);

    fireEvent.change(form.getByLabelText(/^Inactividad del cliente/), { target: { value: '12' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar', hidden: true }));
    expect(await screen.findByText(MSG.splits.updated)).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Atención general', 'Ventas y cartera']));
    expect(within(rowOf('Ventas y cartera')).getByText('Inactividad del cliente: 12 min')).toBeTruthy();
    expect(fake.sent('updateSplit').map(body)).toEqual([
      { idSplit: 2, nombre: 'Ventas y cartera', descripcion: '', activo: true, timeInactivityAgent: 5, timeInactivityClient: 12, timeMaxInitConversation: 15 }
    ]);
  });

  it('refuses an overlapping period before sending (the platform’s rule, shared) and adds one that only touches', async () => {
    const fake = installSettings({
      splits: () => okReply([split(1, 'Atención general', { horariosAtencion: [monday(11, '08:00', '12:00')] })]),
      createSplitSchedule: (arg) => okReply({ id_hours_by_splits: 12, ...body(arg) })
    });
    renderPage(<SplitsPage />);
    await screen.findByRole('rowheader', { name: 'Atención general' });
    fireEvent.click(screen.getByRole('button', { name: 'Horarios y derivaciones de Atención general' }));
    const schedules = within(screen.getByRole('region', { name: 'Horarios de atención' }));
    const add = within(schedules.getByRole('form', { name: 'Agregar horario' }));
    fireEvent.change(add.getByLabelText(/^Día/), { target: { value: '1' } });
    fireEvent.change(add.getByLabelText(/^Hora de inicio/), { target: { value: '11:00' } });
    fireEvent.change(add.getByLabelText(/^Hora de fin/), { target: { value: '13:00' } });
    fireEvent.click(add.getByRole('button', { name: 'Agregar horario' }));
    expect(await schedules.findByText('El horario se cruza con otro del mismo día (Lunes 08:00–12:00)')).toBeTruthy();
    expect((add.getByLabelText(/^Hora de inicio/) as HTMLInputElement).value).toBe('11:00');

    fireEvent.change(add.getByLabelText(/^Hora de fin/), { target: { value: '10:00' } });
    fireEvent.click(add.getByRole('button', { name: 'Agregar horario' }));
    expect(await schedules.findByText('La hora final debe ser posterior a la hora inicial')).toBeTruthy();
    expect(fake.sent('createSplitSchedule')).toEqual([]);

    fireEvent.change(add.getByLabelText(/^Hora de inicio/), { target: { value: '12:00' } });
    fireEvent.change(add.getByLabelText(/^Hora de fin/), { target: { value: '14:00' } });
    fireEvent.click(add.getByRole('button', { name: 'Agregar horario' }));
    expect(await screen.findByText(MSG.schedules.created)).toBeTruthy();
    expect(fake.sent('createSplitSchedule').map(body)).toEqual([{ id_split: 1, dia: 1, horaInicio: '12:00', horaFin: '14:00' }]);
    await waitFor(() => expect(within(rowOf('Atención general')).getAllByRole('cell')[3]!.textContent).toBe('2'));
  });

  it('adds, replaces and removes derivations with their SPEC §8 messages', async () => {
    const fake = installSettings({
      splits: () => okReply([split(1, 'Atención general'), split(2, 'Ventas'), split(3, 'Soporte técnico')]),
      createSplitDerive: (arg) => okReply({ id_splits_derive: 40, ...body(arg) }),
      updateSplitDerive: () =>
        okReply([
          { id_splits_derive: 40, split_origin: 1, split_derive: 2 },
          { id_splits_derive: 41, split_origin: 1, split_derive: 3 }
        ]),
      deleteSplitDerive: () => okReply(true)
    });
    renderPage(<SplitsPage />);
    await screen.findByRole('rowheader', { name: 'Ventas' });
    fireEvent.click(screen.getByRole('button', { name: 'Horarios y derivaciones de Atención general' }));
    const region = within(screen.getByRole('region', { name: 'Derivaciones' }));
    fireEvent.click(region.getByRole('button', { name: 'Agregar a derivados' }));
    expect(await region.findByText('Seleccione el split de destino')).toBeTruthy();
    fireEvent.change(region.getByLabelText(/^Split de destino/), { target: { value: '2' } });
    fireEvent.click(region.getByRole('button', { name: 'Agregar a derivados' }));
    expect(await screen.findByText(MSG.transfers.added)).toBeTruthy();
    expect(region.getByRole('list').textContent).toContain('Ventas');

    fireEvent.click(region.getByRole('button', { name: 'Editar derivaciones' }));
    // A dialog opened while a toast shows is marked aria-hidden by tabster in jsdom only (Chromium: see the e2e suite).
    const edit = dialog();
    fireEvent.click(edit.getByRole('checkbox', { name: 'Soporte técnico', hidden: true }));
    fireEvent.click(edit.getByRole('button', { name: 'Guardar', hidden: true }));
    expect(await screen.findByText(MSG.transfers.updated)).toBeTruthy();
    expect(fake.sent('updateSplitDerive').map(body)).toEqual([{ split_origin: 1, splits_derive: [2, 3] }]);
    await waitFor(() => expect(within(rowOf('Atención general')).getAllByRole('cell')[4]!.textContent).toBe('2'));

    fireEvent.click(region.getByRole('button', { name: 'Quitar Ventas de los derivados' }));
    fireEvent.click((await findConfirm()).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(MSG.transfers.deleted)).toBeTruthy();
    expect(fake.sent('deleteSplitDerive').map((a) => a.query)).toEqual([{ codigoRegistro: 40 }]);
    await waitFor(() => expect(region.getByRole('list').textContent).toBe('Soporte técnico'));
  });

  it('updates the chosen splits at once and says so', async () => {
    let fail = true;
    const fake = installSettings({
      splits: () => okReply([split(1, 'Atención general'), split(2, 'Ventas'), split(3, 'Soporte técnico')]),
      updateSplits: (arg) =>
        fail ? failReply(404, 'El split no existe') : okReply((body(arg).splits as Record<string, unknown>[]).map((s) => split(Number(s.idSplit), String(s.nombre), { activo: Boolean(s.activo) })))
    });
    renderPage(<SplitsPage />);
    await screen.findByRole('rowheader', { name: 'Ventas' });
    expect((screen.getByRole('button', { name: 'Actualizar seleccionados' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Ventas' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Soporte técnico' }));
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar seleccionados' }));
    const form = dialog();
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('Indique al menos un cambio para los splits seleccionados.')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^Estado/), { target: { value: 'off' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.splits.bulkUpdateFailed)).toBeTruthy();
    expect(within(rowOf('Ventas', { behindDialog: true })).getAllByRole('cell', { hidden: true })[2]!.textContent).toBe('Sí');

    fail = false;
    fireEvent.click(form.getByRole('button', { name: 'Guardar', hidden: true }));
    expect(await screen.findByText(MSG.splits.bulkUpdated)).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Ventas')).getAllByRole('cell')[2]!.textContent).toBe('No'));
    expect(within(rowOf('Soporte técnico')).getAllByRole('cell')[2]!.textContent).toBe('No');
    expect(within(rowOf('Atención general')).getAllByRole('cell')[2]!.textContent).toBe('Sí');
    expect(fake.sent('updateSplits').map((a) => (body(a).splits as { idSplit: number; activo: boolean }[]).map((s) => [s.idSplit, s.activo]))[1]).toEqual([
      [2, false],
      [3, false]
    ]);
  });

  it('gives the chosen splits a timer at once and keeps each one’s own where the field is left blank', async () => {
    const fake = installSettings({
      splits: () => okReply([split(1, 'Atención general'), split(2, 'Ventas', { timeInactivityClient: 20 })]),
      updateSplits: (arg) =>
        okReply(
          (body(arg).splits as Record<string, unknown>[]).map((s) =>
            split(Number(s.idSplit), String(s.nombre), {
              timeInactivityAgent: Number(s.timeInactivityAgent),
              timeInactivityClient: Number(s.timeInactivityClient),
              timeMaxInitConversation: Number(s.timeMaxInitConversation)
            })
          )
        )
    });
    renderPage(<SplitsPage />);
    await screen.findByRole('rowheader', { name: 'Ventas' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Atención general' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Ventas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar seleccionados' }));
    const form = dialog();
    fireEvent.change(form.getByLabelText(/^Inactividad del asesor/), { target: { value: '0' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByText('El tiempo de inactividad del asesor debe ser al menos 1')).toBeTruthy();
    expect(fake.sent('updateSplits')).toEqual([]);

    fireEvent.change(form.getByLabelText(/^Inactividad del asesor/), { target: { value: '7' } });
    fireEvent.click(form.getByRole('button', { name: 'Guardar', hidden: true }));
    expect(await screen.findByText(MSG.splits.bulkUpdated)).toBeTruthy();
    expect(fake.sent('updateSplits').map((a) => (body(a).splits as Record<string, unknown>[]).map((s) => [s.idSplit, s.activo, s.timeInactivityAgent, s.timeInactivityClient, s.timeMaxInitConversation]))).toEqual([
      [
        [1, true, 7, 10, 15],
        [2, true, 7, 20, 15]
      ]
    ]);
    await waitFor(() => expect(within(rowOf('Ventas')).getByText('Inactividad del asesor: 7 min')).toBeTruthy());
    expect(within(rowOf('Ventas')).getByText('Inactividad del cliente: 20 min')).toBeTruthy();
    expect(within(rowOf('Ventas')).getByText('Tiempo máximo de inicio: 15 min')).toBeTruthy();
  });

  it('deletes a split only when the platform answers true, and drops the derivations towards it', async () => {
    let answer: unknown = false;
    installSettings({
      splits: () => okReply([split(1, 'Atención general', { derivaciones: [{ id_splits_derive: 5, split_origin: 1, split_derive: 2 }] }), split(2, 'Ventas')]),
      deleteSplit: () => okReply(answer)
    });
    renderPage(<SplitsPage />);
    await screen.findByRole('rowheader', { name: 'Ventas' });
    fireEvent.click(within(rowOf('Ventas')).getByRole('button', { name: 'Eliminar Ventas' }));
    const confirm = await findConfirm();
    fireEvent.click(confirm.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(MSG.splits.deleteFailed)).toBeTruthy();
    expect(rowNames({ behindDialog: true })).toEqual(['Atención general', 'Ventas']);
    answer = true;
    fireEvent.click(confirm.getByRole('button', { name: 'Eliminar', hidden: true }));
    expect(await screen.findByText(MSG.splits.deleted)).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Atención general']));
    expect(within(rowOf('Atención general')).getAllByRole('cell')[4]!.textContent).toBe('0');
  });
});
