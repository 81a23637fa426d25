import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { agentPage, fillEntryForm, setStatus } from './chat-parties';
import { seriousViolations } from './axe';
import { expect, signIn, test } from './fixtures';

/**
 * The live chat end to end (issue 3): a customer in the widget (served by the platform) talks to
 * the assistant and asks for a human; the agent's console (browser host) is notified, they
 * exchange messages both ways with attachments; the agent pauses and transfers to Ventas; a
 * second agent takes it and finishes it with reasons; the customer sees the end message and
 * answers the survey. Demo data: asesor@demo.co answers splits 1 and 2, asesor3@demo.co split 2.
 * Then the supervisor attends a chat ('Atender chats').
 */

async function pause(page: Page, event: string): Promise<void> {
  await page.getByRole('button', { name: /^Estado del asesor:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Pausa…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Evento de pausa').selectOption({ label: event });
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('button', { name: `Estado del asesor: Pausa — ${event}` })).toBeVisible();
}

/** The demo widget (organisation 100, assistant 1) with its entry form filled in: the assistant greets. */
async function openWidget(customer: Page, platformUrl: string, person: { name: string; email: string; document: string }): Promise<void> {
  await customer.goto(`${platformUrl}/widget?org=100&va=1`);
  await fillEntryForm(customer, platformUrl, person);
  await expect(customer.locator('#messages li[data-sender="BOT"]')).toHaveCount(1);
}

/** The browser host's bridge records every native notification it raised (src/main/bridge-script.ts). */
function notificationTitles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Runs in the page; the node project has no DOM types, so the page's global is reached untyped.
    const list = (globalThis as unknown as { __atiendeNotifications?: { title: string }[] }).__atiendeNotifications ?? [];
    return list.map((n) => n.title);
  });
}

test('a customer reaches an agent, is transferred, and the second agent finishes with reasons', async ({ browser, host }) => {
  test.setTimeout(150_000);
  const customerContext = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
  const contexts: BrowserContext[] = [customerContext];
  try {
    // The first agent connects before the customer arrives.
    const first = await agentPage(browser, host.url, 'asesor@demo.co');
    contexts.push(first.context);
    const agent = first.page;
    await expect(agent.getByText('No tiene chats asignados')).toBeVisible();
    await setStatus(agent, 'Conectado');
    await expect(agent.getByTestId('conexion')).toHaveText('En línea');

    // The customer fills the entry form and talks to the assistant.
    const customer = await customerContext.newPage();
    await openWidget(customer, host.platformUrl, { name: 'Ana Pérez', email: 'ana.perez@example.com', document: '1020304050' });
    await customer.locator('#composer-input').fill('¿Cuál es el horario de atención?');
    await customer.locator('#composer-input').press('Enter');
    await expect(customer.locator('#messages li[data-sender="BOT"]')).toHaveCount(2);
    expect(await seriousViolations(customer)).toEqual([]);

    // Asking for a human queues the chat in Atención general and offers it to the connected agent.
    await customer.locator('#ask-agent').click();
    // Until the agent takes the chat, the customer is told one will attend shortly, not a name.
    await expect(customer.locator('#state-banner')).toHaveText(/^En espera de un asesor\. Te atenderemos en breve\./);
    const incoming = agent.getByRole('button', { name: /Ana Pérez/ });
    await expect(incoming).toBeVisible();
    await expect(incoming).toContainText('Entrante');
    await expect.poll(() => notificationTitles(agent)).toContain('Nuevo chat entrante');

    await incoming.click();
    await expect(agent.getByText('Historial con el asistente virtual')).toBeVisible();
    await expect(agent.getByTestId('mensajes').getByText('¿Cuál es el horario de atención?')).toBeVisible();
    await agent.getByRole('button', { name: 'Iniciar chat' }).click();
    await expect(customer.locator('#state-banner')).toHaveAttribute('data-state', /ASIGNADA|ACTIVA/);
    await expect(customer.locator('#state-banner')).toHaveText(/^Te atiende \S/);

    // Agent → customer, with Enter.
    const composer = agent.getByRole('combobox', { name: 'Mensaje' });
    await composer.fill('Hola Ana, con gusto le ayudo.');
    await composer.press('Enter');
    await expect(customer.locator('#messages li[data-sender="ASESOR"]').filter({ hasText: 'Hola Ana, con gusto le ayudo.' })).toBeVisible();
    // The platform echoes the agent's own message; the console shows it once, stored (not 'Enviando…').
    await expect(agent.getByTestId('mensajes').getByText('Hola Ana, con gusto le ayudo.')).toHaveCount(1);
    await expect(agent.getByTestId('mensajes').getByText('Enviando…')).toHaveCount(0);
    expect(await seriousViolations(agent)).toEqual([]);

    // With the mouse: '/' opens the response templates, a click inserts one, Enviar sends it.
    await composer.click();
    await composer.pressSequentially('/esp');
    await agent.getByRole('option', { name: /^Espera/ }).click();
    await expect(composer).toHaveValue('Dame un momento, por favor, mientras reviso tu solicitud.');
    await agent.getByRole('button', { name: 'Enviar' }).click();
    await expect(customer.locator('#messages li[data-sender="ASESOR"]').filter({ hasText: 'Dame un momento, por favor' })).toBeVisible();
    // An internal note, saved and listed with its author, never reaches the customer.
    await agent.getByRole('tab', { name: 'Notas internas' }).click();
    await agent.getByRole('textbox', { name: /Nueva nota interna/ }).fill('Cliente con factura pendiente');
    await agent.getByRole('button', { name: 'Guardar nota' }).click();
    await expect(agent.getByRole('list', { name: 'Notas internas del chat' })).toContainText('Valentina López');
    await expect(agent.getByRole('list', { name: 'Notas internas del chat' })).toContainText('Cliente con factura pendiente');
    await agent.getByRole('tab', { name: 'Conversación' }).click();
    await expect(customer.locator('#messages')).not.toContainText('factura pendiente');

    // Customer → agent, with an attachment; the agent saves it to disk through the main process.
    await customer.locator('#composer-file').setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% factura de prueba\n%%EOF\n') });
    await customer.locator('#composer-input').fill('Le adjunto la factura');
    await customer.locator('#composer-send').click();
    await expect(customer.locator('#messages li[data-sender="CLIENTE"][data-status="sent"]').filter({ hasText: 'Le adjunto la factura' })).toBeVisible();
    await expect(agent.getByTestId('mensajes').getByText('Le adjunto la factura')).toBeVisible();
    await agent.getByRole('button', { name: 'Guardar factura.pdf' }).click();
    const saved = agent.locator('.fui-ToastTitle').filter({ hasText: /^Archivo guardado en / });
    await expect(saved).toHaveText(/factura.*\.pdf$/);
    const savedPath = ((await saved.textContent()) ?? '').replace(/^Archivo guardado en /, '');
    expect(readFileSync(savedPath, 'utf8')).toContain('factura de prueba');

    // Agent → customer attachment.
    await agent.getByTestId('adjunto').setInputFiles({ name: 'instrucciones.txt', mimeType: 'text/plain', buffer: Buffer.from('Paso 1: ingrese a la aplicación.\n') });
    await expect(agent.getByRole('button', { name: 'Quitar adjunto instrucciones.txt' })).toBeVisible();
    await composer.fill('Aquí tiene las instrucciones');
    await agent.getByRole('button', { name: 'Enviar' }).click();
    const withFile = customer.locator('#messages li[data-sender="ASESOR"]').filter({ hasText: 'Aquí tiene las instrucciones' });
    await expect(withFile.locator('[data-testid="message-file"]')).toContainText('instrucciones.txt');

    // The first agent pauses (no new chats) and transfers the conversation to Ventas.
    await pause(agent, 'Almuerzo');
    await agent.getByRole('button', { name: 'Transferir' }).click();
    const transfer = agent.getByRole('dialog');
    await transfer.getByLabel('Split de destino').selectOption('2'); // Ventas
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await expect(agent.getByRole('button', { name: /Ana Pérez/ })).toBeHidden();

    // The second agent of Ventas connects and receives it as a transfer, with the whole history.
    const second = await agentPage(browser, host.url, 'asesor3@demo.co');
    contexts.push(second.context);
    const agent2 = second.page;
    await setStatus(agent2, 'Conectado');
    const transferred = agent2.getByRole('button', { name: /Ana Pérez/ });
    await expect(transferred).toBeVisible();
    await expect.poll(() => notificationTitles(agent2)).toEqual(expect.arrayContaining([expect.stringMatching(/Chat transferido|Nuevo chat entrante/)]));
    await transferred.click();
    await expect(agent2.getByTestId('mensajes').getByText('Hola Ana, con gusto le ayudo.')).toBeVisible();
    await agent2.getByRole('button', { name: 'Iniciar chat' }).click();
    const composer2 = agent2.getByRole('combobox', { name: 'Mensaje' });
    await composer2.fill('Soy del área de ventas, ya reviso su caso.');
    await composer2.press('Enter');
    await expect(customer.locator('#messages li[data-sender="ASESOR"]').filter({ hasText: 'Soy del área de ventas' })).toBeVisible();

    // Finishing needs both kinds of reason.
    await agent2.getByRole('button', { name: 'Finalizar' }).click();
    const finish = agent2.getByRole('dialog');
    await finish.getByRole('button', { name: 'Finalizar' }).click();
    await expect(finish.getByText('Seleccione al menos una causal de negocio')).toBeVisible();
    expect(await seriousViolations(agent2)).toEqual([]);
    await finish.getByRole('checkbox').first().check();
    await finish.getByLabel('Causal de finalización').selectOption({ index: 1 });
    await finish.getByRole('button', { name: 'Finalizar' }).click();
    await expect(finish).toBeHidden();
    await expect(transferred).toContainText('Finalizado');

    // The customer sees the agent's end message (FCCA) and answers the survey.
    await expect(customer.locator('#state-banner')).toHaveAttribute('data-state', 'FINALIZADA');
    await expect(customer.locator('#end-message')).toContainText('Tu asesor ha finalizado la conversación');
    await customer.locator('#survey-satisfaction-5').check();
    await customer.locator('#survey-nps-9').check();
    expect(await seriousViolations(customer)).toEqual([]);
    await customer.locator('#survey-submit').click();
    await expect(customer.locator('#survey-thanks')).toBeVisible();
  } finally {
    for (const context of contexts) await context.close();
  }
});

/**
 * SPEC §2's special action that sets the chat-only tree: the supervisor (supervisor@demo.co, who
 * answers Atención general in the demo data) opens 'Atender chats' from his menu, goes Conectado,
 * receives a customer's chat, answers it, ends it with reasons and goes back to his own menu.
 */
test("a supervisor opens 'Atender chats' and attends a customer's chat", async ({ browser, host }) => {
  test.setTimeout(120_000);
  const supervisorContext = await browser.newContext({ baseURL: host.url, locale: 'es-CO', timezoneId: 'America/Bogota' });
  const customerContext = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
  try {
    const page = await supervisorContext.newPage();
    await page.goto('/login');
    await signIn(page, 'supervisor@demo.co');
    await expect(page).toHaveURL('/analitica/estadisticas/asesor-humano/chats');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('button', { name: 'Atender chats' }).click();
    await expect(page).toHaveURL('/chat');
    await expect(page.getByRole('region', { name: 'Atendiendo chats' })).toBeVisible();
    // The chat-only tree: the console alone, no statistics.
    await expect(menu.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Analítica' })).toHaveCount(0);
    await expect(page.getByText('No tiene chats asignados')).toBeVisible();
    await setStatus(page, 'Conectado');
    await expect(page.getByTestId('conexion')).toHaveText('En línea');
    expect(await seriousViolations(page)).toEqual([]);

    const customer = await customerContext.newPage();
    await openWidget(customer, host.platformUrl, { name: 'Jorge Ruiz', email: 'jorge.ruiz@example.com', document: '79111222' });
    await customer.locator('#ask-agent').click();
    const incoming = page.getByRole('button', { name: /Jorge Ruiz/ });
    await expect(incoming).toBeVisible();
    await expect(incoming).toContainText('Entrante');
    await expect.poll(() => notificationTitles(page)).toContain('Nuevo chat entrante');
    await incoming.click();
    await page.getByRole('button', { name: 'Iniciar chat' }).click();
    await expect(customer.locator('#state-banner')).toHaveText(/^Te atiende Camilo/);
    const composer = page.getByRole('combobox', { name: 'Mensaje' });
    await composer.fill('Buenas tardes Jorge, le atiende el supervisor.');
    await composer.press('Enter');
    await expect(customer.locator('#messages li[data-sender="ASESOR"]').filter({ hasText: 'le atiende el supervisor' })).toBeVisible();
    await customer.locator('#composer-input').fill('Gracias, era solo eso');
    await customer.locator('#composer-input').press('Enter');
    await expect(page.getByTestId('mensajes').getByText('Gracias, era solo eso')).toBeVisible();

    // Holding the chat, he cannot go back yet; once it is finished with its reasons, he can.
    const back = page.getByRole('button', { name: 'Volver al menú de supervisor' });
    await back.click();
    await expect(page.locator('.fui-ToastTitle').filter({ hasText: 'Finalice o transfiera su chat abierto antes de dejar de atender chats' })).toBeVisible();
    await expect(page).toHaveURL('/chat');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    const finish = page.getByRole('dialog');
    await finish.getByRole('checkbox').first().check();
    await finish.getByLabel('Causal de finalización').selectOption({ index: 1 });
    await finish.getByRole('button', { name: 'Finalizar' }).click();
    await expect(finish).toBeHidden();
    await expect(incoming).toContainText('Finalizado');
    await expect(customer.locator('#state-banner')).toHaveAttribute('data-state', 'FINALIZADA');

    await back.click();
    await expect(page).toHaveURL('/analitica/estadisticas/asesor-humano/chats');
    await expect(page.getByRole('region', { name: 'Atendiendo chats' })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Atender chats' })).toBeVisible();
  } finally {
    await supervisorContext.close();
    await customerContext.close();
  }
});
