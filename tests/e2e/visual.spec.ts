import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import type { BrowserHost } from '../../src/main/browser-host';
import { generateActivity } from '../../src/server/demo/activity';
import { expect, openInApp, setDateRange, signIn, test } from './fixtures';

/**
 * What a person sees, compared with committed pictures (issue 17): the login page, each role's
 * landing page, a statistics page with its chart, the agent console with an open chat and a menu
 * open, a settings list with its dialog open, and a toast. A change that alters one fails here until
 * its new picture is committed on purpose (`npx playwright test visual --update-snapshots`, then look
 * at the pictures before committing them).
 *
 * The pictures must not depend on the day or on what other tests did: statistics are read over a
 * fixed past month whose history is generated here for the other organisation (200; the other
 * specs work in 100), the pages read that month (the chosen range is kept between pages), and the
 * few things that show the clock (timestamps, today's date) are masked.
 */

const MONTH = { start: '2026-06-01', end: '2026-06-30' };
/** The generated history ends here, so the month above holds the same conversations every run. */
const HISTORY_END = new Date('2026-07-01T04:59:00Z');

test.use({ viewport: { width: 1366, height: 768 } });

const SHOT = { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.002 } as const;

/** Whatever shows the clock: <time> elements and any text with a date and a time of day (lists, messages, headers). */
function clock(page: Page): Locator[] {
  return [page.locator('time'), page.getByText(/\d{1,2}\/\d{1,2}\/\d{2,4},? \d{1,2}:\d{2}/)];
}

/**
 * The home page's figures change with the day and the hour (today so far, last week's same hours,
 * which splits are open now, who is connected in this worker's platform): its layout is compared
 * with the tiles' figures masked, and without the alerts and the live "now" section, whose length
 * follows the hour of the run. Their content is checked by home-queue.test.tsx and supervisor-queue.spec.ts.
 */
const HOME_NOW = { stylePath: fileURLToPath(new URL('./visual-home.css', import.meta.url)) };
function homeMasks(page: Page): Locator[] {
  return [...clock(page), page.locator('#home-today'), page.locator('section[aria-labelledby="home-today"] [role="group"] > :nth-child(n+2)')];
}

async function signedIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('main')).toBeVisible();
}

/**
 * The other organisation's administrator as the demo seeds it: session.spec locks this account on
 * purpose (five wrong passwords) and may have run before in this worker's platform.
 */
async function otherAdmin(host: BrowserHost): Promise<string> {
  await host.platformDb.execute(
    sql`update users set is_locked = false, failed_attempts = 0, locked_from_ip = null, locked_at = null where email = 'admin@otra.co'`
  );
  return 'admin@otra.co';
}

/** Waits until the page has no pending load (tiles, tables and charts settled). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/** Chooses the fixed month in the page's date pickers, typed as a person types them. */
async function chooseMonth(page: Page): Promise<void> {
  await setDateRange(page, MONTH.start, MONTH.end);
  await settled(page);
}

test('the login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await expect(page).toHaveScreenshot('login.png', SHOT);
});

for (const [role, email] of [
  ['1', 'superadmin@demo.co'],
  ['2', 'supervisualizador@demo.co'],
  ['3', 'admin@demo.co'],
  ['4', 'visualizador@demo.co']
] as const) {
  test(`role ${role}'s landing page`, async ({ page }) => {
    await signedIn(page, email);
    await expect(page).toHaveURL('/analitica');
    await settled(page);
    await expect(page).toHaveScreenshot(`landing-role-${role}.png`, { ...SHOT, ...HOME_NOW, mask: homeMasks(page) });
  });
}

test('role 5’s landing page: the console, empty', async ({ page }) => {
  await signedIn(page, 'asesor6@demo.co');
  await expect(page).toHaveURL('/chat');
  await expect(page.getByText('No tiene chats asignados')).toBeVisible();
  await expect(page).toHaveScreenshot('landing-role-5.png', { ...SHOT, mask: clock(page) });
});

test('role 6’s landing page and a statistics page with its chart, over a fixed month', async ({ page, host }) => {
  await signedIn(page, 'supervisor@demo.co');
  await expect(page).toHaveURL('/analitica/estadisticas/asesor-humano/chats');
  await settled(page);
  await chooseMonth(page);
  await expect(page).toHaveScreenshot('landing-role-6.png', { ...SHOT, mask: clock(page) });

  await generateActivity(host.platformDb, { org: 200, now: HISTORY_END, count: 600, days: 45 });
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, await otherAdmin(host));
  await openInApp(page, '/analitica/estadisticas/asesor-virtual/conversaciones-canal');
  await settled(page);
  await chooseMonth(page);
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect(page).toHaveScreenshot('statistics-chart.png', { ...SHOT, mask: clock(page) });
});

test('a settings list with its dialog open, then the toast after saving', async ({ page, host }) => {
  await signedIn(page, await otherAdmin(host));
  await openInApp(page, '/configuracion/asesor-humano/causales-negocio');
  await settled(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Nueva causal' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox').first()).toBeVisible();
  await expect(page).toHaveScreenshot('settings-dialog.png', { ...SHOT, mask: clock(page) });

  await dialog.getByLabel(/^Nombre/).fill('Cambio de plan');
  await dialog.getByLabel(/^Código/).fill('CAMBIO_PLAN');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const toast = page.locator('.fui-Toast').filter({ hasText: 'Causal creada exitosamente' });
  // The pointer rests on it, which holds it (pauseOnHover) while the picture is taken.
  await toast.hover();
  await expect(toast).toBeVisible();
  // Fluent's toasts are animated by script (Web Animations): the picture is taken as they stand.
  await expect(page).toHaveScreenshot('settings-toast.png', { ...SHOT, animations: 'allow', mask: clock(page) });

  // Leaves the list as it was for the next run of this worker's other tests.
  await main.getByRole('button', { name: 'Eliminar Cambio de plan' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(page.getByRole('rowheader', { name: 'Cambio de plan' })).toBeHidden();
});

test('the agent console with an open chat and its status menu open', async ({ browser, page, host }) => {
  await signedIn(page, 'asesor@otra.co');
  await expect(page).toHaveURL('/chat');
  await page.getByRole('button', { name: /^Estado del asesor:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Conectado', exact: true }).click();

  const customerContext = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
  try {
    const customer = await customerContext.newPage();
    await customer.goto(`${host.platformUrl}/widget?org=200&va=3`);
    const fields = customer.locator('#entry-fields').locator('input, select');
    for (let i = 0; i < (await fields.count()); i++) {
      const field = fields.nth(i);
      const type = await field.getAttribute('data-field-type');
      if (type === 'select') await field.selectOption({ index: 1 });
      else if (type === 'email') await field.fill('laura.gomez@example.com');
      else if (type === 'phone') await field.fill('3109876543');
      else if (type === 'document') await field.fill('52123456');
      else await field.fill('Laura Gómez');
    }
    await customer.locator('#entry-submit').click();
    await expect(customer.locator('#ask-agent')).toBeVisible();
    await customer.locator('#ask-agent').click();

    const incoming = page.getByRole('button', { name: /Laura Gómez/ });
    await incoming.click();
    await page.getByRole('button', { name: 'Iniciar chat' }).click();
    const composer = page.getByRole('combobox', { name: 'Mensaje' });
    await composer.fill('Buenos días, Laura. ¿En qué le puedo ayudar?');
    await composer.press('Enter');
    await expect(customer.locator('#messages li[data-sender="ASESOR"]')).toHaveCount(1);

    await page.getByRole('button', { name: /^Estado del asesor:/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page).toHaveScreenshot('console-chat-menu.png', { ...SHOT, mask: clock(page) });
    await page.keyboard.press('Escape');
  } finally {
    await customerContext.close();
  }
});
