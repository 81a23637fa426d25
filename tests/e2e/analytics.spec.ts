import { sql } from 'drizzle-orm';
import type { Locator, Page } from '@playwright/test';
import { ANALYTICS_PAGES, ANALYTICS_PATHS } from '../../src/shared/analytics-pages';
import { endpoints } from '../../src/shared/api/catalogue';
import { ATTENTION_INDICATOR_IDS } from '../../src/shared/constants';
import { DateTime } from 'luxon';
import { formatIndicator, formatNumber } from '../../src/shared/format';
import { allowedPaths } from '../../src/shared/menus';
import { MSG } from '../../src/shared/messages';
import type { RoleId } from '../../src/shared/roles';
import { DEMO_PASSWORD, dateField, expect, openInApp, setDateRange, signIn, test } from './fixtures';
import type { BrowserHost } from '../../src/main/browser-host';

/**
 * The analytics pages end to end (issue 4), on the browser host's embedded platform with its
 * generated demo conversations (DEMO_CONVERSATIONS): every page opens, with data, for a reader of
 * each kind whose menu holds it and for no other; the numbers shown are the platform API's for the same filter and
 * follow the date range; a failing server shows the error state; estado-asesores follows the chat
 * engine live.
 */

/**
 * Who walks the pages in the browser: one reader of each kind — a role that chooses the
 * organisation (1), one bound to its own (3), and the supervisor with his subset (6). The viewers
 * (2 and 4) read exactly their administrator's pages (checked below); which pages each role has is
 * checked by tests/unit/renderer/analytics-pages.test.tsx and what the platform answers each role by
 * tests/integration/server/statistics-access.test.ts, so walking them again only repeated these walks.
 */
const WALKERS: { email: string; role: RoleId }[] = [
  { email: 'superadmin@demo.co', role: 1 },
  { email: 'admin@demo.co', role: 3 },
  { email: 'supervisor@demo.co', role: 6 }
];
const analyticsOf = (role: RoleId) => ANALYTICS_PATHS.filter((path) => allowedPaths(role).includes(path));

test('the viewers (roles 2 and 4) read the same analytics pages as the administrators the walks cover (1 and 3)', () => {
  expect(analyticsOf(2)).toEqual(analyticsOf(1));
  expect(analyticsOf(4)).toEqual(analyticsOf(3));
});

const ORG = 100;

/** The platform's own answer to a statistics call, as the API serves it to admin@demo.co. */
async function apiAnswer(platformUrl: string, key: keyof typeof endpoints, query: Record<string, string>): Promise<unknown> {
  const auth = await fetch(`${platformUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.co', password: DEMO_PASSWORD })
  });
  const { token } = (await auth.json()) as { token: string };
  const path = endpoints[key].path.replace('{idOrg}', String(ORG)).replace('{id}', String(ORG));
  const res = await fetch(`${platformUrl}${path}?${new URLSearchParams(query).toString()}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, `${key} answers`).toBe(200);
  return res.json();
}

/** Waits until nothing in the page's main area is loading and what it shows stopped changing. */
async function settled(page: Page): Promise<Locator> {
  const main = page.getByRole('main');
  let last = '';
  await expect
    .poll(
      async () => {
        const busy = await main.locator('[aria-busy="true"]').count();
        const text = await main.innerText();
        const stable = busy === 0 && !text.includes('Cargando…') && text === last;
        last = text;
        return stable;
      },
      { timeout: 30_000, intervals: [300] }
    )
    .toBe(true);
  return main;
}

/** Everything the page shows as data: its tiles' values and its tables' cells. */
async function shownData(main: Locator): Promise<string> {
  const tiles = await main.locator('[data-indicator]').allInnerTexts();
  const tables = await main.getByRole('table').allInnerTexts();
  return [...tiles, ...tables].join('\n');
}

const setRange = setDateRange;

/** The pages' 'today' is the user's (the browser context runs in Bogotá), whatever this machine's zone. */
const BOGOTA = 'America/Bogota';
function today(): string {
  return DateTime.now().setZone(BOGOTA).toISODate() ?? '';
}

function daysAgo(n: number): string {
  return DateTime.now().setZone(BOGOTA).minus({ days: n }).toISODate() ?? '';
}

for (const reader of WALKERS) {
  test(`${reader.email} opens every analytics page of its menu and no other`, async ({ page }) => {
    test.setTimeout(180_000);
    const mine = analyticsOf(reader.role);
    expect(mine.length).toBeGreaterThan(0);
    await page.goto('/login');
    await signIn(page, reader.email);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    for (const path of mine) {
      const title = Object.values(ANALYTICS_PAGES).find((p) => p.path === path)?.title ?? '';
      await openInApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
      // The last 7 days: today alone may hold nothing yet (just after midnight in Bogotá).
      if ((await dateField(page, 'Fecha inicial').count()) > 0) await setRange(page, daysAgo(6), today());
      const main = await settled(page);
      await expect(main.getByText(/^Error al obtener/), `${path} loads without errors`).toHaveCount(0);
      expect((await shownData(main)).length, `${path} shows data`).toBeGreaterThan(0);
    }
    for (const path of ANALYTICS_PATHS.filter((p) => !mine.includes(p))) {
      await openInApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' }), path).toBeVisible();
    }
  });
}

test('the attention indicators are the API values and follow the date range', async ({ page, host }) => {
  test.setTimeout(120_000);
  const keys = {
    TMO: 'tmo',
    FCR: 'fcr',
    TMAsignacion: 'tmAsignacion',
    TMAtencionAH: 'tmAtencionAH',
    TMAtencionAV: 'tmAtencionAV',
    AttendedChats: 'attendedChatsShare',
    NotAttendedChats: 'notAttendedChatsShare',
    NivelRespuestaBOT: 'missingBotResponse',
    NivelAbandono: 'abandonmentLevel'
  } as const satisfies Record<(typeof ATTENTION_INDICATOR_IDS)[number], keyof typeof endpoints>;

  async function expected(start: string, end: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const id of ATTENTION_INDICATOR_IDS) {
      const { value } = (await apiAnswer(host.platformUrl, keys[id], { start, end })) as { value: number | null };
      out[id] = value === null ? '--' : formatIndicator(id, value);
    }
    return out;
  }
  async function shown(): Promise<Record<string, string>> {
    await settled(page);
    const out: Record<string, string> = {};
    for (const id of ATTENTION_INDICATOR_IDS) out[id] = (await page.locator(`[data-indicator="${id}"]`).innerText()).trim();
    return out;
  }

  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  await page.goto(ANALYTICS_PAGES.attentionIndicators.path);

  const day = today();
  const todayExpected = await expected(day, day);
  await expect.poll(shown, { timeout: 30_000 }).toEqual(todayExpected);

  await setRange(page, daysAgo(29), day);
  const monthExpected = await expected(daysAgo(29), day);
  expect(monthExpected).not.toEqual(todayExpected);
  await expect.poll(shown, { timeout: 30_000 }).toEqual(monthExpected);
  const monthShown = await shown();
  // Thirty days of generated conversations: every indicator has a value.
  for (const id of ATTENTION_INDICATOR_IDS) expect(monthShown[id], id).not.toBe('--');
});

/**
 * Makes the platform fail: the tables are renamed away (every statement that reads them fails) until
 * the returned function puts them back. The statistics read the raw rows or their daily totals
 * (src/server/stats/totals.ts), so a test breaks both.
 */
async function breakTables(db: BrowserHost['platformDb'], tables: readonly string[]): Promise<() => Promise<void>> {
  for (const table of tables) await db.execute(sql.raw(`alter table ${table} rename to ${table}_broken`));
  return async () => {
    for (const table of tables) await db.execute(sql.raw(`alter table ${table}_broken rename to ${table}`));
  };
}

test('estado-chats shows the API counts, follows the range and shows the error state when the server fails', async ({ page, host }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, 'visualizador@demo.co');
  await page.goto(ANALYTICS_PAGES.chatStates.path);
  const table = page.getByRole('table', { name: 'Chats por estado' });

  /** State and count of each row (the doughnut's table also shows each state's share). */
  async function rowsShown(): Promise<string[]> {
    await settled(page);
    // The body's rows: the header row holds column headers, not a row header.
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    const out: string[] = [];
    for (let i = 0; i < Math.min(4, await rows.count()); i++) {
      const cells = await rows.nth(i).locator('[role=rowheader], [role=cell]').allInnerTexts();
      out.push(`${cells[0]?.trim()} ${cells[1]?.trim()}`);
    }
    return out;
  }
  async function rowsExpected(start: string, end: string): Promise<string[]> {
    const c = (await apiAnswer(host.platformUrl, 'chatStatusCounts', { start, end })) as Record<'enCola' | 'activos' | 'finalizados' | 'noAtendidos', number>;
    return [
      ['En cola', c.enCola],
      ['Activos', c.activos],
      ['Finalizados', c.finalizados],
      ['No atendidos', c.noAtendidos]
    ].map(([label, n]) => `${label} ${formatNumber(n as number)}`);
  }

  // Yesterday and today (today alone may hold nothing yet, just after midnight in Bogotá), then 30 days.
  const day = today();
  await setRange(page, daysAgo(1), day);
  const twoDaysExpected = await rowsExpected(daysAgo(1), day);
  await expect.poll(rowsShown, { timeout: 30_000 }).toEqual(twoDaysExpected);
  await setRange(page, daysAgo(29), day);
  const monthExpected = await rowsExpected(daysAgo(29), day);
  expect(monthExpected).not.toEqual(twoDaysExpected);
  await expect.poll(rowsShown, { timeout: 30_000 }).toEqual(monthExpected);

  // The server fails: its conversations and their daily totals are gone while the page asks again.
  const restore = await breakTables(host.platformDb, ['conversations', 'conversation_day_totals']);
  try {
    // A new range makes the page ask again (a reload would fall back to today, which may hold nothing yet).
    await setRange(page, daysAgo(6), day);
    await expect(page.getByRole('main').getByText(MSG.statistics.chatStatesLoadFailed).first()).toBeVisible({ timeout: 30_000 });
    await expect(table).toHaveCount(0);
  } finally {
    await restore();
  }
  await page.getByRole('button', { name: 'Reintentar' }).first().click();
  await expect(table).toBeVisible({ timeout: 30_000 });
});

test('the attention tiles show -- and the error text when the server fails', async ({ page, host }) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  // Conversations and the assistant's turns (NivelRespuestaBOT) gone, with the daily totals read in their place.
  const restore = await breakTables(host.platformDb, ['conversations', 'bot_interactions', 'conversation_day_totals', 'customer_day_totals', 'bot_day_totals']);
  try {
    await page.goto(ANALYTICS_PAGES.attentionIndicators.path);
    await settled(page);
    for (const id of ATTENTION_INDICATOR_IDS) {
      await expect(page.locator(`[data-indicator="${id}"]`), id).toHaveText('--');
      await expect(page.getByRole('main').getByText(MSG.statistics.indicatorLoadFailed[id])).toBeVisible();
    }
  } finally {
    await restore();
  }
});

test('estado-asesores follows an agent going online and offline, live', async ({ page, browser, host }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, 'supervisor@demo.co');
  await page.goto(ANALYTICS_PAGES.agentStates.path);
  const row = page.getByRole('table', { name: 'Estado de cada asesor' }).getByRole('row', { name: /Valentina López/ });
  await expect(row).toContainText('Desconectado', { timeout: 30_000 });

  const agentContext = await browser.newContext({ baseURL: host.url, locale: 'es-CO', timezoneId: 'America/Bogota' });
  try {
    const agent = await agentContext.newPage();
    await agent.goto('/login');
    await signIn(agent, 'asesor@demo.co');
    await expect(agent).toHaveURL('/chat');
    // The supervisor reads the console's word for each state (one word everywhere).
    for (const choice of ['Conectado', 'Desconectado'] as const) {
      await agent.getByRole('button', { name: /^Estado del asesor:/ }).click();
      await agent.getByRole('menuitemradio', { name: choice, exact: true }).click();
      await expect(agent.getByRole('button', { name: `Estado del asesor: ${choice}` })).toBeVisible();
      // No reload on the supervisor's page: the monitor's notice brings the new state.
      await expect(row.getByRole('cell').nth(0)).toHaveText(choice, { timeout: 15_000 });
    }
  } finally {
    await agentContext.close();
  }
});

test.describe('the filter dates, with the mouse, under an English system (issue 17)', () => {
  test.use({ locale: 'en-US', viewport: { width: 1366, height: 768 } });

  test('read DD/MM/YYYY, come from a period, stay while moving between pages, and an end before the start clears the figures', async ({ page }) => {
    test.setTimeout(120_000);
    const dmy = (day: string) => day.split('-').reverse().join('/');
    await page.goto('/login');
    await signIn(page, 'admin@demo.co');
    await page.goto(ANALYTICS_PAGES.chatStates.path);
    const start = dateField(page, 'Fecha inicial');
    const end = dateField(page, 'Fecha final');
    // Today by default, day first whatever the system's locale (a native date input would read MM/DD/YYYY here).
    await expect(start).toHaveValue(dmy(today()));
    await expect(end).toHaveValue(dmy(today()));

    // The calendar opens on a click, in Spanish from Monday, and Escape closes it.
    await start.click();
    const calendar = page.getByRole('dialog', { name: 'Calendario de la fecha inicial' });
    await expect(calendar.getByRole('columnheader').first()).toHaveAttribute('aria-label', 'lunes');
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();

    await page.getByLabel('Periodo').selectOption({ label: 'Últimos 7 días' });
    await expect(start).toHaveValue(dmy(daysAgo(6)));
    await expect(end).toHaveValue(dmy(today()));
    const table = page.getByRole('table', { name: 'Chats por estado' });
    await expect(table).toBeVisible({ timeout: 30_000 });

    // Another page of the menu keeps the range.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Chats por asesor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ANALYTICS_PAGES.chatsPerAgent.title })).toBeVisible();
    await expect(start).toHaveValue(dmy(daysAgo(6)));
    await expect(page.getByLabel('Periodo')).toHaveValue('last7');
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Estado de chats' }).click();
    await expect(table).toBeVisible({ timeout: 30_000 });

    // An end before the start: its message, and no figures left looking current.
    await end.fill(dmy(daysAgo(10)));
    await end.press('Tab');
    await expect(page.getByText('La fecha final debe ser igual o posterior a la fecha inicial').first()).toBeVisible();
    await expect(page.getByRole('main').getByText('Las cifras no se muestran')).toBeVisible();
    await expect(table).toHaveCount(0);
    await expect(page.getByRole('main').locator('[data-indicator]')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('end-before-start.png') });

    await end.fill(dmy(today()));
    await end.press('Tab');
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('main').getByText('Las cifras no se muestran')).toHaveCount(0);
  });
});
