import { CHAT_QUEUE_PATH, WALLBOARD_PATH } from '../../src/shared/supervision-pages';
import { seriousViolations } from './axe';
import { expect, openInApp, signIn, test } from './fixtures';

/**
 * The wallboard (issue 20) in a window of its own (a popup in the browser host, a full-screen
 * window in the desktop app) on the smallest common wall screen, 1366×768: it shares the opener's
 * session, every row — the queue, the agents and today's figures, the last — is on the screen
 * without scrolling, and Esc closes the window.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test('opens the board in its own window, whole at 1366×768, and Esc closes it', async ({ page, context }) => {
  await page.goto('/');
  await signIn(page, 'supervisualizador@demo.co');
  await openInApp(page, CHAT_QUEUE_PATH);
  const [board] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Tablero de pared' }).click()]);
  await board.setViewportSize({ width: 1366, height: 768 });
  expect(new URL(board.url()).pathname).toBe(WALLBOARD_PATH);
  const wall = board.getByRole('dialog', { name: 'Tablero de la cola' });
  await expect(wall).toBeVisible();
  await expect(board.getByRole('navigation', { name: 'Menú principal' })).toHaveCount(0);
  // The last row, once its figures have answered (their final size). Not by their text: a figure
  // with nothing to count yet today (just after midnight in Bogotá) stays '--' once answered too.
  const last = wall.getByRole('region', { name: 'TMO' });
  await expect(last).toBeVisible();
  await expect(wall.locator('section[aria-busy="true"]')).toHaveCount(0);
  const box = await last.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(768);
  // Every card holds its text: nothing runs past its right edge ('11.52 min' once did).
  const overflowing = await wall.locator('section').evaluateAll((cards) => cards.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.getAttribute('aria-label')));
  expect(overflowing).toEqual([]);
  const { scrollHeight, clientHeight } = await wall.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight);
  expect(await seriousViolations(board)).toEqual([]);
  const closed = board.waitForEvent('close');
  await board.keyboard.press('Escape').catch(() => undefined); // the window closes under the key press
  await closed;
  // The opener stays where it was.
  await expect(page.getByRole('table', { name: 'Chats en espera' }).or(page.getByText('No hay chats esperando en la cola en este momento.'))).toBeVisible();
});
