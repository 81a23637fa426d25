import type { Locator, Page } from '@playwright/test';
import { MSG } from '../../src/shared/messages';
import { seriousViolations } from './axe';
import { expect, openInApp, signIn, test } from './fixtures';

/**
 * The human-agent settings pages end to end (issue 6), on the browser host's embedded platform:
 * on each screen an item is created, edited and deleted, the list follows and what was saved is
 * still there after a reload; a validation error keeps what was typed; the supervisor puts an
 * agent in Pausa and Desconectado and manages his splits.
 */

const P = '/configuracion/asesor-humano';

async function open(page: Page, segment: string, title: string): Promise<Locator> {
  await openInApp(page, `${P}/${segment}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  return main;
}

async function reload(page: Page, title: string): Promise<Locator> {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
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

async function confirmDelete(page: Page): Promise<void> {
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(confirm).toBeHidden();
}


/** The entity administrator (role 3) has every human-agent settings page. */
async function asAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  await expect(page).toHaveURL('/analitica');
}

for (const kind of [
  { segment: 'causales-negocio', title: 'Causales de negocio', code: 'E2E_NEGOCIO', name: 'Consulta de prueba' },
  { segment: 'causales-finalizacion', title: 'Causales de finalización', code: 'E2E_FIN', name: 'Cierre de prueba' }
]) {
  test(`${kind.segment}: create, refuse, edit, switch off and delete a reason`, async ({ page }) => {
    await asAdmin(page);
    let main = await open(page, kind.segment, kind.title);
    const existingCode = (await main.getByRole('row').nth(1).getByRole('cell').nth(0).innerText()).trim();
    const existingName = (await main.getByRole('rowheader').first().innerText()).trim();

    // Validation in Spanish before sending; what was typed stays.
    await page.getByRole('button', { name: 'Nueva causal' }).click();
    let form = page.getByRole('dialog');
    await form.getByLabel('Código').fill(existingCode);
    await form.getByLabel('Descripción').fill('Creada por la prueba');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByText('El nombre es obligatorio')).toBeVisible();
    await expect(form.getByLabel('Código')).toHaveValue(existingCode);

    // A code the list already shows is refused under its field before anything is sent (the platform's 409 says the same);
    // so is a name already listed, whatever its case. The dialog and the input stay.
    await form.getByLabel(exactly('Nombre')).fill(existingName.toUpperCase());
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByText('Ya existe una causal con ese código')).toBeVisible();
    await expect(form.getByText('Ya existe una causal con ese nombre')).toBeVisible();
    await form.getByLabel(exactly('Nombre')).fill(kind.name);
    await expect(form.getByLabel(exactly('Nombre'))).toHaveValue(kind.name);

    await form.getByLabel('Código').fill(kind.code);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MSG.causales.created);
    await expect(form).toBeHidden();
    await expect(main.getByRole('rowheader').first()).toHaveText(kind.name);

    main = await reload(page, kind.title);
    await expect(row(main, kind.name)).toHaveCount(1);

    await row(main, kind.name).getByRole('button', { name: `Editar ${kind.name}` }).click();
    form = page.getByRole('dialog');
    await form.getByLabel(exactly('Nombre')).fill(`${kind.name} editada`);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MSG.causales.updated);
    await expect(row(main, `${kind.name} editada`)).toHaveCount(1);

    await row(main, `${kind.name} editada`).getByRole('switch').click();
    await expect(row(main, `${kind.name} editada`).getByRole('switch')).not.toBeChecked();

    main = await reload(page, kind.title);
    await expect(row(main, `${kind.name} editada`).getByRole('switch')).not.toBeChecked();

    await row(main, `${kind.name} editada`).getByRole('button', { name: `Eliminar ${kind.name} editada` }).click();
    await confirmDelete(page);
    await toast(page, MSG.causales.deleted);
    await expect(row(main, `${kind.name} editada`)).toHaveCount(0);
    main = await reload(page, kind.title);
    await expect(row(main, `${kind.name} editada`)).toHaveCount(0);
  });
}

test('general: max chats and working hours, and a pause event created, edited and deleted', async ({ page }) => {
  await asAdmin(page);
  let main = await open(page, 'general', 'Configuración general');
  const params = main.getByRole('form', { name: 'Parámetros de chat' });
  const maxChats = params.getByLabel('Número máximo de chats por asesor');
  await expect(maxChats).not.toHaveValue('');

  await maxChats.fill('0');
  await params.getByRole('button', { name: 'Guardar' }).click();
  await expect(params.getByText('El número máximo de chats debe ser al menos 1')).toBeVisible();
  await expect(maxChats).toHaveValue('0');

  await params.getByLabel('Hora laboral de inicio').fill('18:00');
  await params.getByLabel('Hora laboral de fin').fill('08:00');
  await maxChats.fill('4');
  await params.getByRole('button', { name: 'Guardar' }).click();
  await expect(params.getByText('La hora final debe ser posterior a la hora inicial')).toBeVisible();

  await params.getByLabel('Hora laboral de inicio').fill('07:00');
  await params.getByLabel('Hora laboral de fin').fill('21:30');
  await params.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.parameters.maxChatsUpdated);

  main = await reload(page, 'Configuración general');
  await expect(main.getByLabel('Número máximo de chats por asesor')).toHaveValue('4');
  await expect(main.getByLabel('Hora laboral de fin')).toHaveValue('21:30');

  const events = main.getByRole('region', { name: 'Eventos de pausa' });
  await events.getByRole('button', { name: 'Nuevo evento de pausa' }).click();
  let form = page.getByRole('dialog');
  await form.getByLabel(exactly('Nombre')).fill('Capacitación E2E');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.pauseEvents.created);
  await expect(events.getByRole('rowheader').first()).toHaveText('Capacitación E2E');

  await row(events, 'Capacitación E2E').getByRole('button', { name: 'Editar Capacitación E2E' }).click();
  form = page.getByRole('dialog');
  await form.getByLabel(exactly('Nombre')).fill('Capacitación interna');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.pauseEvents.updated);
  main = await reload(page, 'Configuración general');
  const reloaded = main.getByRole('region', { name: 'Eventos de pausa' });
  await expect(row(reloaded, 'Capacitación interna')).toHaveCount(1);

  await row(reloaded, 'Capacitación interna').getByRole('button', { name: 'Eliminar Capacitación interna' }).click();
  await confirmDelete(page);
  await toast(page, MSG.pauseEvents.deleted);
  await expect(row(reloaded, 'Capacitación interna')).toHaveCount(0);
  main = await reload(page, 'Configuración general');
  await expect(row(main, 'Capacitación interna')).toHaveCount(0);
});

test('mensajes: the end messages in SPEC order, one edited and kept after a reload', async ({ page }) => {
  await asAdmin(page);
  let main = await open(page, 'mensajes', 'Mensajes de fin de conversación');
  const acronyms = await main.getByRole('listitem').locator('.fui-CardHeader').allInnerTexts();
  // Each card is headed by its acronym with its meaning beside it, in SPEC §9's order.
  expect(acronyms.map((t) => t.split('\n')[0]!.trim().split(' — ')[0])).toEqual(['CCCNE', 'FCCC', 'FCCA', 'FCTIC', 'FCTIA', 'FCFHL']);
  expect(acronyms[1]).toContain('FCCC — El cliente cerró el chat');
  await expect(main.getByRole('listitem').last().getByText('Fin de conversación')).toBeVisible();

  const box = main.getByRole('textbox', { name: 'Mensaje FCCA' });
  await box.fill('   ');
  await main.getByRole('form', { name: 'Mensaje FCCA' }).getByRole('button', { name: 'Guardar' }).click();
  await expect(main.getByText('El mensaje es obligatorio')).toBeVisible();
  await expect(box).toHaveValue('   ');

  await box.fill('Gracias por contactarnos. Tu conversación fue cerrada por el asesor.');
  await main.getByRole('form', { name: 'Mensaje FCCA' }).getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.endMessages.updated);
  main = await reload(page, 'Mensajes de fin de conversación');
  await expect(main.getByRole('textbox', { name: 'Mensaje FCCA' })).toHaveValue('Gracias por contactarnos. Tu conversación fue cerrada por el asesor.');
});

test('plantillas-respuesta: create, edit and delete a template', async ({ page }) => {
  await asAdmin(page);
  let main = await open(page, 'plantillas-respuesta', 'Plantillas de respuesta');
  await page.getByRole('button', { name: 'Nueva plantilla' }).click();
  let form = page.getByRole('dialog');
  await form.getByLabel('Nombre de la plantilla').fill('Despedida E2E');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('El contenido de la plantilla es obligatorio')).toBeVisible();
  await expect(form.getByLabel('Nombre de la plantilla')).toHaveValue('Despedida E2E');
  await form.getByLabel('Contenido').fill('Gracias por escribirnos, que tengas un buen día.');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.templates.created);
  await expect(main.getByRole('rowheader').last()).toHaveText('Despedida E2E');

  main = await reload(page, 'Plantillas de respuesta');
  await row(main, 'Despedida E2E').getByRole('button', { name: 'Editar Despedida E2E' }).click();
  form = page.getByRole('dialog');
  await form.getByLabel('Contenido').fill('¡Hasta pronto!');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.templates.updated);
  await expect(row(main, 'Despedida E2E')).toContainText('¡Hasta pronto!');
  main = await reload(page, 'Plantillas de respuesta');
  await expect(row(main, 'Despedida E2E')).toContainText('¡Hasta pronto!');

  await row(main, 'Despedida E2E').getByRole('button', { name: 'Eliminar Despedida E2E' }).click();
  await confirmDelete(page);
  await toast(page, MSG.templates.deleted);
  await expect(row(main, 'Despedida E2E')).toHaveCount(0);
  main = await reload(page, 'Plantillas de respuesta');
  await expect(row(main, 'Despedida E2E')).toHaveCount(0);
});

test('directorio-contactos: create, edit and delete a contact with its city from the location list', async ({ page }) => {
  await asAdmin(page);
  let main = await open(page, 'directorio-contactos', 'Directorio de contactos');
  await expect(main.getByRole('rowheader').first()).toBeVisible();
  const before = await main.getByRole('rowheader').count();

  await page.getByRole('button', { name: 'Nuevo contacto' }).click();
  let form = page.getByRole('dialog');
  await form.getByLabel(exactly('Nombre')).fill('Laura Gómez');
  await form.getByLabel('Correo electrónico').fill('laura.gomez@');
  await form.getByLabel('Teléfono').fill('+57 300 555 0101');
  await form.getByLabel(exactly('Identificación')).fill('1020304050');
  await expect(form.getByLabel('Tipo de identificación')).toHaveValue('CÉDULA CIUDADANIA');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Ingrese un correo electrónico válido')).toBeVisible();
  await expect(form.getByText('Seleccione la ciudad')).toBeVisible();
  await expect(form.getByLabel('Correo electrónico')).toHaveValue('laura.gomez@');

  await form.getByLabel('Correo electrónico').fill('laura.gomez@demo.co');
  await form.getByLabel('Departamento').selectOption({ label: 'Antioquia' });
  await form.getByLabel('Ciudad').selectOption({ label: 'Envigado' });
  await form.getByLabel('Mensajes predefinidos').fill('Laura atiende reclamos de facturación.');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.contacts.created);
  await expect(main.getByRole('rowheader').last()).toHaveText('Laura Gómez');
  await expect(row(main, 'Laura Gómez')).toContainText('Envigado, Antioquia');

  main = await reload(page, 'Directorio de contactos');
  await row(main, 'Laura Gómez').getByRole('button', { name: 'Editar Laura Gómez' }).click();
  form = page.getByRole('dialog');
  await expect(form.getByLabel('Ciudad')).toHaveValue('5266');
  await form.getByLabel('Teléfono').fill('+57 604 555 0202');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.contacts.updated);
  await expect(row(main, 'Laura Gómez')).toContainText('+57 604 555 0202');
  main = await reload(page, 'Directorio de contactos');
  await expect(row(main, 'Laura Gómez')).toContainText('+57 604 555 0202');

  await row(main, 'Laura Gómez').getByRole('button', { name: 'Eliminar Laura Gómez' }).click();
  await confirmDelete(page);
  await toast(page, MSG.contacts.deleted);
  await expect(row(main, 'Laura Gómez')).toHaveCount(0);
  main = await reload(page, 'Directorio de contactos');
  await expect(main.getByRole('rowheader')).toHaveCount(before);
});

test('splits: create, schedules without overlaps, derivations, edit, bulk update and delete', async ({ page }) => {
  await asAdmin(page);
  test.setTimeout(120_000);
  let main = await open(page, 'splits', 'Splits');
  await page.getByRole('button', { name: 'Nuevo split' }).click();
  let form = page.getByRole('dialog');
  await form.getByLabel('Código').fill('E2E_SPLIT');
  await form.getByLabel(exactly('Nombre')).fill('Cobranza');
  await form.getByLabel('Inactividad del asesor (minutos)').fill('5');
  await form.getByLabel('Inactividad del cliente (minutos)').fill('0');
  await form.getByLabel('Tiempo máximo de inicio de conversación (minutos)').fill('15');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('El tiempo de inactividad del cliente debe ser al menos 1')).toBeVisible();
  await expect(form.getByLabel(exactly('Nombre'))).toHaveValue('Cobranza');
  await form.getByLabel('Inactividad del cliente (minutos)').fill('10');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.splits.created);
  await expect(main.getByRole('rowheader').first()).toHaveText('Cobranza');

  // Schedules: several per day, never overlapping.
  await row(main, 'Cobranza').getByRole('button', { name: 'Horarios y derivaciones de Cobranza' }).click();
  const schedules = main.getByRole('region', { name: 'Horarios de atención' });
  const addPeriod = schedules.getByRole('form', { name: 'Agregar horario' });
  await addPeriod.getByLabel('Día').selectOption({ label: 'Lunes' });
  await addPeriod.getByLabel('Hora de inicio').fill('08:00');
  await addPeriod.getByLabel('Hora de fin').fill('12:00');
  await addPeriod.getByRole('button', { name: 'Agregar horario' }).click();
  await toast(page, MSG.schedules.created);
  await addPeriod.getByLabel('Día').selectOption({ label: 'Lunes' });
  await addPeriod.getByLabel('Hora de inicio').fill('11:00');
  await addPeriod.getByLabel('Hora de fin').fill('14:00');
  await addPeriod.getByRole('button', { name: 'Agregar horario' }).click();
  await expect(schedules.getByText('El horario se cruza con otro del mismo día (Lunes 08:00–12:00)')).toBeVisible();
  await expect(addPeriod.getByLabel('Hora de inicio')).toHaveValue('11:00');
  await addPeriod.getByLabel('Hora de inicio').fill('12:00');
  await addPeriod.getByRole('button', { name: 'Agregar horario' }).click();
  await expect(schedules.getByRole('rowheader')).toHaveCount(2);

  // Derivations.
  const derivations = main.getByRole('region', { name: 'Derivaciones' });
  await derivations.getByLabel('Split de destino').selectOption({ label: 'Ventas' });
  await derivations.getByRole('button', { name: 'Agregar a derivados' }).click();
  await toast(page, MSG.transfers.added);
  await expect(derivations.getByRole('list', { name: 'Splits a los que Cobranza puede trasladar' })).toContainText('Ventas');
  await derivations.getByRole('button', { name: 'Editar derivaciones' }).click();
  form = page.getByRole('dialog');
  await form.getByRole('checkbox', { name: 'Soporte técnico' }).check();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.transfers.updated);
  await derivations.getByRole('button', { name: 'Quitar Ventas de los derivados' }).click();
  await confirmDelete(page);
  await toast(page, MSG.transfers.deleted);

  main = await reload(page, 'Splits');
  await expect(row(main, 'Cobranza')).toContainText('E2E_SPLIT');
  await row(main, 'Cobranza').getByRole('button', { name: 'Horarios y derivaciones de Cobranza' }).click();
  await expect(main.getByRole('region', { name: 'Horarios de atención' }).getByRole('rowheader')).toHaveCount(2);
  await expect(main.getByRole('list', { name: 'Splits a los que Cobranza puede trasladar' }).getByRole('listitem')).toHaveText(['Soporte técnico']);

  // Edit, then the bulk update.
  await row(main, 'Cobranza').getByRole('button', { name: 'Editar Cobranza' }).click();
  form = page.getByRole('dialog');
  await form.getByLabel(exactly('Nombre')).fill('Cobranza y cartera');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.splits.updated);
  await row(main, 'Cobranza y cartera').getByRole('checkbox', { name: 'Seleccionar Cobranza y cartera' }).check();
  await page.getByRole('button', { name: 'Actualizar seleccionados' }).click();
  form = page.getByRole('dialog');
  await form.getByLabel('Estado').selectOption({ label: 'Inactivo' });
  await form.getByLabel('Inactividad del asesor (minutos)').fill('7');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.splits.bulkUpdated);
  main = await reload(page, 'Splits');
  await expect(row(main, 'Cobranza y cartera')).toContainText('No');
  await expect(row(main, 'Cobranza y cartera')).toContainText('Inactividad del asesor: 7 min');
  await expect(row(main, 'Cobranza y cartera')).toContainText('Inactividad del cliente: 10 min');
  await expect(row(main, 'Cobranza y cartera')).toContainText('Tiempo máximo de inicio: 15 min');

  await row(main, 'Cobranza y cartera').getByRole('button', { name: 'Eliminar Cobranza y cartera' }).click();
  await confirmDelete(page);
  await toast(page, MSG.splits.deleted);
  await expect(row(main, 'Cobranza y cartera')).toHaveCount(0);
  main = await reload(page, 'Splits');
  await expect(row(main, 'Cobranza y cartera')).toHaveCount(0);
});

test('asesores: the supervisor manages an agent’s splits and puts him in Pausa, then Desconectado', async ({ browser, host }) => {
  // The human-agent supervisor (role 6), in a session of its own.
  const context = await browser.newContext({ baseURL: host.url, locale: 'es-CO', timezoneId: 'America/Bogota' });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, 'supervisor@demo.co');
  await expect(page).toHaveURL('/analitica/estadisticas/asesor-humano/chats');

  let main = await open(page, 'asesores', 'Asesores');
  const agent = 'Felipe Castaño';
  await expect(row(main, agent)).toBeVisible();

  await row(main, agent).getByRole('button', { name: `Splits de ${agent}` }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel(exactly('Split')).selectOption({ label: 'Ventas' });
  await dialog.getByRole('button', { name: 'Agregar split' }).click();
  await toast(page, MSG.splits.agentAdded);
  await expect(dialog.getByRole('list')).toContainText('Ventas');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(row(main, agent)).toContainText('Ventas');

  main = await reload(page, 'Asesores');
  await expect(row(main, agent)).toContainText('Ventas');
  await row(main, agent).getByRole('button', { name: `Splits de ${agent}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Retirar del split Ventas' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retirar' }).click();
  await toast(page, MSG.splits.agentRemoved);
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
  await expect(row(main, agent)).not.toContainText('Ventas');

  // The supervisor's action: Pausa needs a pause event.
  await row(main, agent).getByRole('button', { name: `Cambiar estado de ${agent}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nuevo estado').selectOption({ label: 'Pausa' });
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog.getByText('Seleccione el evento de pausa')).toBeVisible();
  const eventName = (await dialog.getByLabel('Evento de pausa').locator('option').nth(1).innerText()).trim();
  await dialog.getByLabel('Evento de pausa').selectOption({ label: eventName });
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await toast(page, MSG.agentSupervision.statusUpdated);
  await expect(row(main, agent)).toContainText(`Pausa — ${eventName}`);
  main = await reload(page, 'Asesores');
  await expect(row(main, agent)).toContainText(`Pausa — ${eventName}`);

  await row(main, agent).getByRole('button', { name: `Cambiar estado de ${agent}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nuevo estado').selectOption({ label: 'Desconectado' });
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await toast(page, MSG.agentSupervision.statusUpdated);
  await expect(row(main, agent).getByRole('cell').nth(1)).toHaveText('Desconectado');
  await context.close();
});

test('every human-agent settings page has no serious accessibility violation, and a template is created and deleted from the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await asAdmin(page);
  const pages: [string, string][] = [
    ['asesores', 'Asesores'],
    ['splits', 'Splits'],
    ['general', 'Configuración general'],
    ['causales-negocio', 'Causales de negocio'],
    ['causales-finalizacion', 'Causales de finalización'],
    ['mensajes', 'Mensajes de fin de conversación'],
    ['plantillas-respuesta', 'Plantillas de respuesta'],
    ['directorio-contactos', 'Directorio de contactos']
  ];
  for (const [segment, title] of pages) {
    await open(page, segment, title);
    expect(await seriousViolations(page), segment).toEqual([]);
  }

  // Keyboard only: open the form, fill it, save; then delete with the confirmation.
  const main = await open(page, 'plantillas-respuesta', 'Plantillas de respuesta');
  await page.getByRole('button', { name: 'Nueva plantilla' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog');
  const name = form.getByLabel('Nombre de la plantilla');
  await expect(name).toBeVisible();
  expect(await seriousViolations(page), 'the open form').toEqual([]);
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

  await row(main, 'Teclado').getByRole('button', { name: 'Eliminar Teclado' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  const remove = confirm.getByRole('button', { name: 'Eliminar', exact: true });
  await tabTo(page, remove);
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await toast(page, MSG.templates.deleted);
  await expect(row(main, 'Teclado')).toHaveCount(0);
});
