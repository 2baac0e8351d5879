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
      const ours = () => !page.isClosed() && Boolean(baseURL) && page.url().startsWith(baseURL!);
      if (testInfo.status !== testInfo.expectedStatus || !ours()) return;
      // The last step may have started something (a navigation, a section loading): check
      // the state it settles in, not a spinner on the way.
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 5000 }).catch(() => undefined);
      if (!ours()) return;
      try {
        await expectAccessible(page, `the end of '${testInfo.title}'`);
      } catch (error) {
        // The test's last step may have started a navigation (a hand-off to another server):
        // check the page it lands on, if it is still ours.
        if (!/Execution context was destroyed|navigat/i.test(String(error))) throw error;
        await page.waitForLoadState('load');
        if (ours()) await expectAccessible(page, `the end of '${testInfo.title}'`);
      }
    },
    { auto: true },
  ],
});

export { expect };
