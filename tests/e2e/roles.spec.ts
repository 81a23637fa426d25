import { allowedPaths } from '../../src/shared/menus';
import { expect, signIn, test } from './fixtures';

/**
 * SPEC §2: each role lands on its page and sees its menu: the entries of its own tree whose pages
 * exist (later issues add the rest), the groups on the way to the current page open.
 */
const ROLES = [
  { email: 'superadmin@demo.co', id: 1, role: 'Superadministrador', landing: '/analitica', heading: 'Analítica', link: 'Inicio' },
  { email: 'supervisualizador@demo.co', id: 2, role: 'Supervisualizador', landing: '/analitica', heading: 'Analítica', link: 'Inicio' },
  { email: 'admin@demo.co', id: 3, role: 'Administrador de entidad', landing: '/analitica', heading: 'Analítica', link: 'Inicio' },
  { email: 'visualizador@demo.co', id: 4, role: 'Visualizador de entidad', landing: '/analitica', heading: 'Analítica', link: 'Inicio' },
  { email: 'asesor@demo.co', id: 5, role: 'Asesor humano', landing: '/chat', heading: 'Chat', link: 'Chat' },
  {
    email: 'supervisor@demo.co',
    id: 6,
    role: 'Supervisor de asesor humano',
    landing: '/analitica/estadisticas/asesor-humano/chats',
    heading: 'Chats de asesor humano',
    link: 'Chats'
  }
] as const;

for (const user of ROLES) {
  test(`${user.email} signs in, lands on ${user.landing} and sees its menu`, async ({ page }) => {
    await page.goto('/login');
    await signIn(page, user.email);
    await expect(page).toHaveURL(user.landing);
    await expect(page.getByRole('heading', { level: 1, name: user.heading })).toBeVisible();

    const banner = page.getByRole('banner');
    await expect(banner.getByText('Atiende', { exact: true })).toBeVisible();
    await expect(banner.getByText('Demo Contact Center')).toBeVisible();
    await expect(banner.getByText(user.email)).toBeVisible();
    await expect(banner.getByText(user.role, { exact: true })).toBeVisible();

    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu).toBeVisible();
    // The landing page's entry is current; every entry shown is one of the role's own routes.
    // By its address: role 6's menu has a 'Chats' statistics page and a 'Chats' report.
    await expect(menu.getByRole('link', { name: user.link, exact: true }).and(menu.locator(`a[href="${user.landing}"]`))).toHaveAttribute('aria-current', 'page');
    const hrefs = await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(allowedPaths(user.id), href).toContain(href);
    const menuBox = await menu.locator('xpath=ancestor::*[contains(@class,"fui-InlineDrawer")][1]').boundingBox();
    expect(menuBox?.width).toBeCloseTo(260, 0);

    // The agent lands on its console (tests/e2e/chat.spec.ts drives it), the supervisor on the chats
    // statistics (tests/e2e/analytics.spec.ts); the others land on the supervisor's home (issue 20).
    if (user.landing === '/chat') {
      await expect(page.getByRole('main').getByText('No tiene chats asignados')).toBeVisible();
      return;
    }
    if (user.landing !== '/analitica') return;
    await expect(page.getByRole('main').getByRole('heading', { name: /Hoy hasta ahora/ })).toBeVisible();
    await expect(page.getByRole('main').getByRole('table', { name: 'Chats en cola por split' })).toBeVisible();
  });
}

test('role 6 reaches its landing page through the nested menu', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'supervisor@demo.co');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  for (const group of ['Analítica', 'Estadísticas', 'Asesor humano']) {
    // The settings tree has an 'Asesor humano' group too, after the statistics one.
    await expect(menu.getByRole('button', { name: group, exact: true }).first()).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(menu.locator('a[href="/analitica/estadisticas/asesor-humano/chats"]')).toHaveAttribute('aria-current', 'page');
});

test('the drawer closes and opens from its labelled button', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu).toBeVisible();
  await page.getByRole('button', { name: 'Ocultar menú' }).click();
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Mostrar menú' }).click();
  await expect(menu).toBeVisible();
});

test('/ goes to the role landing page', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'asesor@demo.co');
  await expect(page).toHaveURL('/chat');
  await page.goto('/');
  await expect(page).toHaveURL('/chat');
});

test('a signed-in user opening /login goes to the landing page', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'visualizador@demo.co');
  await expect(page).toHaveURL('/analitica');
  await page.goto('/login');
  await expect(page).toHaveURL('/analitica');
});

for (const { email, path } of [
  { email: 'asesor@demo.co', path: '/configuracion/companias' },
  { email: 'admin@demo.co', path: '/chat' },
  { email: 'supervisor@demo.co', path: '/analitica' },
  { email: 'admin@demo.co', path: '/no-existe' }
]) {
  test(`${email} opening ${path} sees the 404 page`, async ({ page }) => {
    await page.goto('/login');
    await signIn(page, email);
    // Signed in and landed (the login page has a level-1 heading too: waiting for one raced the sign-in).
    await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(page).toHaveURL(path);
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeHidden();
  });
}

test('the renderer is served with its Content-Security-Policy header', async ({ page }) => {
  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
});

test.describe('the drawer at 1366×768 (issue 17)', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("an administrator's menu fits without scrolling: only the groups holding the page are open, any other opens on a click", async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'admin@demo.co');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    const scrolls = () => menu.evaluate((nav) => {
      const body = nav.closest('.fui-DrawerBody');
      return body ? body.scrollHeight > body.clientHeight : true;
    });
    for (const link of [['Analítica', 'Estadísticas', 'Asesor humano', 'Chats escalados'], ['Configuración', 'Asesor humano', 'Directorio de contactos']]) {
      const [top, ...rest] = link;
      const entry = rest.pop() ?? '';
      for (const group of [top ?? '', ...rest]) {
        const button = menu.getByRole('button', { name: group, exact: true }).last();
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      }
      await menu.getByRole('link', { name: entry, exact: true }).click();
      await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveAttribute('aria-current', 'page');
      expect(await scrolls(), `the menu on ${entry}`).toBe(false);
      await expect(menu.getByRole('button', { name: top === 'Analítica' ? 'Configuración' : 'Analítica', exact: true })).toHaveAttribute('aria-expanded', 'false');
    }
  });
});
