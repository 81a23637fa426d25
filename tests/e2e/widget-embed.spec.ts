import type { BrowserContext, Page } from '@playwright/test';
import { paymentMethodsPng } from '../../src/server/demo/demo-files';
import { settingsPath } from '../../src/shared/settings-screens';
import { startHostSite, type HostSite } from '../support/host-site';
import { seriousViolations } from './axe';
import { agentPage, fillEntryForm, setStatus } from './chat-parties';
import { expect, openInApp, signIn, test } from './fixtures';

/**
 * Issue 40: the widget on a company's own site. The site (tests/support/host-site.ts) is another
 * site than the platform (http://localhost:… against http://127.0.0.1:…) with the host-page CSP
 * docs/widget-embed.md documents. A customer opens the launcher, fills the entry form (part of it
 * handed in by the page with Atiende.prefill), talks to an agent, goes to the site's second page
 * and goes on with the same conversation; a second tab shows it too. Before that, an administrator
 * gives the widget a new header colour and avatar in personalizacion/widget (its live preview
 * follows the draft) and the customer's embedded widget wears them. Then the same widget by
 * keyboard alone at 200 % zoom (a 640 × 360 viewport: a 1280 × 720 screen zoomed), with axe inside the frame.
 */

let site: HostSite;
test.beforeAll(async ({ host }) => {
  site = await startHostSite(host.platformUrl);
});
test.afterAll(async () => {
  await site.close();
});

const frameOf = (page: Page) => page.frameLocator('iframe[title^="Chat en línea"]');
const launcher = (page: Page) => page.getByRole('button', { name: /^(Abrir chat|Minimizar chat)/ });

test('an administrator changes the widget header colour and avatar; the embedded widget wears them', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'admin@demo.co');
  await openInApp(page, settingsPath('widget'));
  const form = page.getByRole('form', { name: 'Diseño del widget' });
  const header = form.getByLabel('Encabezado: fondo', { exact: true });
  await expect(header).not.toHaveValue('');
  // The preview is the real widget page, and follows the draft before anything is saved.
  const preview = page.frameLocator('iframe[title="Vista previa del widget"]');
  await expect(preview.locator('#widget-assistant-name')).toHaveText('Asistente Demo');
  await header.fill('#5b2a86');
  await expect(preview.locator('#widget-header')).toHaveCSS('background-color', 'rgb(91, 42, 134)');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('.fui-ToastTitle', { hasText: 'Configuración actualizada exitosamente' })).toBeVisible();

  await form.getByLabel('Cargar avatar').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: paymentMethodsPng() });
  await expect(page.locator('.fui-ToastTitle', { hasText: 'Avatar actualizado exitosamente' })).toBeVisible();
  await expect(preview.locator('#widget-avatar')).toBeVisible();

  // A customer who opens the widget now, on the company's site, gets the new look.
  const customer = await page.context().browser()?.newContext({ locale: 'es-CO' });
  if (!customer) throw new Error('no browser');
  try {
    const visitor = await customer.newPage();
    await visitor.goto(site.url);
    await launcher(visitor).click();
    const widget = frameOf(visitor);
    await expect(widget.locator('#widget-header')).toHaveCSS('background-color', 'rgb(91, 42, 134)');
    await expect(widget.locator('#widget-avatar')).toBeVisible();
    expect(await widget.locator('#widget-avatar').evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    // With the saved brand design too, axe finds nothing serious inside the frame.
    expect(await seriousViolations(visitor)).toEqual([]);
  } finally {
    await customer.close();
  }
});

test('a customer on another site chats with an agent through the launcher, across pages and tabs', async ({ browser, host }) => {
  test.setTimeout(120_000);
  const contexts: BrowserContext[] = [];
  try {
    const agent = await agentPage(browser, host.url, 'asesor@demo.co');
    contexts.push(agent.context);
    await setStatus(agent.page, 'Conectado');

    const customerContext = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
    contexts.push(customerContext);
    const customer = await customerContext.newPage();
    const platformRequests: string[] = [];
    customer.on('request', (request) => {
      if (request.url().startsWith(host.platformUrl)) platformRequests.push(new URL(request.url()).pathname);
    });
    await customer.goto(site.url);
    await expect(launcher(customer)).toHaveAccessibleName('Abrir chat');
    // Styled under the page's CSP (no 'unsafe-inline'): the launcher sits fixed in the corner.
    await expect(launcher(customer)).toHaveCSS('position', 'fixed');
    // Until the customer opens it, only the loader and the launcher's colours came from the platform.
    expect(platformRequests).toEqual(['/widget/loader.js', '/widget/launcher']);
    await expect(customer.locator('iframe')).toHaveCount(0);

    await customer.evaluate(() => (globalThis as unknown as { Atiende: { prefill(fields: Record<string, string>): void } }).Atiende.prefill({ 'Nombre completo': 'Lucía Gómez' }));
    await launcher(customer).click();
    await expect(launcher(customer)).toHaveAccessibleName('Minimizar chat');
    const widget = frameOf(customer);
    await expect(widget.getByLabel(/^Nombre completo/)).toHaveValue('Lucía Gómez');
    await fillEntryForm(widget, host.platformUrl, { name: 'Lucía Gómez', email: 'lucia.gomez@example.com', document: '52123456' });
    await expect(widget.locator('#messages li[data-sender="BOT"]')).toHaveCount(1);
    await widget.locator('#ask-agent').click();

    const incoming = agent.page.getByRole('button', { name: /Lucía Gómez/ });
    await incoming.click();
    await agent.page.getByRole('button', { name: 'Iniciar chat' }).click();
    const composer = agent.page.getByRole('combobox', { name: 'Mensaje' });
    await composer.fill('Hola Lucía, ¿en qué le ayudo?');
    await composer.press('Enter');
    await expect(widget.locator('#messages li[data-sender="ASESOR"]').filter({ hasText: 'Hola Lucía' })).toBeVisible();

    // The site's second page: the chat loads at once, open as she left it, with the whole conversation.
    await customer.getByRole('link', { name: 'Página 2' }).click();
    await expect(customer).toHaveURL(`${site.url}/pagina-2`);
    const again = frameOf(customer);
    await expect(again.locator('#messages li[data-sender="ASESOR"]').filter({ hasText: 'Hola Lucía' })).toBeVisible();
    await expect(again.locator('#state-banner')).toHaveAttribute('data-state', /ASIGNADA|ACTIVA/);
    await again.locator('#composer-input').fill('Quiero cambiar mi plan');
    await again.locator('#composer-input').press('Enter');
    await expect(agent.page.getByTestId('mensajes').getByText('Quiero cambiar mi plan')).toBeVisible();

    // Minimised, an agent's message shows as a count on the launcher.
    await again.locator('#widget-minimize').click();
    await expect(launcher(customer)).toHaveAccessibleName('Abrir chat');
    await composer.fill('Claro, ya lo reviso.');
    await composer.press('Enter');
    await expect(launcher(customer)).toHaveAccessibleName('Abrir chat, 1 mensaje nuevo');

    // A second tab of the site shows the same conversation.
    const second = await customerContext.newPage();
    await second.goto(`${site.url}/pagina-2`);
    await launcher(second).click();
    await expect(frameOf(second).locator('#messages li[data-sender="ASESOR"]').filter({ hasText: 'Claro, ya lo reviso.' })).toBeVisible();
    await expect(frameOf(second).locator('#messages li[data-sender="CLIENTE"]').filter({ hasText: 'Quiero cambiar mi plan' })).toBeVisible();
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('the embedded widget by keyboard alone at 200 % zoom, with no serious axe finding inside the frame', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota', viewport: { width: 640, height: 360 } });
  try {
    const customer = await context.newPage();
    await customer.goto(site.url);
    await expect(launcher(customer)).toBeVisible();
    // The page's two links, then the launcher.
    for (let i = 0; i < 3; i++) await customer.keyboard.press('Tab');
    await expect(launcher(customer)).toBeFocused();
    await customer.keyboard.press('Enter');
    const widget = frameOf(customer);
    // The focus moved into the chat, on the form's first field.
    await expect(widget.getByLabel(/^Nombre completo/)).toBeFocused();
    // At this size the panel takes the whole viewport.
    const box = await customer.locator('iframe').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 640, height: 360 });
    expect(await seriousViolations(customer)).toEqual([]);

    await customer.keyboard.type('Mario Ruiz');
    await customer.keyboard.press('Tab');
    await expect(widget.getByLabel(/^Tipo de documento/)).toBeFocused();
    await customer.keyboard.press('ArrowDown');
    await customer.keyboard.press('Tab');
    await customer.keyboard.type('79111222');
    // Correo and Teléfono are optional: on to 'Iniciar chat', by Tab alone. The demo assistant is
    // shared with the other specs of this worker's host (virtual-assistant.spec.ts adds a required
    // text field to its form): a required text field met on the way is typed into.
    const submit = widget.locator('#entry-submit');
    for (let i = 0; i < 12; i++) {
      await customer.keyboard.press('Tab');
      if (await submit.evaluate((el) => el === el.ownerDocument.activeElement)) break;
      const required = widget.locator('input[type="text"][required]:focus');
      if ((await required.count()) === 1 && (await required.inputValue()) === '') await customer.keyboard.type('PZ-2026-0042');
    }
    await expect(submit).toBeFocused();
    await customer.keyboard.press('Enter');
    await expect(widget.locator('#messages li[data-sender="BOT"]')).toHaveCount(1);
    await expect(widget.locator('#composer-input')).toBeFocused();
    await customer.keyboard.type('¿Cuál es el horario de atención?');
    await customer.keyboard.press('Enter');
    await expect(widget.locator('#messages li[data-sender="BOT"]')).toHaveCount(2);
    expect(await seriousViolations(customer)).toEqual([]);

    // Escape minimises it, and the focus is back on the launcher.
    await customer.keyboard.press('Escape');
    await expect(launcher(customer)).toHaveAccessibleName('Abrir chat');
    await expect(launcher(customer)).toBeFocused();
    await expect(customer.locator('iframe')).toBeHidden();
    expect(await seriousViolations(customer)).toEqual([]);
  } finally {
    await context.close();
  }
});
