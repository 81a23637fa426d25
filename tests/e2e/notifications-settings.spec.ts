import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { MSG } from '../../src/shared/messages';
import { seriousViolations } from './axe';
import { expect, openInApp, signIn, test } from './fixtures';

/**
 * The notification settings end to end (issue 39), on the browser host's embedded platform, walked
 * as an administrator walks them, with axe on each screen and on the template editor: a template
 * edited and saved, then 'Enviar prueba'; with no SMTP server configured (the embedded default) the
 * test is written as an .eml file to the platform's outbox folder that the eventos screen names, and
 * the notification log (reportes/notificaciones) shows the send. The editor's rules, the channels and
 * the recipients are checked in tests/unit/renderer/settings-notification-*.test.tsx.
 */

const P = '/configuracion/notificaciones';

async function settled(page: Page, title: string): Promise<Locator> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  return main;
}

async function visit(page: Page, path: string, title: string): Promise<Locator> {
  await openInApp(page, path);
  const main = await settled(page, title);
  expect(await seriousViolations(page), path).toEqual([]);
  return main;
}

async function toast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** The .eml files of `folder` written since `since` (ms), newest first. */
async function emlSince(folder: string, since: number): Promise<string[]> {
  // The worker makes the folder with its first file.
  const all = await readdir(folder, { recursive: true }).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  });
  const names = all.filter((n) => n.endsWith('.eml'));
  const files = await Promise.all(names.map(async (n) => ({ path: join(folder, n), at: (await stat(join(folder, n))).mtimeMs })));
  return files.filter((f) => f.at >= since).sort((a, b) => b.at - a.at).map((f) => f.path);
}

const SUBJECT = 'Prueba e2e: cuenta bloqueada en {{ organizacion.nombre }}';

test('a template edited and sent as a test is written to the outbox and shows in the notification log; axe on eventos, the editor and emails', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  await expect(page).toHaveURL('/analitica');

  const main = await visit(page, `${P}/eventos`, 'Eventos');
  // Where a newcomer finds what would have gone out: no SMTP server, so .eml files in this folder.
  const notice = main.getByText(/^Sin servidor SMTP: cada correo se escribe como un archivo \.eml/);
  await expect(notice).toBeVisible();
  const folder = /\(([^)]+)\)/.exec((await notice.textContent()) ?? '')?.[1];
  expect(folder, 'the outbox folder named on the screen').toBeTruthy();

  // The e-mail template of 'Bloqueo de usuario': the demo's when it has one, else created here.
  const row = main.getByRole('row').filter({ hasText: 'Bloqueo de usuario' }).filter({ hasText: 'Correo electrónico' });
  const dialog = page.getByRole('dialog');
  if ((await row.count()) === 0) {
    await main.getByRole('button', { name: 'Nueva plantilla' }).click();
    await dialog.getByRole('combobox', { name: /^Evento/ }).selectOption('BLOQUEO_USUARIO');
    await dialog.getByRole('combobox', { name: /^Tipo de notificación/ }).selectOption({ label: 'Correo electrónico' });
    await dialog.getByRole('textbox', { name: /^Código/ }).fill('bloqueo-correo');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MSG.notifications.eventCreated);
    await expect(dialog).toBeHidden();
  }
  await expect(row).toHaveCount(1);

  // Edited: a typo is refused under its field as it is typed, then the subject saved.
  await row.getByRole('button', { name: /^Editar / }).click();
  const subject = dialog.getByRole('textbox', { name: /^Asunto/ });
  await subject.fill('Prueba e2e: {{ organizacion.nombr }}');
  await expect(dialog.getByText('El asunto usa variables que el evento no tiene: «organizacion.nombr»')).toBeVisible();
  await subject.fill(SUBJECT);
  // The platform's preview: rendered with the organisation's latest record of the event (or the event's examples), naming which.
  const preview = dialog.getByRole('region', { name: 'Vista previa' });
  await expect(preview.getByText(/^Generada con/)).toBeVisible({ timeout: 20_000 });
  const previewed = preview.locator('dd').first();
  await expect(previewed).toHaveText(/^Prueba e2e: cuenta bloqueada en \S/);
  const renderedSubject = (await previewed.textContent()) ?? '';
  expect(await seriousViolations(page), 'the template editor').toEqual([]);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.notifications.eventUpdated);
  await expect(dialog).toBeHidden();

  // 'Enviar prueba' of the saved template: to the editor's own address.
  const sentAt = Date.now() - 1000;
  await row.getByRole('button', { name: /^Editar / }).click();
  await dialog.getByRole('button', { name: 'Enviar prueba' }).click();
  await toast(page, /^Prueba enviada a admin@demo\.co\./);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  // The worker wrote it as an .eml file: the edited subject, rendered as the preview showed it.
  await expect
    .poll(
      async () => {
        for (const file of await emlSince(folder!, sentAt)) {
          const mail = await simpleParser(await readFile(file));
          if (mail.subject === renderedSubject) return mail.to && 'text' in mail.to ? mail.to.text : '';
        }
        return null;
      },
      { timeout: 60_000, message: 'the test e-mail in the outbox folder' }
    )
    .toContain('admin@demo.co');

  // The recipients screen, checked with axe, and a recipient added (prepended).
  const emails = await visit(page, `${P}/emails`, 'Emails');
  await emails.getByRole('button', { name: 'Nuevo correo' }).click();
  await dialog.getByRole('textbox', { name: /^Correo electrónico/ }).fill('supervision.e2e@');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Ingrese un correo electrónico válido')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Correo electrónico/ }).fill('supervision.e2e@demo.co');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, MSG.emails.created);
  await expect(emails.getByRole('rowheader').first()).toHaveText('supervision.e2e@demo.co');

  // The notification log shows the send (newest first), within a refresh or two.
  await expect(async () => {
    await openInApp(page, '/analitica/reportes/notificaciones');
    const log = await settled(page, 'Registro de notificaciones');
    const newest = log.getByRole('table', { name: 'Notificaciones enviadas' }).getByRole('row').nth(1);
    await expect(newest).toContainText('admin@demo.co', { timeout: 2000 });
    await expect(newest).toContainText('Bloqueo de usuario', { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  expect(await seriousViolations(page), 'reportes/notificaciones').toEqual([]);
});
