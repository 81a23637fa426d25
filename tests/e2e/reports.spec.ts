import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Locator, Page } from '@playwright/test';
import { conversationLabel, shortConversationId } from '../../src/shared/labels';
import { allowedPaths } from '../../src/shared/menus';
import type { RoleId } from '../../src/shared/roles';
import { REPORT_PAGES } from '../../src/shared/report-pages';
import { seriousViolations } from './axe';
import { expect, openInApp, setDateRange, signIn, test } from './fixtures';

/**
 * The reports end to end (issue 5), on the browser host's embedded platform and its generated
 * history: every report page opens for every role whose menu holds it and for no other; a download
 * writes the whole file (the rows the table counts) into the host's downloads folder and 'Abrir
 * carpeta' shows it; the history opens one conversation; an administrator schedules an export,
 * runs it and finds the file in the chosen folder.
 */

const READERS: { email: string; role: RoleId }[] = [
  { email: 'superadmin@demo.co', role: 1 },
  { email: 'supervisualizador@demo.co', role: 2 },
  { email: 'admin@demo.co', role: 3 },
  { email: 'visualizador@demo.co', role: 4 },
  { email: 'supervisor@demo.co', role: 6 }
];
const REPORT_PATHS = Object.values(REPORT_PAGES).map((p) => p.path);
const BOGOTA = 'America/Bogota';
const daysAgo = (n: number) => DateTime.now().setZone(BOGOTA).minus({ days: n }).toISODate() ?? '';

async function loaded(page: Page): Promise<Locator> {
  const main = page.getByRole('main');
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  return main;
}

/** A field's label exactly (a required field's label ends in ' *'). */
function exactly(label: string): RegExp {
  return new RegExp(`^${label}\\s*\\*?$`);
}

const setRange = setDateRange;

for (const reader of READERS) {
  test(`${reader.email} opens every report page of its menu and no other`, async ({ page }) => {
    test.setTimeout(120_000);
    const mine = REPORT_PATHS.filter((path) => allowedPaths(reader.role).includes(path));
    expect(mine.length).toBeGreaterThan(0);
    await page.goto('/login');
    await signIn(page, reader.email);
    for (const path of mine) {
      const title = Object.values(REPORT_PAGES).find((p) => p.path === path)?.title ?? '';
      await openInApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
      const main = await loaded(page);
      await expect(main.getByText(/^Error al obtener/), `${path} loads without errors`).toHaveCount(0);
      // The administrator's walk also checks each page with axe (the others see the same pages).
      if (reader.role === 3) expect(await seriousViolations(page), path).toEqual([]);
    }
    for (const path of REPORT_PATHS.filter((p) => !mine.includes(p))) {
      await openInApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' }), path).toBeVisible();
    }
  });
}

test('a report downloads whole to disk: the rows the table counts, a BOM and Spanish headers; Abrir carpeta shows it', async ({ page, host }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  await openInApp(page, REPORT_PAGES.history.path);
  await setRange(page, daysAgo(6), daysAgo(0));
  const main = await loaded(page);
  const counted = await main.getByText(/^[\d.]+ resultados$/).innerText();
  const expectedRows = Number(counted.replace(/\D/g, ''));
  expect(expectedRows).toBeGreaterThan(10);

  await main.getByRole('button', { name: 'Descargar CSV' }).click();
  const status = main.getByRole('status', { name: 'Progreso de la descarga' });
  await expect(status).toContainText(`Descarga completa: ${counted.replace(' resultados', '')} filas`, { timeout: 60_000 });
  const name = `conversaciones_${daysAgo(6)}_${daysAgo(0)}.csv`;
  const text = await readFile(join(host.downloadsDir, name), 'utf8');
  // ';' by default: what Excel in Spanish opens in columns.
  expect(text.startsWith('\uFEFFConversación;Inicio;Fin;Canal;Asistente virtual;Cliente;Interacciones;Escalado\n')).toBe(true);
  // One line per row (no field of this report holds a line break) after the header.
  expect(text.slice(1, -1).split('\n')).toHaveLength(expectedRows + 1);
  expect((await readdir(host.downloadsDir)).filter((f) => f.endsWith('.part'))).toEqual([]);

  await main.getByRole('button', { name: 'Abrir carpeta' }).click();
  await expect.poll(() => host.shownInFolder.at(-1)).toBe(join(host.downloadsDir, name));
});

test('the history opens a conversation by its short id: its customer in the title, its turns with the assistant and its human part', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await signIn(page, 'visualizador@demo.co');
  await openInApp(page, REPORT_PAGES.history.path);
  await setRange(page, daysAgo(6), daysAgo(0));
  const main = await loaded(page);
  const table = main.getByRole('table', { name: 'Conversaciones' });
  // An escalated conversation ('Sí' in Escalado): it has both parts.
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Sí', exact: true }) }).first();
  const link = row.getByRole('link');
  // The link shows a short id, not the UUID; the customer is the row's 'Cliente' cell (the 4th after the row header).
  const idConv = decodeURIComponent((await link.getAttribute('href'))?.split('/').at(-1)?.split('?')[0] ?? '');
  expect(idConv.length).toBeGreaterThan(8);
  await expect(link).toHaveText(shortConversationId(idConv));
  const customer = (await row.getByRole('cell').nth(3).innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(`${REPORT_PAGES.history.path}/${idConv}`);
  await expect(page.getByRole('heading', { level: 1, name: `Conversación ${conversationLabel(idConv, customer)}` })).toBeVisible();
  await loaded(page);
  await expect(page.getByRole('region', { name: 'Con el asistente virtual' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Con el asesor humano' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('link', { name: 'Volver al historial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: REPORT_PAGES.history.title })).toBeVisible();
});

test('an administrator schedules an export, runs it now and finds the file in the chosen folder; then deletes it', async ({ page, host }) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  await openInApp(page, REPORT_PAGES.schedules.path);
  const main = await loaded(page);
  await main.getByRole('button', { name: 'Programar reporte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Programar reporte' });
  // Saving without a report or a folder says what is missing and keeps the dialog.
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Seleccione el reporte')).toBeVisible();
  await dialog.getByLabel(exactly('Reporte')).selectOption({ label: 'Histórico de asesores' });
  await dialog.getByLabel(exactly('Frecuencia')).selectOption('weekly');
  await dialog.getByLabel(exactly('Día de la semana')).selectOption({ label: 'Lunes' });
  await dialog.getByLabel(exactly('Hora')).selectOption({ label: '07:00' });
  await dialog.getByRole('button', { name: 'Seleccionar carpeta' }).click();
  const folder = join(host.downloadsDir, 'programados');
  await expect(dialog.getByLabel(exactly('Carpeta'))).toHaveValue(folder);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Reporte programado', { exact: true }).first()).toBeVisible();

  const row = main.getByRole('table', { name: 'Reportes programados' }).getByRole('row', { name: /Histórico de asesores/ });
  await expect(row).toContainText('Cada lunes a las 07:00');
  await expect(row).toContainText('Aún no se ha ejecutado');
  await row.getByRole('button', { name: 'Ejecutar ahora Histórico de asesores' }).click();
  await expect(row).toContainText('Escrito el', { timeout: 30_000 });
  const files = await readdir(folder);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^historico_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  expect((await readFile(join(folder, files[0] ?? ''), 'utf8')).startsWith('\uFEFFAsesor;Estado;Evento de pausa;Inicio;Fin;Duración\n')).toBe(true);

  await page.reload();
  await expect(main.getByRole('table', { name: 'Reportes programados' }).getByRole('row', { name: /Histórico de asesores/ })).toContainText('Escrito el');
  await main.getByRole('button', { name: 'Eliminar Histórico de asesores' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(main.getByRole('table', { name: 'Reportes programados' })).toHaveCount(0);
  // The file already written stays.
  expect(await readdir(folder)).toHaveLength(1);
});
