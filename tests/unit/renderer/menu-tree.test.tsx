// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { MenuTree, groupsHolding } from '../../../src/renderer/app/MenuTree';
import { HISTORY_REPORT_PATH, menuFor } from '../../../src/shared/menus';

afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <nav aria-label="Menú"><MenuTree items={menuFor(3)} onAction={() => undefined} /></nav> }], { initialEntries: [path] });
  render(
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>
  );
  return router;
}

/** The groups shown open, by label, in the order of the menu. */
const openGroups = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-expanded') === 'true')
    .map((b) => b.textContent);

describe('the drawer menu (issue 17)', () => {
  it("opens only the groups that hold the page shown, so an administrator's menu stays short", () => {
    renderAt('/analitica/estadisticas/asesor-humano/chats');
    expect(openGroups()).toEqual(['Analítica', 'Estadísticas', 'Asesor humano']);
    // The settings, the reports, the indicators: folded, their links not in the page.
    expect(screen.getByRole('button', { name: 'Configuración' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Usuarios' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Atención' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Chats por asesor' })).toBeTruthy();
    // Twice as short as the whole menu unfolded (47 entries and groups).
    expect(screen.getAllByRole('listitem').length).toBeLessThanOrEqual(18);
  }, 30_000);

  it('opens and closes any group on a click or from the keyboard, and folds around the next page', async () => {
    const router = renderAt('/analitica');
    expect(openGroups()).toEqual(['Analítica']);
    const settings = screen.getByRole('button', { name: 'Configuración' });
    fireEvent.click(settings);
    expect(settings.getAttribute('aria-expanded')).toBe('true');
    const users = screen.getByRole('button', { name: 'Administrar usuarios' });
    expect(users.getAttribute('aria-expanded')).toBe('false');
    // A native button: the keyboard's Enter and Space click it.
    fireEvent.click(users);
    expect(within(document.getElementById(users.getAttribute('aria-controls') ?? '') as HTMLElement).getByRole('link', { name: 'Usuarios' })).toBeTruthy();
    // The group holding the page closes too, if the user asks.
    fireEvent.click(screen.getByRole('button', { name: 'Analítica' }));
    expect(screen.queryByRole('link', { name: 'Inicio' })).toBeNull();

    await act(() => router.navigate('/configuracion/administrar-usuarios/usuarios'));
    expect(openGroups()).toEqual(['Configuración', 'Administrar usuarios']);
    expect(screen.getByRole('link', { name: 'Usuarios' }).getAttribute('aria-current')).toBe('page');
  }, 30_000);

  it('keeps the group of a page under a menu entry open (a conversation of the history)', () => {
    expect(groupsHolding(menuFor(3), `${HISTORY_REPORT_PATH}/abc-123`)).toEqual(['analitica', expect.any(String), expect.any(String)]);
    renderAt(`${HISTORY_REPORT_PATH}/abc-123`);
    expect(screen.getByRole('link', { name: 'Historial' })).toBeTruthy();
    expect(groupsHolding(menuFor(3), '/no-existe')).toEqual([]);
    expect(groupsHolding(menuFor(3), '/configuracion/asesor-humano/splitsx')).toEqual([]);
  });
});
