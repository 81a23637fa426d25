// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { renderApp } from './render-app';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { throttle } from '../../../src/renderer/app/throttle';
import { channelsAtom, endMessagesAtom, organizationsAtom, virtualAgentsAtom } from '../../../src/renderer/features/platform/atoms';
import { postLoginLoadsFor } from '../../../src/renderer/features/platform/load';
import { sessionAtom } from '../../../src/renderer/features/session/atoms';
import { fail, installFakeAtiende, ok, sessionView } from './fake-atiende';
import { pageExists } from '../../../src/renderer/app/pages';
import { leafPaths, menuFor } from '../../../src/shared/menus';

describe('throttle', () => {
  it('runs at most once per interval', () => {
    let now = 0;
    const fn = vi.fn();
    const ping = throttle(fn, 30_000, () => now);
    ping();
    ping();
    now = 29_999;
    ping();
    expect(fn).toHaveBeenCalledTimes(1);
    now = 30_000;
    ping();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('postLoginLoadsFor', () => {
  it('follows SPEC §6 for every role', () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => postLoginLoadsFor(r as 1))).toEqual([
      { channels: true, organizations: true, virtualAgents: false, endMessages: false },
      { channels: true, organizations: true, virtualAgents: false, endMessages: false },
      { channels: true, organizations: false, virtualAgents: true, endMessages: false },
      { channels: true, organizations: false, virtualAgents: true, endMessages: false },
      { channels: false, organizations: false, virtualAgents: false, endMessages: true },
      // The supervisor attends chats too ('Atender chats'): his console resolves the end messages.
      { channels: true, organizations: false, virtualAgents: true, endMessages: true }
    ]);
  });
});

describe('the routed app', () => {
  let fake: ReturnType<typeof installFakeAtiende>;
  let store: ReturnType<typeof createStore>;

  beforeEach(() => {
    fake = installFakeAtiende();
    store = createStore();
  });
  afterEach(cleanup);

  it('sends a visitor without a session to /login', async () => {
    const router = renderApp('/analitica', store);
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('takes a restored session from / to the role landing and loads the role data', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(3)));
    const router = renderApp('/', store);
    await waitFor(() => expect(router.state.location.pathname).toBe('/analitica'));
    expect(await screen.findByRole('heading', { name: 'Analítica' })).toBeTruthy();
    expect(screen.getAllByText('Demo Contact Center').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Inicio' })).toBeTruthy();
    await waitFor(() => expect(store.get(virtualAgentsAtom).status).toBe('resolved'));
    expect(fake.api.platform.virtualAgents).toHaveBeenCalledWith({});
    expect(store.get(channelsAtom).data.map((c) => c.label)).toEqual(['Facebook', 'Whatsapp', 'Web']);
    expect(fake.api.platform.organizations).not.toHaveBeenCalled();
    expect(store.get(organizationsAtom).status).toBe('idle');
  });

  it('loads the human agent\'s end messages and nothing of the other roles', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(5)));
    const router = renderApp('/', store);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    await waitFor(() => expect(store.get(endMessagesAtom).status).toBe('resolved'));
    expect(store.get(endMessagesAtom).data.map((m) => m.acronym)).toEqual(['FCFHL']);
    expect(fake.api.platform.channels).not.toHaveBeenCalled();
    expect(fake.api.platform.virtualAgents).not.toHaveBeenCalled();
  });

  it('shows the 404 page for a path the role may not open', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(5)));
    renderApp('/configuracion/companias', store);
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toBeTruthy();
  });

  it('has a page for every leaf of every role\'s menu: no entry is left hidden for want of its page (issue 40 built the last two)', () => {
    for (const role of [1, 2, 3, 4, 5, 6] as const) {
      const missing = leafPaths(menuFor(role)).filter((path) => !path.startsWith('#') && !pageExists(path, role));
      expect(missing, `role ${role}`).toEqual([]);
    }
  });

  it('forces /change-password when the expiry check says so', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(4)));
    fake.api.session.checkPasswordExpiry.mockImplementation(() => ok({ changePassword: true }));
    const router = renderApp('/analitica', store);
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
    expect(fake.api.platform.channels).not.toHaveBeenCalled();
  });

  it('keeps the wrong current password in place and lands after a valid change', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(4)));
    fake.api.session.checkPasswordExpiry.mockImplementation(() => ok({ changePassword: true }));
    fake.api.session.changePassword.mockImplementationOnce(() =>
      fail({ status: 400, message: 'La contraseña Actual no es válida.' })
    );
    const router = renderApp('/change-password', store);
    const current = (await screen.findByLabelText(/Contraseña actual/)) as HTMLInputElement;
    fireEvent.change(current, { target: { value: 'Equivocada1' } });
    fireEvent.change(screen.getByLabelText(/^Nueva contraseña/), { target: { value: 'NuevaClave2026' } });
    fireEvent.change(screen.getByLabelText(/Confirmar nueva contraseña/), { target: { value: 'NuevaClave2026' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Actualizar contraseña' })));
    expect(await screen.findByText('La contraseña Actual no es válida.')).toBeTruthy();
    expect(current.value).toBe('Equivocada1');

    fireEvent.change(current, { target: { value: 'Atiende2026!' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Actualizar contraseña' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analitica'));
    expect(fake.api.session.changePassword).toHaveBeenLastCalledWith({ oldPassword: 'Atiende2026!', newPassword: 'NuevaClave2026' });
  });

  it('offers a retry when the expiry check fails', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(3)));
    fake.api.session.checkPasswordExpiry.mockImplementationOnce(() => fail({ status: 500, message: 'x' }));
    const router = renderApp('/', store);
    const texts = await screen.findAllByText('Error al validar la contraseña, por favor comuníquese con un Administrador.');
    expect(texts.length).toBeGreaterThan(0);
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Reintentar' })[0]!));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analitica'));
  });

  it('leaves for /login when the main process ends the session', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(3)));
    const router = renderApp('/analitica', store);
    await screen.findByRole('heading', { name: 'Analítica' });
    act(() => fake.emit('session:ended', { reason: 'expired' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.get(sessionAtom).view).toBeNull();
    expect(store.get(channelsAtom)).toEqual({ status: 'idle', data: [] });
  });

  it('a session the platform ended (access revoked: the refresh refused) lands on /login with the Spanish notice, not an error screen', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(5)));
    const router = renderApp('/', store);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    fake.api.session.get.mockImplementation(() => ok(null));
    act(() => fake.emit('session:ended', { reason: 'refresh-failed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('La sesión ha expirado, inicie sesión nuevamente')).toBeTruthy();
    expect(screen.queryByText('Algo salió mal')).toBeNull();
    expect(store.get(sessionAtom).view).toBeNull();
  });

  it('signs out from the top bar', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(6)));
    const router = renderApp('/', store);
    await waitFor(() => expect(router.state.location.pathname).toBe('/analitica/estadisticas/asesor-humano/chats'));
    expect((await screen.findAllByRole('link', { name: 'Chats' })).map((a) => a.getAttribute('href'))).toContain('/analitica/estadisticas/asesor-humano/chats');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fake.api.session.logout).toHaveBeenCalledTimes(1);
  });

  it('reports user activity to the main process at most once per 30 s', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(3)));
    renderApp('/analitica', store);
    await screen.findByRole('heading', { name: 'Analítica' });
    expect(fake.api.session.activity).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'a' });
    fireEvent.mouseMove(window);
    fireEvent.mouseDown(window);
    expect(fake.api.session.activity).toHaveBeenCalledTimes(1);
  });

  it('toggles the drawer from a labelled button', async () => {
    fake.api.session.get.mockImplementation(() => ok(sessionView(1)));
    renderApp('/analitica', store);
    const toggle = await screen.findByRole('button', { name: 'Ocultar menú' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Mostrar menú' }).getAttribute('aria-expanded')).toBe('false');
  });
});
