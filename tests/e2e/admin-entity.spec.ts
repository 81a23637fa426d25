import type { Locator, Page } from '@playwright/test';
import { MSG } from '../../src/shared/messages';
import { seriousViolations } from './axe';
import { expect, openInApp, signIn, test } from './fixtures';

/**
 * SPEC §2's special action 'Administrar entidad' end to end (issue 19): the Superadministrador chooses
 * the other demo organisation (200, Otra Entidad S.A.S.), works in it with the role-3 tree under a
 * banner naming it — the users page shows and creates that organisation's users through the role-1
 * calls — and 'Volver' brings back the own tree. Keyboard only where a person would use it.
 */

const OTRA = 'Otra Entidad S.A.S.';
const USERS = '/configuracion/administrar-usuarios/usuarios';

/** The drawer's settings group (and, when given, one of its groups) opened. */
async function settingsMenu(page: Page, inner?: string): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  for (const name of ['Configuración', ...(inner ? [inner] : [])]) {
    const group = nav.getByRole('button', { name, exact: true }).last();
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  }
  return nav;
}

test("the superadministrator administers another organisation with the role-3 tree, and comes back with 'Volver'", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await signIn(page, 'superadmin@demo.co');
  await expect(page).toHaveURL(/\/analitica$/);
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  // The own organisation's home: its agents, and the organisation chooser of the platform-wide role.
  await expect(page.getByRole('main').getByText('Valentina López', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').getByRole('combobox', { name: /Organización/ })).toBeVisible();

  // The action, from the keyboard.
  const action = page.getByRole('button', { name: 'Administrar entidad' });
  await action.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Administrar entidad' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing chosen: the choice is asked for and nothing changes.
  await dialog.getByRole('button', { name: 'Administrar', exact: true }).click();
  await expect(dialog.getByText('Elija una organización', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: /Organización/ }).selectOption({ label: OTRA });
  await dialog.getByRole('button', { name: 'Administrar', exact: true }).click();
  await expect(dialog).toBeHidden();

  const banner = page.getByRole('region', { name: `Administrando ${OTRA}` });
  await expect(banner).toBeVisible();
  await expect(page).toHaveURL(/\/analitica$/);
  await expect(page.getByRole('button', { name: 'Administrar entidad' })).toHaveCount(0);
  // The home page is the administered organisation's: its agents, and no organisation to choose.
  await expect(page.getByRole('main').getByText('Natalia Ospina', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').getByText('Valentina López', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('combobox', { name: /Organización/ })).toHaveCount(0);
  // The role-3 tree: the company's human-agent settings, no Compañías.
  const nav = await settingsMenu(page, 'Asesor humano');
  await expect(nav.getByRole('link', { name: 'Splits', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Compañías', exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The users page is the administered organisation's: its people, not the own organisation's.
  await openInApp(page, USERS);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  await expect(main.getByText('admin@otra.co', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(main.getByText('asesor@otra.co', { exact: true })).toBeVisible();
  await expect(main.getByText('admin@demo.co', { exact: true })).toHaveCount(0);
  await expect(main.getByRole('combobox', { name: /Organización/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A user created here joins that organisation (the role-1 call with the organisation administered).
  const email = `nueva.${Date.now()}@otra.co`;
  await main.getByRole('button', { name: 'Nuevo usuario' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await form.getByRole('textbox', { name: /^Nombre/ }).fill('Laura Gómez');
  await form.getByRole('textbox', { name: /^Correo electrónico/ }).fill(email);
  await form.getByRole('combobox', { name: /^Rol/ }).selectOption({ label: 'Asesor humano' });
  await form.getByLabel(/^Contraseña inicial/).fill('Inicial2026x');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MSG.users.created, { exact: true }).first()).toBeVisible();
  await expect(main.getByText(email, { exact: true })).toBeVisible();
  // After a reload the main process still keeps the organisation administered, and the new user is there.
  await page.reload();
  await expect(page.getByRole('region', { name: `Administrando ${OTRA}` })).toBeVisible();
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible({ timeout: 30_000 });

  // 'Volver', from the keyboard: the own tree and landing page again.
  const back = page.getByRole('region', { name: `Administrando ${OTRA}` }).getByRole('button', { name: 'Volver' });
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: `Administrando ${OTRA}` })).toHaveCount(0);
  await expect(page).toHaveURL(/\/analitica$/);
  await expect(page.getByRole('button', { name: 'Administrar entidad' })).toBeVisible();
  const own = await settingsMenu(page);
  await expect(own.getByRole('link', { name: 'Compañías', exact: true })).toBeVisible();

  // The own users page again shows the organisation chooser and the own organisation's people.
  await openInApp(page, USERS);
  await expect(page.getByRole('main').getByRole('combobox', { name: /Organización/ })).toBeVisible();
  await expect(page.getByRole('main').getByText('admin@demo.co', { exact: true })).toBeVisible({ timeout: 30_000 });
});
