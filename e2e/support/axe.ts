import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical axe violations in the page's main area (where the remote draws). */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).include('#main-content').analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) })),
  ).toEqual([]);
}
