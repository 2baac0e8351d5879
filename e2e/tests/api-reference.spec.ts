/** The API reference page, as an integrator reads it in a browser: under the server's security headers, with nothing from another host. */
import { expect, expectAccessible, test } from './test';

test('the reference page shows each call with its parameters, roles and answers, loading nothing from elsewhere', async ({ page, baseURL }) => {
  const elsewhere: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!)) elsewhere.push(request.url());
  });
  // A Content-Security-Policy violation is reported on the console.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const answer = await page.goto('/api/docs');
  expect(answer?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.getByRole('heading', { level: 1, name: /Administration console API/ })).toBeVisible();
  await expect(page.getByRole('link', { name: '/api/openapi.json' })).toBeVisible();

  // The users list: who may call it, how to authenticate, its parameters and answers.
  await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: /^identity/ }).click();
  const users = page.locator('details#getUsers');
  await users.locator('summary').click();
  await expect(users.getByRole('row', { name: /Who may call/ })).toContainText('ACCESS_MY_CUSTOMER_LICENCE');
  await expect(users.getByRole('row', { name: /Authenticate with/ })).toContainText('Authorization: ApiKey <key>');
  await expect(users.getByRole('row', { name: /^pageSize/ })).toContainText('integer, 1 to 200, default 25');
  await expect(users.getByRole('row', { name: /^429/ })).toContainText('Retry-After');
  await expectAccessible(page, 'the reference page with the users list open');

  await page.getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { name: 'Terms' })).toBeInViewport();

  // On a phone the areas sit above the reference instead of beside it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/api/docs');
  const nav = await page.getByRole('navigation', { name: 'Areas' }).boundingBox();
  const main = await page.locator('main').boundingBox();
  expect(nav!.y + nav!.height).toBeLessThanOrEqual(main!.y + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  expect(elsewhere).toEqual([]);
  expect(problems).toEqual([]);
});
