import { expect, signIn, test } from './fixtures';

test('without a session every route goes to /login', async ({ page }) => {
  await page.goto('/analitica');
  await expect(page).toHaveURL('/login');
  await page.goto('/');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
});

test('the form validates in Spanish before sending', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Ingrese el correo electrónico')).toBeVisible();
  await expect(page.getByText('Ingrese la contraseña')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill('admin@');
  await page.getByLabel('Contraseña').fill('x');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Ingrese un correo electrónico válido')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('a wrong password shows the banner and keeps the e-mail', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'visualizador@demo.co', 'NoEsLaClave1');
  const area = page.getByRole('region', { name: 'Avisos' });
  await expect(area.getByText('Usuario o contraseña inválidos')).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('visualizador@demo.co');
  await expect(page).toHaveURL('/login');
});

test('sign-out returns to /login and / then goes to /login', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  await expect(page).toHaveURL('/analitica');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/');
  await expect(page).toHaveURL('/login');
  await page.goto('/analitica');
  await expect(page).toHaveURL('/login');
});

test('a reload keeps the session', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'supervisor@demo.co');
  await expect(page).toHaveURL('/analitica/estadisticas/asesor-humano/chats');
  await page.reload();
  await expect(page).toHaveURL('/analitica/estadisticas/asesor-humano/chats');
  await expect(page.getByRole('banner').getByText('supervisor@demo.co')).toBeVisible();
});

test('five wrong passwords lock the account, and then the right one is refused too', async ({ page }) => {
  await page.goto('/login');
  const area = page.getByRole('region', { name: 'Avisos' });
  for (let attempt = 1; attempt <= 4; attempt++) {
    await signIn(page, 'admin@otra.co', `Equivocada${attempt}`);
    await expect(area.getByText('Usuario o contraseña inválidos').first()).toBeVisible();
    await expect(page.getByLabel('Contraseña')).toHaveValue('');
  }
  await signIn(page, 'admin@otra.co', 'Equivocada5');
  await expect(area.getByText('Usuario ha sido bloqueado')).toBeVisible();
  // Five failures, at most three banners at once (a dismissed one may still be fading out).
  await expect.poll(() => area.locator('.fui-MessageBar').count()).toBe(3);
  await expect(page.getByText('Esta cuenta está bloqueada.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeDisabled();
  await expect(page.getByLabel('Contraseña')).toBeDisabled();

  await page.reload();
  await signIn(page, 'admin@otra.co');
  await expect(page.getByRole('region', { name: 'Avisos' }).getByText('Usuario ha sido bloqueado')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('an expired password forces the change before anything else', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'expirado@demo.co');
  await expect(page).toHaveURL('/change-password');
  await expect(page.getByText('Su contraseña ha expirado.', { exact: false })).toBeVisible();

  // Every other route leads back here until the password changes.
  await page.goto('/analitica');
  await expect(page).toHaveURL('/change-password');

  const current = page.getByLabel('Contraseña actual');
  await current.fill('NoEsLaActual1');
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('NuevaClave2026');
  await page.getByLabel('Confirmar nueva contraseña').fill('NuevaClave2026');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('La contraseña Actual no es válida.')).toBeVisible();
  await expect(current).toHaveValue('NoEsLaActual1');
  await expect(page).toHaveURL('/change-password');

  await current.fill('Atiende2026!');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page).toHaveURL('/analitica');
  await expect(page.getByText('La contraseña se actualizó correctamente.').first()).toBeVisible();
  // The session had been good for the change only: renewed after it, the home page's calls answer
  // (a tile shows its figure, not '--') and none is refused.
  await expect(page.getByRole('group', { name: 'Conversaciones' })).not.toContainText('--');
  await expect(page.getByText('Usuario no autorizado')).toHaveCount(0);

  // The new password is the one that works now.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, 'expirado@demo.co', 'Atiende2026!');
  await expect(page.getByRole('region', { name: 'Avisos' }).getByText('Usuario o contraseña inválidos')).toBeVisible();
  await signIn(page, 'expirado@demo.co', 'NuevaClave2026');
  await expect(page).toHaveURL('/analitica');
});
