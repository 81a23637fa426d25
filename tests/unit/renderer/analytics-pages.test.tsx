// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { pageExists } from '../../../src/renderer/app/pages';
import { ANALYTICS_PAGES, ANALYTICS_PATHS } from '../../../src/shared/analytics-pages';
import type { AnalyticsQueryArg } from '../../../src/shared/analytics-calls';
import type { IpcResult } from '../../../src/shared/ipc';
import { isPathAllowed, leafPaths, menuFor } from '../../../src/shared/menus';
import { today } from '../../../src/shared/format';
import { REPORT_PAGES } from '../../../src/shared/report-pages';
import { chosenRangeAtom } from '../../../src/renderer/features/analytics/filter';
import { clearSessionAtom } from '../../../src/renderer/features/session/actions';
import type { RoleId } from '../../../src/shared/roles';
import { deferred, drawn, renderAnalyticsAt } from './analytics-fixtures';
import { installFakeAtiende, ok } from './fake-atiende';

vi.mock('react-chartjs-2', () => import('./chart-mock'));

let fake: ReturnType<typeof installFakeAtiende>;
let answer: (arg: AnalyticsQueryArg) => Promise<IpcResult<unknown>> | IpcResult<unknown>;

beforeEach(() => {
  fake = installFakeAtiende();
  drawn.clear();
  answer = () => new Promise(() => {});
  fake.api.analytics.query.mockImplementation(async (arg: unknown) => answer(arg as AnalyticsQueryArg));
});
afterEach(cleanup);


/** Types a date into a picker as a person does: the text, then leaving the field. */
function typeDate(label: RegExp, text: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}
const dateValue = (label: RegExp) => (screen.getByRole('combobox', { name: label }) as HTMLInputElement).value;

const calls = () => fake.api.analytics.query.mock.calls.map(([arg]) => arg as AnalyticsQueryArg);
const tileValue = (label: string) => within(screen.getByRole('group', { name: label })).getByText((_, el) => el?.hasAttribute('data-indicator') ?? false).textContent;

describe('the analytics pages', () => {
  it('exist exactly for the roles whose menus hold them', () => {
    expect(ANALYTICS_PATHS).toHaveLength(14);
    for (const role of [1, 2, 3, 4, 5, 6] as RoleId[]) {
      const menu = leafPaths(menuFor(role));
      for (const path of ANALYTICS_PATHS) {
        expect(pageExists(path, role) && isPathAllowed(role, path), `${role} ${path}`).toBe(menu.includes(path));
      }
    }
  });

  it("open for a role that has them and are a 404 for one that has not", async () => {
    renderAnalyticsAt(fake, ANALYTICS_PAGES.attentionIndicators.path, 4);
    expect(await screen.findByRole('heading', { level: 1, name: 'Indicadores de atención' })).toBeTruthy();
    cleanup();
    renderAnalyticsAt(fake, ANALYTICS_PAGES.attentionIndicators.path, 6);
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    cleanup();
    renderAnalyticsAt(fake, ANALYTICS_PAGES.notifications.path, 5);
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  }, 30_000);

  it("land role 6 on the human-agent chats page, with only the human-agent statistics in its menu", async () => {
    const router = renderAnalyticsAt(fake, '/', 6);
    expect(await screen.findByRole('heading', { level: 1, name: 'Chats de asesor humano' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(ANALYTICS_PAGES.humanChats.path);
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    for (const id of ['humanChats', 'chatsPerAgent', 'chatStates', 'agentStates', 'averageTime', 'typings', 'escalatedChats'] as const) {
      // The reports of the same names ('Chats', 'Tipificaciones') are links too: the statistics' one by its address.
      const links = within(nav).getAllByRole('link', { name: menuLabel(ANALYTICS_PAGES[id].path) });
      expect(links.map((a) => a.getAttribute('href'))).toContain(ANALYTICS_PAGES[id].path);
    }
    expect(within(nav).queryByRole('link', { name: 'Atención' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Conversaciones por canal' })).toBeNull();
  }, 30_000);

  it("show each indicator as it arrives: '--' while pending or failed, the value with ' %' on percentages", async () => {
    const held = deferred<IpcResult<unknown>>();
    answer = (arg) => {
      switch (arg.call) {
        case 'tmo':
          return { ok: true, data: { indicator: 'TMO', value: 150 } };
        case 'fcr':
          return { ok: true, data: { indicator: 'FCR', value: 62.456 } };
        case 'tmAsignacion':
          return held.promise;
        case 'missingBotResponse':
          return { ok: false, error: { status: 500, message: 'Se ha presentado un error en el servidor. Inténtelo mas tarde' } };
        case 'abandonmentLevel':
          return { ok: true, data: { indicator: 'NivelAbandono', value: null } };
        case 'attendedChatsShare':
          return { ok: true, data: { indicator: 'AttendedChats', value: 40, total: 50, percentage: 80 } };
        default:
          return new Promise(() => {});
      }
    };
    renderAnalyticsAt(fake, ANALYTICS_PAGES.attentionIndicators.path, 3);
    await screen.findByRole('heading', { level: 1, name: 'Indicadores de atención' });
    await waitFor(() => expect(tileValue('TMO')).toBe('2.30 min'));
    expect(tileValue('FCR')).toBe('62,46 %');
    expect(tileValue('Chats atendidos')).toBe('40');
    expect(screen.getByText('de 50 chats escalados (80 %)')).toBeTruthy();
    expect(tileValue('TM Asignación')).toBe('--');
    expect(tileValue('Nivel de respuesta del BOT')).toBe('--');
    expect(screen.getByText('Error al obtener el nivel de no respuesta del BOT')).toBeTruthy();
    expect(tileValue('Nivel de abandono')).toBe('--');
    await act(async () => held.resolve({ ok: true, data: { indicator: 'TMAsignacion', value: 42 } }));
    expect(tileValue('TM Asignación')).toBe('42 s');

    const day = today();
    expect(calls().find((c) => c.call === 'tmo')).toEqual({ call: 'tmo', query: { start: day, end: day } });
  });

  it('ask again for the new range when the dates change', async () => {
    answer = () => ({ ok: true, data: { labels: ['Ana'], datasets: [{ label: 'Chats', data: [4] }] } });
    renderAnalyticsAt(fake, ANALYTICS_PAGES.chatsPerAgent.path, 6);
    await screen.findByRole('table', { name: 'Chats atendidos por asesor' });
    typeDate(/Fecha inicial/, '01/01/2026');
    await waitFor(() => expect(calls().at(-1)).toEqual({ call: 'agentChatsBars', query: { start: '2026-01-01', end: today() } }));
  });

  it('keep the range chosen while moving between pages, until the session ends', async () => {
    answer = () => ({ ok: true, data: { labels: ['Ana'], datasets: [{ label: 'Chats', data: [4] }] } });
    const store = createStore();
    const router = renderAnalyticsAt(fake, ANALYTICS_PAGES.chatsPerAgent.path, 6, store);
    await screen.findByRole('table', { name: 'Chats atendidos por asesor' });
    typeDate(/Fecha inicial/, '01/01/2026');
    typeDate(/Fecha final/, '31/01/2026');
    await act(() => router.navigate(ANALYTICS_PAGES.averageTime.path));
    await screen.findByRole('heading', { level: 1, name: ANALYTICS_PAGES.averageTime.title });
    expect(dateValue(/Fecha inicial/)).toBe('01/01/2026');
    expect(dateValue(/Fecha final/)).toBe('31/01/2026');
    await waitFor(() => expect(calls().at(-1)?.query).toMatchObject({ start: '2026-01-01', end: '2026-01-31' }));
    // A report page too.
    await act(() => router.navigate(REPORT_PAGES.humanChats.path));
    await screen.findByRole('heading', { level: 1, name: REPORT_PAGES.humanChats.title });
    expect(dateValue(/Fecha inicial/)).toBe('01/01/2026');

    act(() => store.set(clearSessionAtom));
    expect(store.get(chosenRangeAtom)).toBeNull();
  }, 30_000);

  it('clear the figures while the dates are not a valid range, with the Spanish message, and show them again once they are', async () => {
    answer = () => ({ ok: true, data: { labels: ['Ana'], datasets: [{ label: 'Chats', data: [4] }] } });
    renderAnalyticsAt(fake, ANALYTICS_PAGES.chatsPerAgent.path, 6);
    await screen.findByRole('table', { name: 'Chats atendidos por asesor' });
    const before = calls().length;
    typeDate(/Fecha inicial/, '02/01/2026');
    typeDate(/Fecha final/, '01/01/2026');
    expect(screen.getAllByText('La fecha final debe ser igual o posterior a la fecha inicial').length).toBe(2);
    expect(screen.getByText('Las cifras no se muestran')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Chats atendidos por asesor' })).toBeNull();
    // Only the valid start went out; the range the server would refuse was never asked for.
    expect(calls().slice(before).every((c) => (c.query as { end?: string } | undefined)?.end !== '2026-01-01')).toBe(true);
    typeDate(/Fecha final/, '03/01/2026');
    expect(await screen.findByRole('table', { name: 'Chats atendidos por asesor' })).toBeTruthy();
    expect(screen.queryByText('Las cifras no se muestran')).toBeNull();
  }, 30_000);

  it('show the SPEC §8 error state when the platform fails, and retry', async () => {
    let fail = true;
    answer = (arg) =>
      arg.call === 'agentChatsBars' && fail
        ? { ok: false, error: { status: 404, message: 'El recurso solicitado no existe' } }
        : arg.call === 'agentChatsBars'
          ? { ok: true, data: { labels: ['Ana', 'Luis'], datasets: [{ label: 'Chats', data: [4, 6] }] } }
          : arg.call === 'locationList'
            ? { ok: true, data: { regionals: [], departments: [], cities: [] } }
            : { ok: true, data: [] };
    renderAnalyticsAt(fake, ANALYTICS_PAGES.chatsPerAgent.path, 3);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error al obtener chats por asesor' })).toBeTruthy();
    expect(within(alert).getByText('El recurso solicitado no existe')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    const table = await screen.findByRole('table', { name: 'Chats atendidos por asesor' });
    expect(within(table).getByRole('row', { name: /Luis/ }).textContent).toBe('Luis6');
  });

  it('let roles 1 and 2 choose the organisation, and send it apart from the query', async () => {
    fake.api.platform.organizations.mockImplementation(() =>
      ok([
        { idOrg: 100, name: 'Demo Contact Center', schemaName: 'demo', isActive: true, organizationType: 'Contact center' },
        { idOrg: 200, name: 'Otra Entidad S.A.S.', schemaName: 'otra', isActive: true, organizationType: 'Entidad' }
      ])
    );
    answer = () => ({ ok: true, data: { labels: ['Ana'], datasets: [{ label: 'Chats', data: [4] }] } });
    renderAnalyticsAt(fake, ANALYTICS_PAGES.chatsPerAgent.path, 1);
    await screen.findByRole('table', { name: 'Chats atendidos por asesor' });
    const org = screen.getByLabelText('Organización') as HTMLSelectElement;
    await waitFor(() => expect([...org.options].map((o) => o.textContent)).toEqual(['Demo Contact Center', 'Otra Entidad S.A.S.']));
    fireEvent.change(org, { target: { value: '200' } });
    await waitFor(() => expect(calls().at(-1)).toEqual({ call: 'agentChatsBars', query: { start: today(), end: today() }, idOrg: 200 }));
    cleanup();
    renderAnalyticsAt(fake, ANALYTICS_PAGES.chatsPerAgent.path, 3);
    await screen.findByRole('table', { name: 'Chats atendidos por asesor' });
    expect(screen.queryByLabelText('Organización')).toBeNull();
  });

  it("follow the agents' state live: a monitor notice reloads estado-asesores", async () => {
    let round = 0;
    answer = (arg) => {
      if (arg.call !== 'agentConnectionStates') return { ok: true, data: [] };
      round++;
      const agents = [
        { idUser: 1, nombre: 'Ana', estado: round === 1 ? 'Activo' : 'Pausa', eventoPausa: round === 1 ? null : 'Almuerzo', pausaMaxima: round === 1 ? null : 60, fechaEstado: '2026-03-02T10:00:00', chatsActivos: 2 },
        { idUser: 2, nombre: 'Luis', estado: 'Desconectado', eventoPausa: null, pausaMaxima: null, fechaEstado: '2026-03-02T09:00:00', chatsActivos: 0 }
      ];
      return { ok: true, data: agents };
    };
    renderAnalyticsAt(fake, ANALYTICS_PAGES.agentStates.path, 6);
    const list = await screen.findByRole('table', { name: 'Estado de cada asesor' });
    // The service's 'Activo' reads as the console's word for it.
    expect(within(list).getByRole('row', { name: /Ana/ }).textContent).toContain('Conectado');
    expect(within(list).getByRole('row', { name: /Ana/ }).textContent).not.toContain('Activo');
    expect(screen.queryByLabelText(/Fecha inicial/)).toBeNull();
    const before = calls().filter((c) => c.call === 'agentConnectionStates').length;

    act(() => fake.emit('analytics:live', { topic: 'agents' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Estado de cada asesor' })).getByRole('row', { name: /Ana/ }).textContent).toContain('Almuerzo'));
    expect(calls().filter((c) => c.call === 'agentConnectionStates').length).toBe(before + 1);
    const states = screen.getByRole('table', { name: 'Asesores por estado' });
    expect(within(states).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Conectado00 %', 'Pausa150 %', 'Desconectado150 %', 'Total2100 %']);
  });
});

function menuLabel(path: string): string {
  const find = (items: ReturnType<typeof menuFor>): string | null => {
    for (const item of items) {
      if (item.path === path) return item.label;
      const inner = item.children ? find(item.children) : null;
      if (inner) return inner;
    }
    return null;
  };
  return find(menuFor(6)) ?? path;
}
