import type { Locator, Page } from '@playwright/test';
import { MSG } from '../../src/shared/messages';
import { seriousViolations } from './axe';
import { expect, openInApp, signIn, test } from './fixtures';

/**
 * The human-agent settings area end to end (issues 6 and 37), on the browser host's embedded
 * platform: ONE round trip, walked as a person walks it, with axe on every screen visited. A split
 * is created and listed, given to an agent on 'Asesores', renamed (the agent's row follows, a
 * reload shows it stored) and deleted after the confirmation (it leaves the agent's row too); a
 * response template is created and deleted from the keyboard alone. Each screen's validation,
 * edits and deletes are checked in tests/unit/renderer/settings-*.test.tsx and, against the
 * platform, in tests/integration/server/settings-*.test.ts (docs/testing.md).
 */

const P = '/configuracion/asesor-humano';

/** Every screen of the area, by its path segment, with its title. */
const SCREENS = {
  asesores: 'Asesores',
  splits: 'Splits',
  general: 'Configuración general',
  'causales-negocio': 'Causales de negocio',
  'causales-finalizacion': 'Causales de finalización',
  mensajes: 'Mensajes de fin de conversación',
  'plantillas-respuesta': 'Plantillas de respuesta',
  'directorio-contactos': 'Directorio de contactos'
} as const;
type Segment = keyof typeof SCREENS;

async function settled(page: Page, segment: Segment): Promise<Locator> {
  await expect(page.getByRole('heading', { level: 1, name: SCREENS[segment] })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  return main;
}

/** Opens a screen of the area from inside the app; the first visit of each is checked with axe. */
async function visit(page: Page, checked: Set<Segment>, segment: Segment): Promise<Locator> {
  await openInApp(page, `${P}/${segment}`);
  const main = await settled(page, segment);
  if (!checked.has(segment)) {
    expect(await seriousViolations(page), segment).toEqual([]);
    checked.add(segment);
  }
  return main;
}

/** A field's label exactly (a required field's label ends in ' *'). */
function exactly(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}

async function toast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/** The row of a table whose first cell (its row header) is `name`. */
function row(scope: Locator, name: string): Locator {
  // The inner locator is matched inside each row, so it starts from the page, not from `scope`.
  return scope.getByRole('row').filter({ has: scope.page().getByRole('rowheader', { name, exact: true }) });
}

/** Presses Tab until `target` has the focus (a few presses at most). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 6; i++) {
    if (await expect(target).toBeFocused({ timeout: 250 }).then(() => true, () => false)) return;
    await page.keyboard.press('Tab');
  }
}

test('the human-agent settings area: a split created, given to an agent, renamed and deleted; a template made and removed from the keyboard; axe on every screen', async ({ page }) => {
  test.setTimeout(120_000);
  const checked = new Set<Segment>();
  const agent = 'Felipe Castaño';

  // The entity administrator (role 3) has every screen of the area.
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  await expect(page).toHaveURL('/analitica');

  // Splits: a new one heads the list.
  let main = await visit(page, checked, 'splits');
  await page.getByRole('button', { name: 'Nuevo split' }).click();
  let form = page.getByRole('dialog');
  await form.getByLabel('Código').fill('E2E_SPLIT');
  await form.getByLabel(exactly('Nombre')).fill('Cobranza');
  await form.getByLabel('Inactividad del asesor (minutos)').fill('5');
  await form.getByLabel('Inactividad del cliente (minutos)').fill('10');
  await form.getByLabel('Tiempo máximo de inicio de conversación (minutos)').fill('15');
  expect(await seriousViolations(page), 'the open split form').toEqual([]);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.splits.created);
  await expect(form).toBeHidden();
  await expect(main.getByRole('rowheader').first()).toHaveText('Cobranza');

  // Asesores: the agent answers it from now.
  main = await visit(page, checked, 'asesores');
  await row(main, agent).getByRole('button', { name: `Splits de ${agent}` }).click();
  const splitsOf = page.getByRole('dialog');
  await splitsOf.getByLabel(exactly('Split')).selectOption({ label: 'Cobranza' });
  await splitsOf.getByRole('button', { name: 'Agregar split' }).click();
  await toast(page, MSG.splits.agentAdded);
  await expect(splitsOf.getByRole('list')).toContainText('Cobranza');
  await splitsOf.getByRole('button', { name: 'Cerrar' }).click();
  await expect(splitsOf).toBeHidden();
  await expect(row(main, agent)).toContainText('Cobranza');

  // Splits: renamed; a reload shows it stored.
  main = await visit(page, checked, 'splits');
  await row(main, 'Cobranza').getByRole('button', { name: 'Editar Cobranza' }).click();
  form = page.getByRole('dialog');
  await form.getByLabel(exactly('Nombre')).fill('Cobranza y cartera');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.splits.updated);
  await expect(row(main, 'Cobranza y cartera')).toHaveCount(1);
  await page.reload();
  main = await settled(page, 'splits');
  await expect(row(main, 'Cobranza y cartera')).toContainText('E2E_SPLIT');

  // Asesores: the agent's row follows the new name.
  main = await visit(page, checked, 'asesores');
  await expect(row(main, agent)).toContainText('Cobranza y cartera');

  // Splits: deleted after the confirmation; the agent no longer answers it.
  main = await visit(page, checked, 'splits');
  await row(main, 'Cobranza y cartera').getByRole('button', { name: 'Eliminar Cobranza y cartera' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(confirm).toBeHidden();
  await toast(page, MSG.splits.deleted);
  await expect(row(main, 'Cobranza y cartera')).toHaveCount(0);
  main = await visit(page, checked, 'asesores');
  await expect(row(main, agent)).toBeVisible();
  await expect(row(main, agent)).not.toContainText('Cobranza');

  // The area's other screens, as the menu lists them.
  for (const segment of ['general', 'causales-negocio', 'causales-finalizacion', 'mensajes', 'directorio-contactos'] as const) await visit(page, checked, segment);

  // Plantillas, from the keyboard alone: open the form, fill it, save; then delete with the confirmation.
  main = await visit(page, checked, 'plantillas-respuesta');
  await page.getByRole('button', { name: 'Nueva plantilla' }).focus();
  await page.keyboard.press('Enter');
  form = page.getByRole('dialog');
  const name = form.getByLabel('Nombre de la plantilla');
  await expect(name).toBeVisible();
  await tabTo(page, name);
  await expect(name).toBeFocused();
  await page.keyboard.type('Teclado');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Contenido')).toBeFocused();
  await page.keyboard.type('Creada sin ratón');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Guardar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await toast(page, MSG.templates.created);
  await expect(form).toBeHidden();
  await expect(row(main, 'Teclado')).toContainText('Creada sin ratón');

  await row(main, 'Teclado').getByRole('button', { name: 'Eliminar Teclado' }).focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  const remove = confirm.getByRole('button', { name: 'Eliminar', exact: true });
  await tabTo(page, remove);
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await toast(page, MSG.templates.deleted);
  await expect(row(main, 'Teclado')).toHaveCount(0);

  expect([...checked].sort()).toEqual(Object.keys(SCREENS).sort());
});
