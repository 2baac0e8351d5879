/**
 * The suite's `test`: Playwright's, plus an accessibility check (axe-core, WCAG 2.1 A and AA)
 * of the state every test ends in. Tests also call `expectAccessible` on the states they pass
 * through; any violation fails the test with the rule, its help and where it is.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Pages whose current state passed already: the same page in the same state needs no second run. */
const passed = new WeakMap<Page, string>();

/** The page's address and a hash of its markup: equal only when nothing on the page changed (null mid-navigation). */
function fingerprint(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    let hash = 0;
    for (let i = 0; i < html.length; i++) hash = (hash * 31 + html.charCodeAt(i)) | 0;
    return `${location.href}|${html.length}|${hash}`;
  }).catch(() => null);
}

export async function expectAccessible(page: Page, state = page.url()): Promise<void> {
  const before = await fingerprint(page);
  if (before !== null && passed.get(page) === before) return;
  // Legacy mode runs axe in the page itself: the default opens a blank page per run to merge
  // frames' results, and the console has no frames. Only violations are collected: the
  // same rules run, without listing every passing node. Together about three times faster.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const problems = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} at ${v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ')}`,
  );
  expect(problems, `accessibility of ${state}`).toEqual([]);
  // Only a state that did not change while axe ran is known to pass as it is now.
  if (before !== null && (await fingerprint(page)) === before) passed.set(page, before);
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
