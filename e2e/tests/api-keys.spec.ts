/**
 * API keys end to end, as a licence administrator of Northwind: made from the header's API
 * Keys link with the spec's messages, the key shown once in a modal only OK closes, copied,
 * never shown again; then the key calls the API with exactly its own roles and projects, and
 * is refused at once when the list's Active badge turns it off.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { stateFile, openSection } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();
const withKey = (request: APIRequestContext, key: string, path: string) => request.get(`/api/${path}`, { headers: { Authorization: `ApiKey ${key}` } });

test('make a key, see it once, give it a product, a role and a project, and call the API with it', async ({ page, context, request }) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `E2E integration ${Date.now()}`;

  // ---- the list, from the header
  await page.goto('/');
  await openSection(page, 'API Keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expectAccessible(page, 'the API key list');

  // ---- new: the name is required; the key is shown once, and only OK closes it
  await page.getByRole('link', { name: 'New API Key' }).click();
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Create API key' }).click();
  const modal = page.getByRole('dialog', { name: `API key ${name}` });
  await expect(modal.getByText('Copy this key and store it in a safe place. You will not be able to see it again.')).toBeVisible();
  await expect(toast(page, 'API key successfully added.')).toBeVisible();
  await expectAccessible(page, 'the key shown once');
  const key = (await modal.getByLabel('The new API key').textContent())!.trim();
  expect(key).toMatch(/^ck_[0-9a-f]{8}\.[A-Za-z0-9_-]{43}$/);
  await modal.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'Copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const prefix = key.split('.')[0]!;
  await expect(page.getByText(prefix, { exact: true })).toBeVisible();
  // Never again: not on the view, not after a reload, not in the list.
  const secret = key.split('.')[1]!;
  expect(await page.content()).not.toContain(secret);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // ---- details: the edit message
  await page.getByRole('textbox', { name: 'Name' }).fill('');
  await expect(page.getByText('Please enter a name for the api key.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill('Nightly ERP sync');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'API key successfully added.')).toBeVisible();

  // ---- roles need a product; then one role and one project
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page.getByText("Assign a Product to modify an api key's roles.")).toBeVisible();
  await page.getByRole('tab', { name: 'Product Licenses' }).click();
  await page.getByRole('checkbox', { name: 'SiteSense' }).check();
  await page.getByRole('button', { name: 'Save product licenses' }).click();
  await expect(toast(page, 'Product Licenses updated.')).toBeVisible();
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('searchbox', { name: 'Search roles' }).fill('access my customer');
  // The list narrows after a pause: wait for it, or the click lands on a row that moves.
  await expect(page.getByRole('checkbox', { name: /^Select all in / })).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Access My Customer Licence', exact: true }).check();
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expect(toast(page, 'Roles updated.')).toBeVisible();
  await page.getByRole('tab', { name: 'Projects' }).click();
  await page.getByRole('checkbox', { name: /Northwind Tower A/ }).check();
  await page.getByRole('button', { name: 'Save projects' }).click();
  await expect(toast(page, 'Projects updated.')).toBeVisible();
  await expectAccessible(page, 'the key’s projects');

  // ---- the key calls the API with exactly its own roles and projects
  const projects = await withKey(request, key, 'projects');
  expect(projects.status()).toBe(200);
  expect(((await projects.json()) as { name: string }[]).map((p) => p.name)).toEqual(['Northwind Tower A']);
  expect((await withKey(request, key, 'apikeys')).status()).toBe(403);

  // ---- the list's Active badge turns it off, and the next call is refused
  await page.goto('/apikeys');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText(prefix)).toBeVisible();
  await row.getByText('Active', { exact: true }).click();
  await expect(toast(page, 'API key deactivated.')).toBeVisible();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  expect((await withKey(request, key, 'projects')).status()).toBe(401);
  await page.getByRole('switch', { name: 'Active only' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  // ---- and the view says when it was last used
  await page.getByRole('switch', { name: 'Active only' }).click();
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('cell', { name, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Last used').locator('..').getByText('Never')).toHaveCount(0);
});

test('a failed copy says so', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await page.goto('/apikeys/new');
  await page.getByRole('textbox', { name: 'Name' }).fill(`E2E copy ${Date.now()}`);
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'Failed to copy!')).toBeVisible();
});
