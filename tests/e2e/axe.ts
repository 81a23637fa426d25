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

/** axe's serious and critical findings on the page as it is now (empty is the goal). */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !isTabsterRedirector(v.id, n.html)) }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
