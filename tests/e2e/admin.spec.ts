import type { Page } from '@playwright/test';
import { LDAP_TEXT } from '../../src/shared/domain/ldap';
import { MSG } from '../../src/shared/messages';
import { seriousViolations } from './axe';
import { expect, openInApp, signIn, test } from './fixtures';

/**
 * The administration area end to end (issue 19), on the browser host's embedded platform, as the
 * Superadministrador: an organisation created in companias; a user created in
 * administrar-usuarios/usuarios signs in and changes the forced password; an account locked by
 * wrong passwords is unlocked from parametros and signs in again; the organisation's LDAP settings
 * are saved there. axe on each screen.
 */

const INITIAL = 'Inicial2026x';

async function settled(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

async function noSeriousViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL('/login');
}

async function createUser(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Nuevo usuario', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Nombre/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Correo electrónico/ }).fill(email);
  await dialog.getByRole('combobox', { name: /^Rol/ }).selectOption({ label: 'Visualizador de entidad' });
  await dialog.getByLabel(/^Contraseña inicial/).fill(INITIAL);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(MSG.users.created, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('rowheader', { name, exact: true })).toBeVisible();
}

/** First sign-in with the initial password: the change is forced, then the app opens. */
async function changeForcedPassword(page: Page, email: string, next: string): Promise<void> {
  await signIn(page, email, INITIAL);
  await expect(page).toHaveURL('/change-password');
  await noSeriousViolations(page);
  await page.getByLabel('Contraseña actual').fill(INITIAL);
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(next);
  await page.getByLabel('Confirmar nueva contraseña').fill(next);
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page).toHaveURL('/analitica');
}

test('the Superadministrador creates an organisation and users, and unlocks a locked account', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const fresh = { name: 'Paula Nueva E2E', email: `nuevo.${stamp}@demo.co` };
  const lockable = { name: 'Bruno Bloqueable E2E', email: `bloqueable.${stamp}@demo.co` };

  await page.goto('/login');
  await signIn(page, 'superadmin@demo.co');
  await expect(page).toHaveURL('/analitica');

  // companias: a new organisation.
  await openInApp(page, '/configuracion/companias');
  await settled(page, 'Compañías');
  await page.getByRole('button', { name: 'Nueva compañía' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Nombre/ }).fill(`Entidad E2E ${stamp}`);
  await dialog.getByRole('textbox', { name: /^Esquema/ }).fill(`e2e_${stamp}`);
  await dialog.getByRole('textbox', { name: /^Tipo de organización/ }).fill('Contact center');
  await noSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(MSG.companies.created, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('rowheader', { name: `Entidad E2E ${stamp}`, exact: true })).toBeVisible();
  await noSeriousViolations(page);

  // usuarios: two users of the demo organisation, each with an initial password.
  await openInApp(page, '/configuracion/administrar-usuarios/usuarios');
  await settled(page, 'Usuarios');
  await createUser(page, fresh.name, fresh.email);
  await createUser(page, lockable.name, lockable.email);
  await noSeriousViolations(page);
  await signOut(page);

  // The new user's first sign-in forces the change of the initial password.
  await changeForcedPassword(page, fresh.email, 'Renovada2026x');
  await signOut(page);

  // Wrong passwords lock the other one (the demo organisation allows five attempts).
  const notices = page.getByRole('region', { name: 'Avisos' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signIn(page, lockable.email, `Equivocada${attempt}x`);
    await expect(notices.getByText(attempt < 5 ? 'Usuario o contraseña inválidos' : 'Usuario ha sido bloqueado').first()).toBeVisible();
  }
  await page.reload();

  // parametros: the Superadministrador unlocks it.
  await signIn(page, 'superadmin@demo.co');
  await expect(page).toHaveURL('/analitica');
  await openInApp(page, '/configuracion/administrar-usuarios/parametros');
  await settled(page, 'Parámetros');
  const locked = page.getByRole('region', { name: 'Cuentas bloqueadas' });
  await expect(locked.getByRole('rowheader', { name: lockable.name, exact: true })).toBeVisible();
  await noSeriousViolations(page);
  await locked.getByRole('button', { name: `Desbloquear a ${lockable.name}` }).click();
  await expect(page.getByText(MSG.users.unlocked, { exact: true }).first()).toBeVisible();
  await expect(locked.getByRole('rowheader', { name: lockable.name, exact: true })).toBeHidden();
  // The organisation's directory settings are saved through the same page (left disabled: no directory here).
  // A loopback URL is refused (the platform connects only to public addresses unless LDAP_ALLOWED_HOSTS says otherwise)…
  const directory = page.getByRole('form', { name: 'Directorio LDAP' });
  await directory.getByRole('textbox', { name: /^URL del directorio/ }).fill('ldap://127.0.0.1:3890');
  await directory.getByRole('textbox', { name: /^Base de búsqueda de usuarios/ }).fill('ou=personas,dc=demo,dc=co');
  await directory.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(LDAP_TEXT.addressRefused, { exact: true }).first()).toBeVisible();
  // …a public one (a documentation range: it reaches no one) is saved.
  await directory.getByRole('textbox', { name: /^URL del directorio/ }).fill('ldap://203.0.113.10:389');
  await directory.getByRole('textbox', { name: /^Base de búsqueda de usuarios/ }).fill('ou=personas,dc=demo,dc=co');
  await directory.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Configuración LDAP guardada exitosamente', { exact: true }).first()).toBeVisible();
  await signOut(page);

  // Unlocked: the initial password signs in again (and its forced change follows).
  await changeForcedPassword(page, lockable.email, 'Desbloqueada2026x');
});
