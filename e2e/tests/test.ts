/**
 * The suite's `test`: Playwright's, plus an accessibility check (axe-core, WCAG 2.1 A and AA)
 * of the state every test ends in. Tests also call `expectAccessible` on the states they pass
 * through; any violation fails the test with the rule, its help and where it is.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';

/** axe-core's script, as @axe-core/playwright bundles it (the version it was tested with). */
const AXE_SOURCE = fs.readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
type Violation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe in the page itself (the console has no frames), the script put in once per document
 * rather than on every run as @axe-core/playwright does (500 KB parsed again each time); only
 * violations are collected: the same rules run, without listing every passing node.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }, TAGS);
}

/** Pages whose current state passed already: the same page in the same state needs no second run. */
const passed = new WeakMap<Page, string>();

/** The page's address and a hash of its markup: equal only when nothing on the page changed (null mid-navigation). */
function fingerprint(page: Page): Promise<string | null> {
  return page
    .evaluate(() => {
      const html = document.documentElement.outerHTML;
      let hash = 0;
      for (let i = 0; i < html.length; i++) hash = (hash * 31 + html.charCodeAt(i)) | 0;
      return `${location.href}|${html.length}|${hash}`;
    })
    .catch(() => null);
}

export async function expectAccessible(page: Page, state = page.url()): Promise<void> {
  // A page caught mid-render has no main landmark or level-one heading yet (axe requires both):
  // give it a moment to be drawn; a page that never draws them still fails below.
  await expect(page.getByRole('main'))
    .toHaveCount(1, { timeout: 5000 })
    .catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1 }).first())
    .toBeVisible({ timeout: 5000 })
    .catch(() => undefined);
  const before = await fingerprint(page);
  if (before !== null && passed.get(page) === before) return;
  const problems = (await axeViolations(page)).map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} at ${v.targets.join(' | ')}`);
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
      await expect(page.getByRole('status', { name: /^Loading/ }))
        .toHaveCount(0, { timeout: 5000 })
        .catch(() => undefined);
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
