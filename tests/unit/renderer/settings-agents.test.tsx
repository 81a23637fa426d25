// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AgentsPage } from '../../../src/renderer/features/settings/human/AgentsPage';
import { SETTINGS_SCREEN_IDS, SETTINGS_SCREENS, settingsPath } from '../../../src/shared/settings-screens';
import { routes } from '../../../src/renderer/app/router';
import { pageExists } from '../../../src/renderer/app/pages';
import type { AgentConnectionState } from '../../../src/shared/domain/chat';
import type { PauseEvent } from '../../../src/shared/domain/parameters';
import type { Split } from '../../../src/shared/domain/split';
import { isPathAllowed, leafPaths, menuFor } from '../../../src/shared/menus';
import { MSG } from '../../../src/shared/messages';
import type { RoleId } from '../../../src/shared/roles';
import { ok, sessionView } from './fake-atiende';
import { ISO, dialog, findConfirm, installSettings, okReply, renderPage, rowOf } from './settings-fixtures';

afterEach(cleanup);

const AGENTS = [
  { idUser: 9, name: 'Santiago Rodríguez', email: 'asesor2@demo.co', isActive: true, role: 5 },
  { idUser: 13, name: 'Felipe Castaño', email: 'asesor6@demo.co', isActive: true, role: 5 },
  // A human-agent supervisor, who attends chats through 'Atender chats'.
  { idUser: 6, name: 'Camilo Herrera', email: 'supervisor@demo.co', isActive: true, role: 6 }
];
const state = (idUser: number, nombre: string, estado: string, eventoPausa: string | null = null): AgentConnectionState => ({
  idUser,
  nombre,
  estado,
  eventoPausa,
  pausaMaxima: null,
  fechaEstado: ISO,
  chatsActivos: 1
});
const split = (idSplit: number, nombre: string): Split => ({
  idSplit,
  codigoSplit: `S${idSplit}`,
  nombre,
  descripcion: '',
  activo: true,
  fechaActualizacion: ISO,
  timeInactivityAgent: 5,
  timeInactivityClient: 10,
  timeMaxInitConversation: 15,
  horariosAtencion: [],
  derivaciones: []
});
const pause = (id: number, nombre: string, activo = true): PauseEvent => ({ id, nombre, descripcion: '', activo, tiempoMaximo: null, logic_delete: false, fechaCreacion: ISO, fechaActualizacion: ISO });
const body = (arg: { body?: unknown }) => arg.body as Record<string, unknown>;

function install(states: () => AgentConnectionState[]) {
  return installSettings({
    agents: () => okReply(AGENTS),
    agentConnectionStates: () => okReply(states()),
    agentSplits: () => okReply([{ idSplitUsuario: 30, idSplit: 3, idUser: 13, nombre: 'Felipe Castaño' }]),
    splits: () => okReply([split(1, 'Atención general'), split2, split(3, 'Soporte técnico')]),
    pauseEvents: () => okReply([pause(1, 'Almuerzo'), pause(2, 'Retirado', false)]),
    setAgentStatus: (arg) => okReply(state(Number(body(arg).idUser), 'Felipe Castaño', String(body(arg).estado), body(arg).estado === 'Pausa' ? 'Almuerzo' : null)),
    createAgentSplit: (arg) => okReply({ idSplitUsuario: 31, idSplit: Number(body(arg).idSplit), idUser: Number(body(arg).idUser), nombre: 'Felipe Castaño' }),
    deleteAgentSplit: () => okReply(true)
  });
}
const split2 = split(2, 'Ventas');

describe('asesores', () => {
  it("lists the organisation's agents with their live state and splits, and follows the engine's notices", async () => {
    let estado = 'Activo';
    const fake = install(() => [state(9, 'Santiago Rodríguez', estado), state(13, 'Felipe Castaño', 'Desconectado')]);
    renderPage(<AgentsPage />);
    await screen.findByRole('rowheader', { name: 'Felipe Castaño' });
    await waitFor(() => expect(within(rowOf('Santiago Rodríguez')).getAllByRole('cell')[1]!.textContent).toBe('Conectado'));
    expect(within(rowOf('Felipe Castaño')).getByText('Soporte técnico')).toBeTruthy();
    expect(within(rowOf('Santiago Rodríguez')).getByText('Sin splits')).toBeTruthy();

    estado = 'Pausa';
    act(() => fake.emit('analytics:live', { topic: 'chats' }));
    act(() => fake.emit('analytics:live', { topic: 'agents' }));
    await waitFor(() => expect(within(rowOf('Santiago Rodríguez')).getAllByRole('cell')[1]!.textContent).toBe('Pausa'));
    // One reload for the agents notice, none for the chats one; the others are not asked again.
    expect(fake.sent('agentConnectionStates')).toHaveLength(2);
    expect(fake.sent('agents')).toHaveLength(1);
  });

  it('puts an agent in Pausa with an active pause event, then Desconectado', async () => {
    const fake = install(() => [state(13, 'Felipe Castaño', 'Activo')]);
    renderPage(<AgentsPage />);
    await screen.findByRole('rowheader', { name: 'Felipe Castaño' });
    fireEvent.click(within(rowOf('Felipe Castaño')).getByRole('button', { name: 'Cambiar estado de Felipe Castaño' }));
    const form = dialog();
    fireEvent.click(form.getByRole('button', { name: 'Aplicar' }));
    expect(await form.findByText('Seleccione el nuevo estado')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^Nuevo estado/), { target: { value: 'Pausa' } });
    // Only the active events are offered.
    expect(within(form.getByLabelText(/^Evento de pausa/)).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleccione…', 'Almuerzo']);
    fireEvent.click(form.getByRole('button', { name: 'Aplicar' }));
    expect(await form.findByText('Seleccione el evento de pausa')).toBeTruthy();
    expect(fake.sent('setAgentStatus')).toEqual([]);

    fireEvent.change(form.getByLabelText(/^Evento de pausa/), { target: { value: '1' } });
    // Tabster may have marked the surface aria-hidden by now in jsdom (only there: the end-to-end suite checks it stays reachable).
    fireEvent.click(form.getByRole('button', { name: 'Aplicar', hidden: true }));
    expect(await screen.findByText(MSG.agentSupervision.statusUpdated)).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Felipe Castaño')).getAllByRole('cell')[1]!.textContent).toBe('Pausa — Almuerzo'));

    fireEvent.click(within(rowOf('Felipe Castaño')).getByRole('button', { name: 'Cambiar estado de Felipe Castaño' }));
    const again = dialog();
    fireEvent.change(again.getByLabelText(/^Nuevo estado/), { target: { value: 'Desconectado' } });
    fireEvent.click(again.getByRole('button', { name: 'Aplicar', hidden: true }));
    await waitFor(() => expect(within(rowOf('Felipe Castaño')).getAllByRole('cell')[1]!.textContent).toBe('Desconectado'));
    expect(fake.sent('setAgentStatus').map(body)).toEqual([
      { idUser: 13, estado: 'Pausa', idEventoPausa: 1 },
      { idUser: 13, estado: 'Desconectado', idEventoPausa: null }
    ]);
  });

  it("adds a split to an agent and removes one after confirming", async () => {
    const fake = install(() => []);
    renderPage(<AgentsPage />);
    await screen.findByRole('rowheader', { name: 'Felipe Castaño' });
    fireEvent.click(within(rowOf('Felipe Castaño')).getByRole('button', { name: 'Splits de Felipe Castaño' }));
    const form = dialog();
    // Splits he already answers are not offered again.
    expect(within(form.getByLabelText(/^Split/, { selector: 'select' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleccione…', 'Atención general', 'Ventas']);
    fireEvent.change(form.getByLabelText(/^Split/, { selector: 'select' }), { target: { value: '2' } });
    fireEvent.click(form.getByRole('button', { name: 'Agregar split' }));
    expect(await screen.findByText(MSG.splits.agentAdded)).toBeTruthy();
    // The splits dialog stays open over the table.
    await waitFor(() => expect(within(rowOf('Felipe Castaño', { behindDialog: true })).getByText('Ventas')).toBeTruthy());
    expect(fake.sent('createAgentSplit').map(body)).toEqual([{ idSplit: 2, idUser: 13 }]);

    fireEvent.click(dialog().getByRole('button', { name: 'Retirar del split Soporte técnico' }));
    fireEvent.click((await findConfirm()).getByRole('button', { name: 'Retirar' }));
    expect(await screen.findByText(MSG.splits.agentRemoved)).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Felipe Castaño', { behindDialog: true })).queryByText('Soporte técnico')).toBeNull());
    expect(fake.sent('deleteAgentSplit').map((a) => a.query)).toEqual([{ codigoRegistro: 30 }]);
  });
  it('asks before closing with a split chosen and not added; closes at once with none chosen', async () => {
    const fake = install(() => []);
    renderPage(<AgentsPage />);
    await screen.findByRole('rowheader', { name: 'Felipe Castaño' });
    const open = () => fireEvent.click(within(rowOf('Felipe Castaño')).getByRole('button', { name: 'Splits de Felipe Castaño' }));
    const close = () => fireEvent.click(dialog().getByRole('button', { name: 'Cerrar' }));
    const gone = () => waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());

    open();
    close();
    await gone();
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();

    open();
    const form = dialog();
    fireEvent.change(form.getByLabelText(/^Split/, { selector: 'select' }), { target: { value: '2' } });
    close();
    const ask = await findConfirm();
    expect(ask.getByText('Hay cambios sin guardar. ¿Desea descartarlos?')).toBeTruthy();
    fireEvent.click(ask.getByRole('button', { name: 'Seguir editando', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    expect((dialog().getByLabelText(/^Split/, { selector: 'select' }) as HTMLSelectElement).value).toBe('2');

    close();
    fireEvent.click((await findConfirm()).getByRole('button', { name: 'Descartar cambios' }));
    await gone();
    expect(fake.sent('createAgentSplit')).toEqual([]);
  });
});

describe('the human-agent settings pages', () => {
  const paths = SETTINGS_SCREEN_IDS.filter((id) => SETTINGS_SCREENS[id].area === 'human').map(settingsPath);

  it('exist exactly for the roles whose menus hold them', () => {
    expect(paths).toHaveLength(8);
    for (const role of [1, 2, 3, 4, 5, 6] as RoleId[]) {
      const menu = leafPaths(menuFor(role));
      for (const path of paths) expect(pageExists(path, role) && isPathAllowed(role, path), `${role} ${path}`).toBe(menu.includes(path));
    }
    expect(paths.filter((p) => isPathAllowed(1, p))).toEqual([settingsPath('directory')]);
    expect(paths.filter((p) => isPathAllowed(6, p))).toEqual(paths);
    expect(paths.filter((p) => isPathAllowed(4, p))).toEqual([]);
  });

  it('open (lazily) for a role that has them and are a 404 for one that has not', async () => {
    const fake = installSettings({ virtualAgents: () => okReply([]), locationList: () => okReply({ regionals: [], departments: [], cities: [] }) });
    fake.api.session.get.mockImplementation(() => ok(sessionView(1)));
    const { render } = await import('@testing-library/react');
    const { Provider, createStore } = await import('jotai');
    const { FluentProvider, webLightTheme } = await import('@fluentui/react-components');
    const show = (path: string) =>
      render(
        <Provider store={createStore()}>
          <FluentProvider theme={webLightTheme}>
            <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
          </FluentProvider>
        </Provider>
      );
    show(settingsPath('directory'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Directorio de contactos' })).toBeTruthy();
    cleanup();
    show(settingsPath('splits'));
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });
});
