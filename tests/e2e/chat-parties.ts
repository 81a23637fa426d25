import type { Browser, BrowserContext, FrameLocator, Page } from '@playwright/test';
import { expect, signIn } from './fixtures';

/** The two sides of a live chat in the end-to-end specs: an agent's console and a customer's widget. */

/** An agent signed in to the console (/chat) in a context of their own. */
export async function agentPage(browser: Browser, baseURL: string, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'es-CO', timezoneId: 'America/Bogota' });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL('/chat');
  return { context, page };
}

/** The agent's status menu: Conectado or Desconectado. */
export async function setStatus(page: Page, status: 'Conectado' | 'Desconectado'): Promise<void> {
  await page.getByRole('button', { name: /^Estado del asesor:/ }).click();
  await page.getByRole('menuitemradio', { name: status, exact: true }).click();
  await expect(page.getByRole('button', { name: `Estado del asesor: ${status}` })).toBeVisible();
}

interface WidgetField {
  idField: number;
  label: string;
  fieldType: string;
  options: string[];
}

/** Fills the demo widget's entry form (organisation 100, assistant 1) — in its own page or in a host page's frame — and submits it. */
export async function fillEntryForm(widget: Page | FrameLocator, platformUrl: string, person: { name: string; email: string; document: string }): Promise<void> {
  const config = (await (await fetch(`${platformUrl}/widget/config?org=100&va=1`)).json()) as { entryForm: WidgetField[] };
  for (const field of config.entryForm) {
    const control = widget.locator(`#field-${field.idField}`);
    if (field.fieldType === 'select') await control.selectOption(field.options[0] ?? '');
    else if (field.fieldType === 'email') await control.fill(person.email);
    else if (field.fieldType === 'phone') await control.fill('3001234567');
    else if (field.fieldType === 'document') await control.fill(person.document);
    else await control.fill(person.name);
  }
  await widget.locator('#entry-submit').click();
}
