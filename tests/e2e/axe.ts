import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Tabster's focus redirectors: hidden `<i data-tabster-dummy>` elements that Fluent inserts around
 * the body once a component uses its modalizer (the date pickers do from the moment they mount).
 * They are focusable and aria-hidden on purpose — they pass the focus on at once — so axe's
 * aria-hidden-focus flags them; Fluent lists it as a known false positive and Microsoft's own
 * Accessibility Insights drops exactly these nodes of exactly this rule. Nothing else is excused.
 */
function isTabsterRedirector(ruleId: string, html: string): boolean {
  return ruleId === 'aria-hidden-focus' && /^<i\b[^>]*\bdata-tabster-dummy\b/.test(html);
}

/**
 * Whether nothing on the page is still loading (aria-busy) or moving: a Fluent button that turns
 * enabled when its data arrives fades its colours for 100 ms, and axe measuring contrast in the
 * middle of that fade reports a colour the page never rests at. Endless animations (a spinner) do
 * not count, nor a toast's timer: an empty span (`data-timer-status`) whose 5 s animation is only
 * the toast's countdown, which nothing shows — waited for, it held every check after a save for up
 * to the 5 s below.
 */
const isSettled = (): boolean => {
  // Runs in the page: the Node typings here have no DOM.
  const { document } = globalThis as unknown as PageDocument;
  return (
    document.querySelector('[aria-busy="true"]') === null &&
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity || a.effect?.target?.hasAttribute('data-timer-status') === true)
  );
};

interface PageDocument {
  document: {
    querySelector(selector: string): object | null;
    getAnimations(): {
      playState: string;
      effect: { getComputedTiming(): { iterations?: number }; target?: { hasAttribute(name: string): boolean } | null } | null;
    }[];
  };
}

/** Waits (up to 5 s, polling: the app's CSP forbids the string predicates waitForFunction sends) for the page to settle. */
async function settle(page: Page): Promise<void> {
  for (const end = Date.now() + 5000; Date.now() < end; await page.waitForTimeout(50)) {
    if (await page.evaluate(isSettled)) return;
  }
}

/** axe's serious and critical findings on the page once settled (empty is the goal). */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !isTabsterRedirector(v.id, n.html)) }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
