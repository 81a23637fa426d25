import type { Locator, Page } from '@playwright/test';
import { dateField, expect, openInApp, signIn, test } from './fixtures';

/**
 * Every kind of popup the app uses, opened with the mouse as a person does (issue 17): its content
 * shows, and the app around it stays visible — a point away from the popup still hits the app, and
 * no portal layer paints over the window (Fluent copies the provider's classes onto each portal:
 * a full-height class there once blanked the whole window behind every toast and menu).
 */

/** The few page globals the checks read (the node project has no DOM types; erased before the code runs in the page). */
interface PageElement {
  id: string;
  tagName: string;
  className: string;
  contains(other: PageElement): boolean;
  getBoundingClientRect(): { left: number; bottom: number; width: number; height: number };
}
interface PageGlobals {
  document: {
    body: { children: ArrayLike<PageElement> };
    getElementById(id: string): PageElement | null;
    elementFromPoint(x: number, y: number): PageElement | null;
  };
  getComputedStyle(el: PageElement): { backgroundColor: string };
  innerHeight: number;
}

/** A point of the element that lies outside the popup's box. */
async function pointAwayFrom(target: Locator, popup: Locator): Promise<{ x: number; y: number }> {
  const box = await target.boundingBox();
  const around = await popup.boundingBox();
  if (!box || !around) throw new Error('The target or the popup has no box on screen');
  const candidates = [
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    { x: box.x + 4, y: box.y + 4 },
    { x: box.x + box.width - 4, y: box.y + box.height - 4 }
  ];
  const outside = candidates.find(
    (p) => p.x < around.x || p.x > around.x + around.width || p.y < around.y || p.y > around.y + around.height
  );
  if (!outside) throw new Error('The popup covers the whole target: choose another one');
  return outside;
}

/**
 * The app is still what a person sees and clicks beside `popup`: the topmost element at a point of
 * `target` away from the popup belongs to the app (#root), and every portal layer is see-through.
 */
async function expectAppVisibleBeside(page: Page, popup: Locator, target: Locator): Promise<void> {
  await expect(popup).toBeVisible();
  const point = await pointAwayFrom(target, popup);
  const hit = await page.evaluate(({ x, y }) => {
    const { document } = globalThis as unknown as PageGlobals;
    const el = document.elementFromPoint(x, y);
    return { inApp: !!el && !!document.getElementById('root')?.contains(el), tag: el ? `${el.tagName}.${el.className}` : 'nothing' };
  }, point);
  expect(hit, `the element at (${point.x}, ${point.y}) beside the popup`).toEqual({ inApp: true, tag: hit.tag });
  await expectPortalsSeeThrough(page);
}

/** No portal mount node (the body's children other than #root) paints a background over an area or fills the window. */
async function expectPortalsSeeThrough(page: Page): Promise<void> {
  const opaque = await page.evaluate(() => {
    const { document, getComputedStyle, innerHeight } = globalThis as unknown as PageGlobals;
    return Array.from(document.body.children)
      .filter((el) => el.id !== 'root' && el.tagName !== 'SCRIPT' && el.tagName !== 'STYLE')
      .map((el) => ({ el, style: getComputedStyle(el), rect: el.getBoundingClientRect() }))
      .filter(
        ({ style, rect }) =>
          (style.backgroundColor !== 'rgba(0, 0, 0, 0)' && rect.width > 0 && rect.height > 0) || rect.height >= innerHeight
      )
      .map(({ el, style, rect }) => `${el.className} background ${style.backgroundColor}, height ${rect.height}`);
  });
  expect(opaque).toEqual([]);
}

test.use({ viewport: { width: 1366, height: 768 } });

test('the agent’s status menu opens with the mouse, leaves the console visible and closes with Escape or a click away', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'asesor6@demo.co');
  await expect(page).toHaveURL('/chat');
  // By CSS, not by role: a modal popup hides the app from the accessibility tree, not from the eye.
  const nav = page.locator('nav[aria-label="Menú principal"]');

  await page.getByRole('button', { name: /^Estado del asesor:/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: 'Conectado', exact: true })).toBeVisible();
  await expectAppVisibleBeside(page, menu, nav);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // A click away closes it too, and lands on the app.
  await page.getByRole('button', { name: /^Estado del asesor:/ }).click();
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { level: 1 }).first().click();
  await expect(menu).toBeHidden();
});

test('a filter’s list, the date picker’s calendar, a tooltip, a dialog and a toast leave the app visible around them', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@demo.co');
  // By CSS, not by role: a modal popup hides the app from the accessibility tree, not from the eye.
  const nav = page.locator('nav[aria-label="Menú principal"]');

  // The Canales filter: a listbox chosen from with the mouse.
  await openInApp(page, '/analitica/estadisticas/asesor-virtual/conversaciones-canal');
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Canales' }).click();
  // Fluent's multiple-choice dropdown names its list after the field and its options as checkboxes.
  const list = page.getByRole('menu', { name: 'Canales' });
  await expect(list.getByRole('menuitemcheckbox', { name: 'Web' })).toBeVisible();
  await expectAppVisibleBeside(page, list, nav);
  await list.getByRole('menuitemcheckbox', { name: 'Web' }).click();
  // It stays open for more choices while the mouse picks.
  await expect(list.getByRole('menuitemcheckbox', { name: 'Web' })).toBeChecked();
  await page.getByRole('heading', { level: 1 }).first().click();
  await expect(list).toBeHidden();
  await expect(main.getByRole('combobox', { name: 'Canales' })).toHaveText(/Web/);

  // The date picker's calendar: a popover.
  await dateField(page, 'Fecha inicial').click();
  const calendar = page.locator('.fui-DatePicker__popupSurface');
  await expect(calendar.getByRole('grid').first()).toBeVisible();
  await expectAppVisibleBeside(page, calendar, nav);
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();

  // A row's tooltip on a settings list.
  await openInApp(page, '/configuracion/asesor-humano/causales-negocio');
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await main.getByRole('button', { name: 'Editar Venta' }).hover();
  const tooltip = page.getByRole('tooltip');
  await expectAppVisibleBeside(page, tooltip, nav);

  // A dialog opened from that button dims the app behind it instead of hiding it, and one Escape
  // closes it (the button's tooltip does not outlive the click and swallow the first Escape).
  await main.getByRole('button', { name: 'Editar Venta' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox').first()).toBeVisible();
  await expectPortalsSeeThrough(page);
  const backdrop = await page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
    const box = document.getElementById('root')!.getBoundingClientRect();
    const el = document.elementFromPoint(box.left + 10, box.bottom - 10);
    return el ? getComputedStyle(el).backgroundColor : 'none';
  });
  // A translucent layer (rgba with alpha below 1) over the app, never an opaque colour.
  expect(backdrop).toMatch(/^rgba\(\d+, \d+, \d+, 0?\.\d+\)$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A toast after a save.
  await main.getByRole('button', { name: 'Nueva causal' }).click();
  await dialog.getByLabel(/^Nombre/).fill('Causal de prueba de ventanas');
  await dialog.getByLabel(/^Código/).fill('PRUEBA_VENTANAS');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const toast = page.locator('.fui-Toast').filter({ hasText: 'Causal creada exitosamente' });
  await expectAppVisibleBeside(page, toast, nav);
  await expect(page.getByRole('rowheader', { name: 'Causal de prueba de ventanas' })).toBeVisible();
});
