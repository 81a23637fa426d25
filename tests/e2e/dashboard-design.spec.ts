import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { renderPng } from '../../src/server/demo/demo-files';
import { seriousViolations } from './axe';
import { expect, openInApp, signIn, test } from './fixtures';

/**
 * The dashboard design (issue 40), ONE round trip: the entity administrator saves a design, then
 * changes the principal colour and the logo; an agent signed in in another window wears each change
 * without a reload; the earlier version is restored, and the agent's window follows again. axe on
 * the editor and on the agent's console wearing the brand design. Validation, the contrast refusal
 * and the versions' list are the renderer's and the platform's tests (settings-dashboard.test.tsx,
 * dashboard-design.test.ts).
 */

const PATH = '/configuracion/personalizacion/dashboard';
const PURPLE = '#6a1b9a';
const GREEN = '#1b5e20';
/** A 48 px square logo. */
const LOGO = renderPng(48, 48, (x, y) => ((x + y) % 16 < 8 ? [106, 27, 154] : [255, 255, 255]));

/** The brand colour a window's app wears (Fluent's theme variable on the app's provider). */
const brandOf = (page: Page) =>
  page.evaluate(() => {
    // Runs in the page.
    const w = globalThis as unknown as { document: { getElementById(id: string): unknown }; getComputedStyle(element: unknown): { getPropertyValue(name: string): string } };
    return w.getComputedStyle(w.document.getElementById('app-provider')).getPropertyValue('--colorBrandBackground').trim().toLowerCase();
  });

/** A toast's title (the live region repeats its text). */
const toast = (page: Page, text: string) => page.locator('.fui-ToastTitle', { hasText: text }).last();

/** Sets the principal colour, applies every nearest passing shade offered, and saves. */
async function saveWithPrincipal(page: Page, colour: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Diseño del dashboard' });
  await form.getByRole('textbox', { name: 'Color principal: fondo', exact: true }).fill(colour);
  const shades = form.getByRole('button', { name: /^Usar el tono / });
  while ((await shades.count()) > 0) await shades.first().click();
  await form.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(toast(page, 'Configuración actualizada exitosamente')).toBeVisible();
}

test.afterAll(async ({ host }) => {
  // The other specs of this worker see the demo organisation with no design saved (the default).
  await host.platformDb.execute(sql`delete from dashboard_designs where organization_id = 100`);
});

test('the dashboard design: saved, the principal colour and the logo changed and worn by another signed-in window at once, the earlier version restored; axe with the brand design', async ({ page, browser, host }) => {
  const agentContext = await browser.newContext({ baseURL: host.url, locale: 'es-CO', timezoneId: 'America/Bogota', reducedMotion: 'reduce' });
  try {
    const agent = await agentContext.newPage();
    await agent.goto('/login');
    await signIn(agent, 'asesor@demo.co');
    await expect(agent.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();

    await page.goto('/login');
    await signIn(page, 'admin@demo.co');
    await openInApp(page, PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // A first design (the one restored at the end).
    await saveWithPrincipal(page, PURPLE);
    await expect.poll(() => brandOf(agent)).toBe(PURPLE);

    // The principal colour and the logo change; the agent's window follows without a reload.
    await saveWithPrincipal(page, GREEN);
    await page.getByTestId('logo-archivo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
    await expect(toast(page, 'Logo actualizado exitosamente')).toBeVisible();
    await expect.poll(() => brandOf(agent)).toBe(GREEN);
    await expect(agent.getByTestId('logo')).toBeVisible();
    await expect(page.getByTestId('vista-previa').getByTestId('logo')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await seriousViolations(agent)).toEqual([]);

    // Restore the first design (its version: the third newest, before the colour and the logo).
    const versions = page.getByRole('table', { name: 'Versiones del diseño' });
    const first = versions.getByRole('row').nth(3);
    await first.getByRole('button', { name: /^Restaurar la versión/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Restaurar' }).click();
    await expect(toast(page, 'Versión restaurada exitosamente')).toBeVisible();
    await expect.poll(() => brandOf(agent)).toBe(PURPLE);
    await expect(agent.getByTestId('logo')).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Color principal: fondo', exact: true })).toHaveValue(PURPLE);
  } finally {
    await agentContext.close();
  }
});
