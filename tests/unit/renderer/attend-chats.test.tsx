// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { renderApp } from './render-app';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ATTEND_UI_TEXT } from '../../../src/renderer/features/session/entity';
import type { SessionView } from '../../../src/shared/ipc';
import { fail, installFakeAtiende, ok, sessionView } from './fake-atiende';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const attending = (view: SessionView): SessionView => ({ ...view, attendingChats: true });

/** The fake main process with the two calls of 'Atender chats' (role 6). */
function install() {
  const fake = installFakeAtiende();
  const attendChats = vi.fn(() => ok(attending(sessionView(6))));
  const leaveChats = vi.fn(() => ok(sessionView(6)));
  Object.assign(fake.api.session, { attendChats, leaveChats });
  return { fake, attendChats, leaveChats };
}

const drawer = () => screen.findByRole('navigation', { name: 'Menú principal' });

afterEach(cleanup);

describe("'Atender chats' in the supervisor's menu", () => {
  it('opens the console with the chat-only tree under a banner, and goes back to his own menu', async () => {
    const { fake, attendChats, leaveChats } = install();
    fake.api.session.get.mockImplementation(() => ok(sessionView(6)));
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/analitica/estadisticas/asesor-humano/chats'));
    // /chat is not his until he attends chats.
    await router.navigate('/chat');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();

    const nav = await drawer();
    fireEvent.click(within(nav).getByRole('button', { name: 'Atender chats' }));
    await waitFor(() => expect(attendChats).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    const banner = await screen.findByRole('region', { name: ATTEND_UI_TEXT.banner });
    // The console loads; the drawer holds the chat-only tree.
    await waitFor(() => expect(fake.api.chat.state).toHaveBeenCalled());
    const chatNav = await drawer();
    await waitFor(() => expect(within(chatNav).getByRole('link', { name: 'Chat' })).toBeTruthy());
    expect(within(chatNav).queryByRole('button', { name: 'Atender chats' })).toBeNull();
    expect(within(chatNav).queryByRole('button', { name: 'Analítica' })).toBeNull();

    fireEvent.click(within(banner).getByRole('button', { name: ATTEND_UI_TEXT.back }));
    await waitFor(() => expect(leaveChats).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId('atendiendo-chats')).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/analitica/estadisticas/asesor-humano/chats'));
    expect(await within(await drawer()).findByRole('button', { name: 'Atender chats' })).toBeTruthy();
  });

  it("stays in the console with the main process's reason while he holds open chats", async () => {
    const { fake, leaveChats } = install();
    leaveChats.mockImplementation(() => fail({ status: 409, message: 'Finalice o transfiera sus 2 chats abiertos antes de dejar de atender chats' }));
    fake.api.session.get.mockImplementation(() => ok(attending(sessionView(6))));
    // A reload keeps the mode the main process holds: '/' lands on the console.
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    const banner = await screen.findByRole('region', { name: ATTEND_UI_TEXT.banner });
    fireEvent.click(within(banner).getByRole('button', { name: ATTEND_UI_TEXT.back }));
    expect(await screen.findByText('Finalice o transfiera sus 2 chats abiertos antes de dejar de atender chats')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat');
    expect(screen.getByTestId('atendiendo-chats')).toBeTruthy();
  });

  it('is in no other role’s menu', async () => {
    for (const role of [1, 2, 3, 4, 5] as const) {
      const { fake } = install();
      fake.api.session.get.mockImplementation(() => ok(sessionView(role)));
      renderApp('/');
      const nav = await drawer();
      expect(await screen.findByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
      expect(within(nav).queryByRole('button', { name: 'Atender chats' })).toBeNull();
      cleanup();
    }
  });
});
