/**
 * The API reference as an integrator uses it in a browser (issue 43): Swagger UI served by this
 * server under its security headers, nothing from another host; each call with its code
 * samples; Authorize with an API key, Try it out on `GET /api/users`, and the server's 200 with
 * the JSON on the page.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { asAdmin, unique } from './data';

/** An API key of SiteSense Internal that may read its users (ACCESS_MY_CUSTOMER_LICENCE), made through the API. */
async function readerKey(request: APIRequestContext): Promise<string> {
  const headers = await asAdmin(request);
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'SiteSense Internal')!.licenseId;
  const made = await request.post('/api/apikeys', { headers, data: { name: `Reference try-out ${unique()}`, licenseId, isActive: true, allProjects: false } });
  expect(made.status(), await made.text()).toBe(201);
  const { apiKey, apiKeyId } = (await made.json()) as { apiKey: string; apiKeyId: number };
  const groups = (await (await request.get('/api/roles', { headers })).json()) as { addOnId: number | null; roles: { roleId: number; name: string }[] }[];
  const group = groups.find((g) => g.roles.some((role) => role.name === 'ACCESS_MY_CUSTOMER_LICENCE'))!;
  const role = group.roles.find((r) => r.name === 'ACCESS_MY_CUSTOMER_LICENCE')!;
  if (group.addOnId !== null) expect((await request.put(`/api/apikeys/${apiKeyId}/addons`, { headers, data: [group.addOnId] })).ok()).toBe(true);
  const roles = await request.put(`/api/apikeys/${apiKeyId}/roles`, { headers, data: [role.roleId] });
  expect(roles.ok(), await roles.text()).toBe(true);
  return apiKey;
}

test('the reference shows each call with its code samples, and tries GET /api/users with an API key', async ({ page, baseURL, request }) => {
  // Swagger UI (1.7 MB) on the whole document, three accessibility checks and a phone's reload.
  test.setTimeout(120_000);
  const key = await readerKey(request);
  const elsewhere: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && r.url() !== 'about:blank') elsewhere.push(r.url());
  });
  // A Content-Security-Policy violation is reported on the console.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  // Swagger UI draws the calls as they scroll into view: a call's link (deep linking) opens it.
  const answer = await page.goto('/api/docs#/identity/getUsers');
  const csp = answer?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  await expect(page.getByRole('heading', { level: 1, name: /Administration console API/ })).toBeVisible();
  await expect(page.getByRole('link', { name: '/api/openapi.json' }).first()).toBeVisible();

  // The users list: its summary, and its code samples, open. Swagger UI draws the whole document
  // before it follows the link: on a busy 2-core CI worker that took more than 10 s once.
  const users = page.locator('#operations-identity-getUsers');
  await expect(users.getByRole('button', { name: /GET \/api\/users/ }).first()).toHaveAttribute('aria-expanded', 'true', { timeout: 60_000 });
  const samples = users.getByRole('region', { name: 'Code samples' });
  await expect(samples.getByRole('heading', { name: 'curl' })).toBeVisible();
  await expect(samples.getByLabel('curl sample')).toContainText('Authorization: ApiKey $CONSOLE_API_KEY');
  await expect(samples.getByLabel('TypeScript (openapi-fetch) sample')).toContainText("api.GET('/api/users')");
  await expectAccessible(page, 'the reference with the users list open');

  // Authorize with the key: the page sends it as `ApiKey <key>`.
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Available authorizations' });
  const apiKeyForm = dialog.locator('form').filter({ hasText: 'apiKey' });
  await apiKeyForm.getByRole('textbox').fill(key);
  await apiKeyForm.getByRole('button', { name: /^Authorize/ }).click();
  await expect(apiKeyForm.getByRole('button', { name: /^Logout/ })).toBeVisible();
  await expectAccessible(page, 'the Authorize dialog with the key');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // Try it out: the server answers 200 with the users as JSON. (The dialog took the page to
  // its top, where Swagger UI no longer draws the users list: scroll back down to it, still open.)
  for (let i = 0; i < 60 && (await users.count()) === 0; i++) await page.mouse.wheel(0, 1200);
  await users.scrollIntoViewIfNeeded();
  await expect(users.getByRole('button', { name: /GET \/api\/users/ }).first()).toHaveAttribute('aria-expanded', 'true');
  await users.getByRole('button', { name: 'Try it out' }).click();
  const called = page.waitForRequest((r) => r.url().startsWith(`${baseURL}/api/users`) && r.method() === 'GET');
  await users.getByRole('button', { name: 'Execute' }).click();
  expect((await called).headers()['authorization']).toBe(`ApiKey ${key}`);
  const live = users.locator('.live-responses-table');
  await expect(live.locator('tbody .response-col_status').first()).toHaveText('200');
  await expect(live.locator('tbody .response-col_description')).toContainText('"items"');
  await expect(live.locator('tbody .response-col_description')).toContainText('"total"');
  await expectAccessible(page, 'the reference after trying GET /api/users');

  // The terms the document's licence links to are on the page.
  await page.getByRole('heading', { name: 'Terms' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'Terms' })).toBeInViewport();

  // On a phone the page fits without sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('about:blank');
  await page.goto('/api/docs#/identity/getUsers');
  await expect(page.getByRole('heading', { level: 1, name: /Administration console API/ })).toBeVisible();
  // Swagger UI draws the whole document again (1.7 MB of script, every call): on a loaded machine that takes a while.
  await expect(page.locator('#operations-identity-getUsers')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  expect(elsewhere).toEqual([]);
  expect(problems).toEqual([]);
});
