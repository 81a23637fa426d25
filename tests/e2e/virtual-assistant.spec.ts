import type { Browser, Locator, Page } from '@playwright/test';
import { MSG } from '../../src/shared/messages';
import { seriousViolations } from './axe';
import { expect, openInApp, signIn, test } from './fixtures';

/**
 * The virtual-assistant settings area end to end (issue 38), on the browser host's embedded
 * platform: ONE round trip per screen group, walked as a person walks it, with axe on every screen
 * visited. What the admin changes reaches a customer's widget (another page, as a customer on the
 * company's website) at once: a new required field of the entry form is asked, and refused blank.
 * Each screen's validation, edits and deletes are checked in tests/unit/renderer/settings-*.test.tsx
 * and, against the platform, in tests/integration/server/settings-*.test.ts (docs/testing.md).
 */

const P = '/configuracion/asesor-virtual';

/** What the spec reads of GET /widget/config's entry form. */
interface WidgetField {
  idField: number;
  label: string;
  fieldType: string;
  required: boolean;
  options: string[];
}

async function settled(page: Page, title: string): Promise<Locator> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  return main;
}

/** Opens a screen of the area (or another, by its whole path) from inside the app and checks it with axe. */
async function visit(page: Page, segment: string, title: string): Promise<Locator> {
  await openInApp(page, segment.startsWith('/') ? segment : `${P}/${segment}`);
  const main = await settled(page, title);
  expect(await seriousViolations(page), segment).toEqual([]);
  return main;
}

/** Fills every entry-form field of the demo widget (org 100, assistant 1) but `skip`, with valid answers. */
async function fillEntryForm(customer: Page, platformUrl: string, skip: (field: WidgetField) => boolean = () => false): Promise<WidgetField[]> {
  const config = (await (await fetch(`${platformUrl}/widget/config?org=100&va=1`)).json()) as { entryForm: WidgetField[] };
  for (const field of config.entryForm) {
    if (skip(field)) continue;
    const control = customer.locator(`#field-${field.idField}`);
    if (field.fieldType === 'select') await control.selectOption(field.options[0] ?? '');
    else if (field.fieldType === 'email') await control.fill('lucia.rojas@example.com');
    else if (field.fieldType === 'phone') await control.fill('3001234567');
    else if (field.fieldType === 'document') await control.fill('1020304050');
    else await control.fill('Lucía Rojas');
  }
  return config.entryForm;
}

/** A customer on the company's site (a browser context of its own), closed afterwards whatever happens. */
async function asCustomer(browser: Browser, run: (customer: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Opens the demo widget, fills its entry form and starts: answers the assistant's messages, its greeting shown. */
async function startChat(customer: Page, platformUrl: string): Promise<Locator> {
  await customer.goto(`${platformUrl}/widget?org=100&va=1`);
  await fillEntryForm(customer, platformUrl);
  await customer.locator('#entry-submit').click();
  const bot = customer.locator('#messages li[data-sender="BOT"]');
  await expect(bot).toHaveCount(1);
  return bot;
}

async function toast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

test('the entry form: a required field added by the admin is asked by the next customer widget, and refused blank; regionales and the session expiry saved; axe on every screen and the widget', async ({ page, browser, host }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  await expect(page).toHaveURL('/analitica');

  const main = await visit(page, 'formulario-entrada', 'Formulario de entrada');
  await main.getByRole('button', { name: 'Agregar campo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar campo' });
  await dialog.getByRole('textbox', { name: /^Etiqueta/ }).fill('Número de póliza');
  await dialog.getByRole('switch', { name: 'Obligatorio' }).check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.entryForm.fieldAdded);
  await expect(dialog).toBeHidden();
  await expect(main.getByText('Número de póliza')).toBeVisible();

  // A customer opens the widget on the company's site after the save: the new field is there.
  await asCustomer(browser, async (customer) => {
    await customer.goto(`${host.platformUrl}/widget?org=100&va=1`);
    const policy = customer.getByLabel(/^Número de póliza/);
    await expect(policy).toBeVisible();
    expect(await seriousViolations(customer)).toEqual([]);
    // Everything else filled in, the new field left blank (spaces only): the form refuses to start.
    const fields = await fillEntryForm(customer, host.platformUrl, (f) => f.label === 'Número de póliza');
    const added = fields.find((f) => f.label === 'Número de póliza');
    expect(added?.required).toBe(true);
    await policy.fill('   ');
    await customer.locator('#entry-submit').click();
    await expect(policy).toBeFocused();
    await expect(policy).toHaveAttribute('aria-invalid', 'true');
    await expect(customer.getByTestId(`field-error-${added?.idField}`)).toHaveText('Este campo es obligatorio');
    await expect(customer.locator('#messages li[data-sender="BOT"]')).toHaveCount(0);
    // Answered, it starts: the assistant greets.
    await policy.fill('PZ-2026-0042');
    await customer.locator('#entry-submit').click();
    await expect(customer.locator('#messages li[data-sender="BOT"]')).toHaveCount(1);
  });

  // Regionales and the session expiry of the same group: each screen checked with axe, an expiry saved.
  await expect((await visit(page, 'regionales', 'Regionales')).getByText('Antioquia').first()).toBeVisible();
  const expiry = await visit(page, 'expiracion-sesion', 'Expiración de sesión');
  const withAssistant = expiry.getByRole('region', { name: 'Conversación con el asistente virtual' });
  const minutes = withAssistant.getByRole('textbox', { name: /^Tiempo de cierre/ });
  await minutes.fill('12');
  await withAssistant.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.sessionExpiry.updated);
});

test('an answer changed on the workspaces screen is what the next customer turn gets; axe on the screen', async ({ page, browser, host }) => {
  test.setTimeout(120_000);
  await asCustomer(browser, async (customer) => {
    // A customer already talking to the assistant before the change.
    const bot = await startChat(customer, host.platformUrl);

    await page.goto('/login');
    await signIn(page, 'admin@demo.co');
    await expect(page).toHaveURL('/analitica');
    const main = await visit(page, 'workspaces', 'Workspaces');
    await main.getByRole('button', { name: 'Editar Horarios de atención' }).click();
    const form = page.getByRole('dialog');
    const text = form.getByRole('textbox', { name: /^Texto del elemento 1/ });
    const changed = 'Desde diciembre atendemos de lunes a sábado de 7:00 a. m. a 7:00 p. m.';
    await text.fill(changed);
    // The preview draws it as the widget will.
    await expect(form.getByTestId('answer-preview').getByText(changed)).toBeVisible();
    await form.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MSG.workspaces.answerUpdated);
    await expect(form).toBeHidden();

    // The same customer asks: the new answer, no restart.
    await customer.locator('#composer-input').fill('¿Cuál es el horario de atención?');
    await customer.locator('#composer-input').press('Enter');
    await expect(bot).toHaveCount(2);
    await expect(bot.nth(1)).toContainText(changed);
  });
});

test('a feature switched off stops at once: the next customer widget offers no attachment; axe on the screen', async ({ page, browser, host }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  await expect(page).toHaveURL('/analitica');
  const main = await visit(page, '/configuracion/personalizacion/funcionalidades', 'Funcionalidades');
  const attachments = main.getByRole('switch', { name: 'Adjuntos del cliente' });
  await expect(attachments).toBeChecked();
  await attachments.uncheck();
  await toast(page, MSG.features.updated);

  await asCustomer(browser, async (customer) => {
    await startChat(customer, host.platformUrl);
    await expect(customer.locator('#composer-input')).toBeVisible();
    await expect(customer.locator('#composer-file')).toHaveCount(0);
  });
  // Back on, as the demo had it.
  await attachments.check();
  await expect(attachments).toBeChecked();
});

/** A small Watson Assistant v1 export: two intents, a node with a `<? ?>` condition, a child node, one jump; nodes out of dialog order. */
const WATSON_EXPORT = {
  name: 'Asistente de pagos',
  language: 'es',
  intents: [
    { intent: 'pagar_factura', examples: [{ text: 'quiero pagar mi factura' }, { text: 'cómo pago la factura' }], description: null },
    { intent: 'puntos_lealtad', examples: [{ text: 'cuántos puntos de lealtad tengo' }, { text: 'consultar mis puntos' }], description: null }
  ],
  entities: [],
  dialog_nodes: [
    { dialog_node: 'puntos', title: 'Puntos de lealtad', conditions: '#puntos_lealtad && <? input.text.length() > 3 ?>', parent: null, previous_sibling: 'pago', output: { generic: [{ response_type: 'text', values: [{ text: 'Consulta tus puntos en la aplicación, sección Beneficios.' }] }] }, next_step: { behavior: 'jump_to', selector: 'body', dialog_node: 'pago' } },
    { dialog_node: 'pago', title: 'Pagar factura', conditions: '#pagar_factura', parent: null, previous_sibling: null, output: { text: { values: ['Paga tu factura en línea con PSE o tarjeta.'], selection_policy: 'sequential' } }, next_step: null },
    { dialog_node: 'pago_mas', title: null, conditions: 'true', parent: 'pago', previous_sibling: null, output: { text: '¿Te ayudo con algo más?' }, context: null }
  ]
};

test('a Watson export imported through its dry run: what would change and what cannot be carried over, then the new answers listed and given to a customer; axe on the dialog', async ({ page, browser, host }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  await expect(page).toHaveURL('/analitica');
  const main = await visit(page, 'workspaces', 'Workspaces');
  await main.getByRole('button', { name: 'Importar desde Watson' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Importar desde IBM Watson Assistant' });
  // With a byte-order mark, as some editors save it.
  await dialog.getByLabel('Archivo de exportación (JSON)').setInputFiles({ name: 'pagos.json', mimeType: 'application/json', buffer: Buffer.from('\uFEFF' + JSON.stringify(WATSON_EXPORT), 'utf8') });
  await expect(dialog.getByText('El archivo tiene 3 nodo(s) y 2 intención(es).')).toBeVisible();
  await expect(dialog.getByText('Se agregarán 3 nodo(s)')).toBeVisible();
  await expect(dialog.getByText(/^No se pueden traer \(\d+\)$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await toast(page, 'Importación terminada: 3 nodo(s) agregado(s), 0 actualizado(s).');
  await expect(dialog).toBeHidden();
  await expect(main.getByRole('rowheader', { name: 'Pagar factura' })).toBeVisible();
  await expect(main.getByRole('rowheader', { name: 'Puntos de lealtad' })).toBeVisible();

  // A customer asks what the export taught the assistant.
  await asCustomer(browser, async (customer) => {
    const bot = await startChat(customer, host.platformUrl);
    await customer.locator('#composer-input').fill('cuántos puntos de lealtad tengo');
    await customer.locator('#composer-input').press('Enter');
    await expect(bot).toHaveCount(2);
    await expect(bot.nth(1)).toContainText('Consulta tus puntos en la aplicación, sección Beneficios.');
  });
});
