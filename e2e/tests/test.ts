/**
 * The suite's `test`: Playwright's, plus an accessibility check (axe-core, WCAG 2.1 A and AA)
 * of the state every test ends in. Tests also call `expectAccessible` on the states they pass
 * through; any violation fails the test with the rule, its help and where it is.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export async function expectAccessible(page: Page, state = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const problems = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} at ${v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ')}`,
  );
  expect(problems, `accessibility of ${state}`).toEqual([]);
}

export const test = base.extend<{ accessibleAtEnd: void }>({
  accessibleAtEnd: [
    async ({ page, baseURL }, use, testInfo) => {
      await use();
      // A failed test has said what went wrong; another origin's page (an environment's server) is not ours.
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || !baseURL || !page.url().startsWith(baseURL)) return;
      await expectAccessible(page, `the end of '${testInfo.title}'`);
    },
    { auto: true },
  ],
});

export { expect };
