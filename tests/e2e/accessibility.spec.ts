import { seriousViolations } from './axe';
import { expect, signIn, test } from './fixtures';

test('the login page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // With validation messages and an error banner showing, too.
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await signIn(page, 'visualizador@demo.co', 'NoEsLaClave1');
  await expect(page.getByText('Usuario o contraseña inválidos')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the signed-in layout has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'supervisor@demo.co');
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/configuracion/companias-no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the sign-in form works from the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').focus();
  await page.keyboard.type('asesor@demo.co');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Contraseña')).toBeFocused();
  await page.keyboard.type('Atiende2026!');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/chat');
});
