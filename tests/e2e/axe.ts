import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** axe's serious and critical findings on the page as it is now (empty is the goal). */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
