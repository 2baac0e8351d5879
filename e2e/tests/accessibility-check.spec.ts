/**
 * The suite's accessibility check (tests/test.ts) finds what axe finds: it puts axe into the page
 * once and runs it on every call, so a violation added after a clean run is reported, with the
 * rule and where it is. Every other test relies on this check failing when it should.
 */
import { expect, expectAccessible, test } from './test';

test('reports a violation added after a clean run, by rule, and passes again once it is gone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectAccessible(page, 'Login');
  await page.evaluate(() =>
    document
      .querySelector('main')!
      .insertAdjacentHTML('beforeend', '<img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button id="no-name"></button>'),
  );
  const failure = await expectAccessible(page, 'Login with two faults').then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('#no-alt');
  expect(failure).toContain('button-name');
  await page.evaluate(() => document.querySelectorAll('#no-alt, #no-name').forEach((element) => element.remove()));
  await expectAccessible(page, 'Login again');
});
