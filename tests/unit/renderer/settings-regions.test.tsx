// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RegionsScreen, regionsScreen } from '../../../src/renderer/features/settings/virtual/regions.screen';
import type { Department, LocationList, Region } from '../../../src/shared/domain/location';
import { DUPLICATE_TEXT } from '../../../src/shared/domain/unique-name';
import { MSG } from '../../../src/shared/messages';
import type { SettingsCallArg } from '../../../src/shared/settings-calls';
import { describeListScreen, dialog, failReply, findConfirm, installSettings, okReply, renderPage, rowOf } from './settings-fixtures';

afterEach(cleanup);

const REGIONS: Region[] = [
  { id: 1, name: 'Andina' },
  { id: 2, name: 'Caribe' }
];
const DEPARTMENTS: Department[] = [
  { id: 5, idRegional: 1, name: 'Antioquia' },
  { id: 8, idRegional: 2, name: 'Atlántico' },
  { id: 50, idRegional: null, name: 'Meta' }
];
const tree = (regionals: Region[], departments: Department[] = DEPARTMENTS): LocationList => ({ regionals, departments, cities: [] });
const bodyOf = (a: SettingsCallArg | undefined) => (a as { body?: unknown } | undefined)?.body;
const queryOf = (a: SettingsCallArg | undefined) => (a as { query?: unknown } | undefined)?.query;

describeListScreen(regionsScreen, {
  role: 3,
  rows: REGIONS,
  answer: (regionals) => tree(regionals),
  create: {
    refused: { fill: { name: '   ' }, messages: ['El nombre de la regional es obligatorio'] },
    fill: { name: 'Pacífico' },
    sent: { name: 'Pacífico' },
    reply: (b) => ({ id: 3, name: (b as { name: string }).name })
  },
  platformRefusal: { fill: { name: 'Orinoquía' }, error: { status: 409, message: DUPLICATE_TEXT.region }, shows: DUPLICATE_TEXT.region },
  edit: { fill: { name: 'Andina Centro' }, sent: { id: 1, name: 'Andina Centro' }, reply: (b) => b as Region },
  remove: { row: 1, request: queryOf, expected: { id: 2 } }
});

describe('regionales', () => {
  it('refuses, before sending, a name another region has (case and accents folded)', async () => {
    const fake = installSettings({ locationList: () => okReply(tree(REGIONS)) });
    renderPage(<RegionsScreen />, 3);
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva regional' }));
    fireEvent.change(dialog().getByLabelText(/^Nombre de la regional/), { target: { value: ' CARIBE ' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await dialog().findByText(DUPLICATE_TEXT.region)).toBeTruthy();
    expect(fake.sent('createRegional')).toEqual([]);
  });

  it("shows the platform's refusal to delete a region that holds departments, and keeps the row", async () => {
    const reason = 'La regional tiene 2 departamentos asignados; muévalos a otra regional antes de eliminarla';
    installSettings({ locationList: () => okReply(tree(REGIONS)), deleteRegional: () => failReply(409, reason) });
    renderPage(<RegionsScreen />, 3);
    const departments = await screen.findByRole('table', { name: 'Departamentos' });
    await within(departments).findByRole('rowheader', { name: 'Meta' });
    fireEvent.click(within(rowOf('Andina')).getByRole('button', { name: /Eliminar Andina/ }));
    const confirm = await findConfirm();
    fireEvent.click(confirm.getByRole('button', { name: 'Eliminar', hidden: true }));
    expect(await screen.findByText(MSG.locations.regionalDeleteFailed)).toBeTruthy();
    expect(await confirm.findByText(reason)).toBeTruthy();
    expect(rowOf('Andina', { behindDialog: true })).toBeTruthy();
  });

  it('lists every department with its region and moves one at once with the keyboard-reachable select', async () => {
    const fake = installSettings({
      locationList: () => okReply(tree(REGIONS)),
      updateDepartment: (a) => {
        const q = queryOf(a) as { id: number; idRegional: number };
        return okReply({ id: q.id, idRegional: q.idRegional, name: 'Meta' });
      }
    });
    renderPage(<RegionsScreen />, 3);
    const meta = await screen.findByRole('combobox', { name: 'Regional de Meta' });
    expect((meta as HTMLSelectElement).value).toBe('');
    expect(within(meta).getByRole('option', { name: 'Sin regional' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Regional de Atlántico' }) as HTMLSelectElement).value).toBe('2');
    fireEvent.change(meta, { target: { value: '1' } });
    expect(await screen.findByText(MSG.locations.departmentUpdated)).toBeTruthy();
    expect(queryOf(fake.sent('updateDepartment')[0])).toEqual({ id: 50, idRegional: 1 });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Regional de Meta' }) as HTMLSelectElement).value).toBe('1'));
    // Once in a region, a department can move but not go back to none.
    expect(within(screen.getByRole('combobox', { name: 'Regional de Meta' })).queryByRole('option', { name: 'Sin regional' })).toBeNull();
  });

  it('puts a refused move back and says why', async () => {
    installSettings({ locationList: () => okReply(tree(REGIONS)), updateDepartment: () => failReply(404, 'La regional no existe') });
    renderPage(<RegionsScreen />, 3);
    const atlantico = await screen.findByRole('combobox', { name: 'Regional de Atlántico' });
    fireEvent.change(atlantico, { target: { value: '1' } });
    expect(await screen.findByText(MSG.locations.departmentUpdateFailed)).toBeTruthy();
    expect(await screen.findByText('La regional no existe')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Regional de Atlántico' }) as HTMLSelectElement).value).toBe('2'));
  });

  it('offers a region created on the page to the departments at once', async () => {
    installSettings({ locationList: () => okReply(tree(REGIONS)), createRegional: (a) => okReply({ id: 7, name: (bodyOf(a) as { name: string }).name }) });
    renderPage(<RegionsScreen />, 3);
    await screen.findByRole('combobox', { name: 'Regional de Meta' });
    fireEvent.click(screen.getByRole('button', { name: 'Nueva regional' }));
    fireEvent.change(dialog().getByLabelText(/^Nombre de la regional/), { target: { value: 'Orinoquía' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.locations.regionalCreated)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Regional de Meta', hidden: true })).getByRole('option', { name: 'Orinoquía', hidden: true })).toBeTruthy());
  });
});
