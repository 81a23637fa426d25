// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { renderApp } from './render-app';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { sessionAtom } from '../../../src/renderer/features/session/atoms';
import { ENTITY_UI_TEXT } from '../../../src/renderer/features/session/entity';
import { ParametersPage } from '../../../src/renderer/features/settings/admin/ParametersPage';
import { UsersScreen } from '../../../src/renderer/features/settings/admin/users.screen';
import type { Organization } from '../../../src/shared/domain/organization';
import type { IpcResult, SessionView } from '../../../src/shared/ipc';
import type { SettingsCallArg } from '../../../src/shared/settings-calls';
import { fail, installFakeAtiende, ok, sessionView } from './fake-atiende';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ORGANIZATIONS: Organization[] = [
  { idOrg: 100, name: 'Demo Contact Center', schemaName: 'demo', isActive: true, organizationType: 'Empresa' },
  { idOrg: 200, name: 'Otra Entidad S.A.S.', schemaName: 'otra', isActive: true, organizationType: 'Empresa' },
  { idOrg: 300, name: 'Cerrada', schemaName: 'cerrada', isActive: false, organizationType: 'Empresa' }
];
const OTRA = { idOrg: 200, name: 'Otra Entidad S.A.S.' };
const administering = (view: SessionView): SessionView => ({ ...view, administering: OTRA });

/** The fake main process with the two calls of 'Administrar entidad' (role 1) and a settings channel. */
function install() {
  const fake = installFakeAtiende();
  fake.api.platform.organizations.mockImplementation(() => ok(ORGANIZATIONS));
  const administerEntity = vi.fn((_arg: { idOrg: number }) => ok(administering(sessionView(1))));
  const leaveEntity = vi.fn(() => ok(sessionView(1)));
  Object.assign(fake.api.session, { administerEntity, leaveEntity });
  const call = vi.fn((arg: SettingsCallArg): Promise<IpcResult<unknown>> => (arg.call === 'users' ? ok([]) : new Promise(() => {})));
  (fake.api as unknown as { settings: { call: typeof call } }).settings = { call };
  return { fake, administerEntity, leaveEntity, call };
}

/** The settings group of the drawer and its human-agent group, opened. */
async function openSettingsMenu() {
  const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
  for (const name of ['Configuración', 'Asesor humano']) {
    const group = await within(nav).findByRole('button', { name });
    if (group.getAttribute('aria-expanded') !== 'true') fireEvent.click(group);
    await waitFor(() => expect(within(nav).getByRole('button', { name }).getAttribute('aria-expanded')).toBe('true'));
  }
  return nav;
}

afterEach(cleanup);

describe("'Administrar entidad' in the window", () => {
  it('lets a superadministrator choose an organisation, shows the role-3 tree under a banner naming it, and goes back with Volver', async () => {
    const { fake, administerEntity, leaveEntity } = install();
    fake.api.session.get.mockImplementation(() => ok(sessionView(1)));
    const router = renderApp('/analitica');
    expect(screen.queryByTestId('administrando')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: ENTITY_UI_TEXT.action }));
    const dialog = await screen.findByRole('dialog', { name: ENTITY_UI_TEXT.dialogTitle });
    const select = within(dialog).getByRole('combobox', { name: /Organización/ });
    // Only the active organisations are offered.
    expect(within(select).queryByRole('option', { name: 'Cerrada' })).toBeNull();
    fireEvent.change(select, { target: { value: '200' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: ENTITY_UI_TEXT.submit }));

    await waitFor(() => expect(administerEntity).toHaveBeenCalledWith({ idOrg: 200 }));
    const banner = await screen.findByRole('region', { name: 'Administrando Otra Entidad S.A.S.' });
    expect(within(banner).getByText('Administrando Otra Entidad S.A.S.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/analitica'));
    // The role-3 tree: no Compañías, the company's human-agent settings; the action is not offered twice.
    const nav = await openSettingsMenu();
    expect(within(nav).queryByRole('link', { name: 'Compañías' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Splits' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: ENTITY_UI_TEXT.action })).toBeNull();
    // Role 1's own page is not in this tree.
    await router.navigate('/configuracion/companias');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();

    fireEvent.click(within(banner).getByRole('button', { name: ENTITY_UI_TEXT.back }));
    await waitFor(() => expect(leaveEntity).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('administrando')).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/analitica'));
    expect(await screen.findByRole('heading', { name: 'Analítica' })).toBeTruthy();
    const own = await openSettingsMenu();
    expect(within(own).getByRole('link', { name: 'Compañías' })).toBeTruthy();
    expect(within(own).queryByRole('link', { name: 'Splits' })).toBeNull();
    expect(await screen.findByRole('button', { name: ENTITY_UI_TEXT.action })).toBeTruthy();
  });

  it("keeps the dialog open with the main process's refusal", async () => {
    const { fake, administerEntity } = install();
    administerEntity.mockImplementation(() => fail({ status: 409, message: 'La organización está inactiva: actívela antes de administrarla' }));
    fake.api.session.get.mockImplementation(() => ok(sessionView(1)));
    renderApp('/analitica');
    fireEvent.click(await screen.findByRole('button', { name: ENTITY_UI_TEXT.action }));
    const dialog = await screen.findByRole('dialog', { name: ENTITY_UI_TEXT.dialogTitle });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Organización/ }), { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: ENTITY_UI_TEXT.submit }));
    expect(await within(dialog).findByText('La organización está inactiva: actívela antes de administrarla')).toBeTruthy();
    expect(screen.queryByTestId('administrando')).toBeNull();
  });

  it('is offered to the superadministrator only', async () => {
    for (const role of [2, 3, 4, 6] as const) {
      const { fake } = install();
      fake.api.session.get.mockImplementation(() => ok(sessionView(role)));
      renderApp('/');
      expect(await screen.findByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: ENTITY_UI_TEXT.action })).toBeNull();
      cleanup();
    }
  });

  it("restores the mode the main process keeps (a reload) with the banner and the role-3 tree's landing", async () => {
    const { fake } = install();
    fake.api.session.get.mockImplementation(() => ok(administering(sessionView(1))));
    const router = renderApp('/');
    expect(await screen.findByRole('region', { name: 'Administrando Otra Entidad S.A.S.' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/analitica'));
  });
});

describe('the users page while administering', () => {
  it("lists the administered organisation's users through the role-1 calls, with no organisation chooser", async () => {
    const { call } = install();
    const store = createStore();
    store.set(sessionAtom, { status: 'resolved', view: administering(sessionView(1)), restored: true });
    render(
      <Provider store={store}>
        <FluentProvider theme={webLightTheme}>
          <UsersScreen />
        </FluentProvider>
      </Provider>
    );
    await waitFor(() => expect(call).toHaveBeenCalledWith(expect.objectContaining({ call: 'users', idOrg: 200 })));
    expect(call.mock.calls.some(([arg]) => arg.call === 'organizations')).toBe(false);
    expect(screen.queryByRole('combobox', { name: /Organización/ })).toBeNull();
  });
});

describe('the parameters page while administering', () => {
  it("shows and works on the administered organisation's parameters and locked accounts, with no organisation chooser", async () => {
    const { call } = install();
    const perOrg = (key: string, a: number, b: number) => [
      { idOrg: 100, organization: 'Demo Contact Center', [key]: a },
      { idOrg: 200, organization: 'Otra Entidad S.A.S.', [key]: b }
    ];
    call.mockImplementation((arg: SettingsCallArg): Promise<IpcResult<unknown>> => {
      if (arg.call === 'loginAttempts') return ok(perOrg('loginAttemptsAllowed', 5, 3));
      if (arg.call === 'passwordExpiration') return ok(perOrg('passwordExpirationDays', 90, 45));
      if (arg.call === 'autoUnlock') return ok(perOrg('autoUnlockMinutes', 0, 30).map((r) => ({ ...r, autoUnlockMinutes: r.autoUnlockMinutes || null })));
      if (arg.call === 'lockedUsers' || arg.call === 'ldapSettings') return new Promise(() => {});
      return new Promise(() => {});
    });
    const store = createStore();
    store.set(sessionAtom, { status: 'resolved', view: administering(sessionView(1)), restored: true });
    render(
      <Provider store={store}>
        <FluentProvider theme={webLightTheme}>
          <ParametersPage />
        </FluentProvider>
      </Provider>
    );
    // The administered organisation's values (3 attempts), not the superadministrator's own (5).
    await waitFor(() => expect((screen.getByLabelText(/^Intentos de inicio de sesión/) as HTMLInputElement).value).toBe('3'));
    await waitFor(() => expect(call).toHaveBeenCalledWith(expect.objectContaining({ call: 'lockedUsers', idOrg: 200 })));
    expect(call.mock.calls.some(([arg]) => arg.idOrg !== undefined && arg.idOrg !== 200)).toBe(false);
    expect(screen.queryByRole('combobox', { name: /Organización/ })).toBeNull();
  });
});
