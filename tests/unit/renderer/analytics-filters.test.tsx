// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { FilterBar, type FilterField, type FilterValue } from '../../../src/renderer/components/FilterBar';
import { cascadeLocations, citiesWithin, defaultFilterValue, departmentsWithin, filterQuery } from '../../../src/renderer/features/analytics/filter';
import { ANALYTICS_PAGES } from '../../../src/shared/analytics-pages';
import type { AnalyticsQueryArg } from '../../../src/shared/analytics-calls';
import { today } from '../../../src/shared/format';
import type { IpcResult } from '../../../src/shared/ipc';
import { REPORT_PAGES } from '../../../src/shared/report-pages';
import { drawn, renderAnalyticsAt, renderWithProviders } from './analytics-fixtures';
import { installFakeAtiende, ok } from './fake-atiende';

vi.mock('react-chartjs-2', () => import('./chart-mock'));

/** Two regionals; Antioquia (1) and Caldas (2) in Andina, Atlántico (3) in Caribe, Chocó (4) in none yet. */
const TREE = {
  regionals: [
    { id: 10, name: 'Andina' },
    { id: 20, name: 'Caribe' }
  ],
  departments: [
    { id: 1, idRegional: 10, name: 'Antioquia' },
    { id: 2, idRegional: 10, name: 'Caldas' },
    { id: 3, idRegional: 20, name: 'Atlántico' },
    { id: 4, idRegional: null, name: 'Chocó' }
  ],
  cities: [
    { id: 100, idDepartment: 1, name: 'Medellín' },
    { id: 200, idDepartment: 2, name: 'Manizales' },
    { id: 300, idDepartment: 3, name: 'Barranquilla' },
    { id: 400, idDepartment: 4, name: 'Quibdó' }
  ]
};
const EVENTS = [
  { id: 1, nombre: 'Fuera de horario', descripcion: '' },
  { id: 2, nombre: 'Sin asesores disponibles', descripcion: '' }
];

let fake: ReturnType<typeof installFakeAtiende>;
let answer: (arg: AnalyticsQueryArg) => IpcResult<unknown> | Promise<IpcResult<unknown>>;

beforeEach(() => {
  fake = installFakeAtiende();
  drawn.clear();
  answer = () => new Promise(() => {});
  fake.api.analytics.query.mockImplementation(async (arg: unknown) => answer(arg as AnalyticsQueryArg));
});
afterEach(cleanup);

const calls = () => fake.api.analytics.query.mock.calls.map(([arg]) => arg as AnalyticsQueryArg);
const lastCallOf = (call: string) => calls().filter((c) => c.call === call).at(-1);


/** Opens a multiselect by its label and clicks the options named. */
async function choose(label: string, ...names: string[]) {
  const button = screen.getByRole('combobox', { name: label });
  fireEvent.click(button);
  for (const name of names) fireEvent.click(await screen.findByRole('menuitemcheckbox', { name }));
  fireEvent.keyDown(button, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menuitemcheckbox')).toBeNull());
}
async function optionNames(label: string): Promise<string[]> {
  const button = screen.getByRole('combobox', { name: label });
  fireEvent.click(button);
  await screen.findByRole('menuitemcheckbox', { name: /^Tod/ });
  const names = screen.getAllByRole('menuitemcheckbox').map((o) => o.textContent ?? '');
  fireEvent.keyDown(button, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menuitemcheckbox')).toBeNull());
  return names.slice(1);
}

describe('the location cascade', () => {
  it('narrows departments by regionals and cities by departments, else by regionals', () => {
    expect(departmentsWithin(TREE.departments, []).map((d) => d.id)).toEqual([1, 2, 3, 4]);
    expect(departmentsWithin(TREE.departments, [10]).map((d) => d.id)).toEqual([1, 2]);
    expect(citiesWithin(TREE, TREE.cities, [20], []).map((c) => c.id)).toEqual([300]);
    expect(citiesWithin(TREE, TREE.cities, [10], [2]).map((c) => c.id)).toEqual([200]);
    expect(citiesWithin(TREE, TREE.cities, [], []).map((c) => c.id)).toEqual([100, 200, 300, 400]);
  });

  it('drops the departments and cities a new choice above them excludes, and keeps the rest', () => {
    const chosen: FilterValue = { ...defaultFilterValue('2026-03-10'), regionals: [10], departments: [1, 2], cities: [100, 200] };
    expect(cascadeLocations({ ...chosen, regionals: [20] }, TREE)).toMatchObject({ regionals: [20], departments: [], cities: [] });
    expect(cascadeLocations({ ...chosen, departments: [2] }, TREE)).toMatchObject({ departments: [2], cities: [200] });
    const same = { ...chosen, regionals: [10, 20] };
    expect(cascadeLocations(same, TREE)).toBe(same);
  });

  it('sends the new fields only when chosen, trimmed', () => {
    const blank = defaultFilterValue('2026-03-10');
    const fields = ['events', 'regionals', 'departments', 'cities', 'idConv', 'idType'] as const;
    expect(filterQuery(blank, fields)).toEqual({ start: '2026-03-10', end: '2026-03-10' });
    expect(filterQuery({ ...blank, events: [2], cities: [100], idConv: ' conv-1 ', idType: 'CÉDULA CIUDADANIA' }, fields)).toEqual({
      start: '2026-03-10',
      end: '2026-03-10',
      events: [2],
      cities: [100],
      idConv: 'conv-1',
      idType: 'CÉDULA CIUDADANIA'
    });
  });
});

describe('FilterBar text and document fields', () => {
  function Harness({ fields, onChange }: { fields: FilterField[]; onChange(v: FilterValue): void }) {
    const [value, setValue] = useState(defaultFilterValue('2026-03-10'));
    return (
      <FilterBar
        fields={fields}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }

  it('applies a conversation id on Enter, and refuses one the server would refuse with a Spanish message', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness fields={[{ kind: 'idConv' }]} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: /Conversación/ });
    fireEvent.change(input, { target: { value: 'conv 1;' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('El identificador de la conversación no es válido')).toBeTruthy();
    fireEvent.change(input, { target: { value: ' conv-1 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ idConv: 'conv-1' }));
  });

  it('offers the document types and emits the one chosen, or none', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness fields={[{ kind: 'idType', options: ['CÉDULA CIUDADANIA', 'PASAPORTE'], status: 'resolved', errorText: 'x' }]} onChange={onChange} />);
    const select = screen.getByLabelText('Tipo de documento') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Todos', 'CÉDULA CIUDADANIA', 'PASAPORTE']);
    fireEvent.change(select, { target: { value: 'PASAPORTE' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ idType: 'PASAPORTE' }));
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ idType: null }));
  });
});

describe('the pages offer the filters their calls take', { timeout: 30_000 }, () => {
  it('chats por asesor: cascading regionals, departments and cities from the location list, sent with the statistics call', async () => {
    answer = (arg) => {
      if (arg.call === 'locationList') return ok(TREE);
      return ok({ labels: ['Ana'], datasets: [{ label: 'Chats', data: [4] }] });
    };
    renderAnalyticsAt(fake, ANALYTICS_PAGES.chatsPerAgent.path, 6);
    await screen.findByRole('table', { name: 'Chats atendidos por asesor' });
    expect(lastCallOf('locationList')).toEqual({ call: 'locationList', query: { requireCities: true } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Regionales' }).getAttribute('aria-disabled')).not.toBe('true'));
    expect(await optionNames('Departamentos')).toEqual(['Antioquia', 'Caldas', 'Atlántico', 'Chocó']);

    await choose('Regionales', 'Andina');
    await waitFor(() => expect(lastCallOf('agentChatsBars')?.query).toEqual({ start: today(), end: today(), regionals: [10] }));
    expect(await optionNames('Departamentos')).toEqual(['Antioquia', 'Caldas']);
    expect(await optionNames('Ciudades')).toEqual(['Medellín', 'Manizales']);
    await choose('Ciudades', 'Medellín');
    await waitFor(() => expect(lastCallOf('agentChatsBars')?.query).toEqual({ start: today(), end: today(), regionals: [10], cities: [100] }));

    // Another regional: Medellín is no longer under it, so it is no longer sent.
    await choose('Regionales', 'Andina', 'Caribe');
    await waitFor(() => expect(lastCallOf('agentChatsBars')?.query).toEqual({ start: today(), end: today(), regionals: [20] }));
    expect(await optionNames('Ciudades')).toEqual(['Barranquilla']);
    // Role 6 does not see the document types (a call it may not make) nor events here.
    expect(screen.queryByLabelText('Tipo de documento')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Eventos de no atención' })).toBeNull();
  });

  it('chats escalados: the not-attended events and a conversation id', async () => {
    answer = (arg) => {
      if (arg.call === 'notAttendedEvents') return ok(EVENTS);
      if (arg.call === 'locationList') return ok(TREE);
      if (arg.call === 'escalatedChats') return ok({ chats: [], currentPage: 1, currentResults: 0, totalPages: 0, totalResult: 0 });
      return new Promise(() => {});
    };
    renderAnalyticsAt(fake, ANALYTICS_PAGES.escalatedChats.path, 3);
    await screen.findByRole('combobox', { name: 'Eventos de no atención' });
    await waitFor(() => expect(lastCallOf('notAttendedEvents')).toEqual({ call: 'notAttendedEvents', query: {} }));
    await choose('Eventos de no atención', 'Sin asesores disponibles');
    await waitFor(() => expect(lastCallOf('scaledChatsBars')?.query).toMatchObject({ events: [2] }));
    const conv = screen.getByRole('textbox', { name: /Conversación/ });
    fireEvent.change(conv, { target: { value: 'abc-123' } });
    fireEvent.keyDown(conv, { key: 'Enter' });
    await waitFor(() => expect(lastCallOf('scaledChatsBars')?.query).toEqual({ start: today(), end: today(), events: [2], idConv: 'abc-123' }));
  });

  it('historial: the document types from typeDocuments, sent as idType', async () => {
    answer = (arg) => {
      if (arg.call === 'typeDocuments') return ok([{ nameTypeDocument: 'CÉDULA CIUDADANIA' }, { nameTypeDocument: 'NIT' }]);
      return new Promise(() => {});
    };
    renderAnalyticsAt(fake, REPORT_PAGES.history.path, 3);
    const select = (await screen.findByLabelText('Tipo de documento')) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.textContent)).toEqual(['Todos', 'CÉDULA CIUDADANIA', 'NIT']));
    expect(lastCallOf('typeDocuments')).toEqual({ call: 'typeDocuments', query: { start: today(), end: today() } });
    fireEvent.change(select, { target: { value: 'NIT' } });
    await waitFor(() => expect(lastCallOf('conversationsReport')?.query).toMatchObject({ idType: 'NIT' }));
    for (const label of ['Regionales', 'Departamentos', 'Ciudades', 'Intenciones', 'Eventos de no atención']) {
      expect(screen.getByRole('combobox', { name: label })).toBeTruthy();
    }
  });

  it('show no filter a page cannot use: no locations where the calls are not about conversations', async () => {
    renderAnalyticsAt(fake, ANALYTICS_PAGES.integrations.path, 3);
    await screen.findByRole('textbox', { name: /Conversación/ });
    expect(screen.queryByRole('combobox', { name: 'Regionales' })).toBeNull();
    cleanup();
    renderAnalyticsAt(fake, ANALYTICS_PAGES.agentStates.path, 3);
    await screen.findByRole('heading', { level: 1, name: 'Estado de asesores' });
    expect(screen.queryByRole('combobox', { name: 'Regionales' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Conversación/ })).toBeNull();
    expect(calls().some((c) => c.call === 'locationList' || c.call === 'typeDocuments' || c.call === 'notAttendedEvents')).toBe(false);
  });
});
