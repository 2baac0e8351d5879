/**
 * The user group and API key lists page, filter and sort on the server, show their totals and
 * keep all of it in the URL, so reload and Back restore them. Their rows (named to sort after
 * the demo's, so the other tests' first pages do not change) are made through the API.
 */
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { sessionToken, stateFile } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

async function licenseOf(request: APIRequestContext, token: string): Promise<number> {
  const groups = (await (await request.get('/api/userGroup/getAll', { headers: { Authorization: `Bearer ${token}` } })).json()) as { licenseId: number }[];
  return groups[0]!.licenseId;
}

const firstCells = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr td:nth-child(1)').allTextContents();

test('the user group list: 26 groups page 25 and 1 with the total; filter, order and page survive reload and Back', async ({ page, request }) => {
  await page.goto('/users');
  const token = await sessionToken(page);
  const licenseId = await licenseOf(request, token);
  const tag = `Zz paging ${Date.now()}`;
  for (let i = 1; i <= 26; i++) {
    const made = await request.post('/api/userGroup/create', {
      headers: { Authorization: `Bearer ${token}` },
      data: { LicenseId: licenseId, Name: `${tag} ${String(i).padStart(2, '0')}`, RoleIds: [], ProjectIds: [], AddOnIds: [] },
    });
    expect(made.ok()).toBe(true);
  }

  await page.reload();
  await page.getByRole('tab', { name: 'User Groups' }).click();
  await page.getByRole('searchbox', { name: 'Filter user groups' }).fill(tag.toLowerCase());
  await expect(page).toHaveURL(/[?&]groupQ=zz/);
  await expect(page.getByText('1–25 of 26')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]groupPage=1/);
  await expect(page.getByText('26–26 of 26')).toBeVisible();
  // The pager moves with the URL at once; the rows follow when the page arrives (the last page stays until then).
  await expect.poll(() => firstCells(page, 'User groups')).toEqual([`${tag} 26`]);

  // The whole header cell sorts: the list is by name already, so a click turns it descending,
  // which puts 26 first, on page 1 again.
  await page.getByRole('columnheader', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/[?&]groupDir=desc/);
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('1–25 of 26')).toBeVisible();
  await expect.poll(async () => (await firstCells(page, 'User groups'))[0]).toBe(`${tag} 26`);
  await expectAccessible(page, 'the user group list, paged on the server');

  await page.reload();
  await expect(page.getByRole('tab', { name: 'User Groups' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Filter user groups' })).toHaveValue(tag.toLowerCase());
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('1–25 of 26')).toBeVisible();

  await page.goBack();
  await expect(page.getByText('26–26 of 26')).toBeVisible();

  // Export CSV (Back restored the order by name, ascending): every group the filter selects, not just this page.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('user-groups.csv');
  const [header, ...rows] = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(header).toBe('Name,User Count,Product Licenses');
  expect(rows.map((row) => row.split(',')[0])).toEqual(Array.from({ length: 26 }, (_, i) => `${tag} ${String(i + 1).padStart(2, '0')}`));

  // A row opens its group.
  await page.getByRole('row', { name: new RegExp(`${tag} 26`) }).click();
  await expect(page.getByRole('heading', { name: `${tag} 26` })).toBeVisible();
});

test('the API key list: filter, active only, order and page on the server, kept in the URL', async ({ page, request }) => {
  await page.goto('/apikeys');
  const token = await sessionToken(page);
  const licenseId = await licenseOf(request, token);
  const tag = `Zz keys ${Date.now()}`;
  for (let i = 1; i <= 27; i++) {
    const made = await request.post('/api/apikeys', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `${tag} ${String(i).padStart(2, '0')}`, licenseId, isActive: i % 3 !== 0, allProjects: false },
    });
    expect(made.ok()).toBe(true);
  }

  await page.reload();
  await page.getByRole('searchbox', { name: 'Filter API keys' }).fill(tag);
  await expect(page).toHaveURL(/[?&]q=Zz/);
  await expect(page.getByText('1–25 of 27')).toBeVisible();
  await page.getByRole('switch', { name: 'Active only' }).click();
  await expect(page).toHaveURL(/[?&]active=active/);
  await expect(page.getByText('1–18 of 18')).toBeVisible();

  // Inactive keys first when ascending by Active; the list shows all of them again.
  await page.getByRole('switch', { name: 'Active only' }).click();
  await page.getByRole('columnheader', { name: /^Active/ }).click();
  await expect(page).toHaveURL(/[?&]sort=isActive/);
  const table = page.getByRole('table', { name: 'API keys' });
  await expect(table.locator('tbody tr').first()).toContainText(`${tag} 03`);
  await expect(table.locator('tbody tr').first()).toContainText('Inactive');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=1/);
  await expect(page.getByText('26–27 of 27')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Filter API keys' })).toHaveValue(tag);
  await expect(page.getByRole('columnheader', { name: /^Active/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText('26–27 of 27')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('1–25 of 27')).toBeVisible();

  // Export CSV: all 27 keys the filter selects, in the list's order; no secret.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const [header, ...rows] = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(header).toBe('Prefix,Name,Active,Product Licenses');
  expect(rows).toHaveLength(27);
  expect(rows[0]).toMatch(new RegExp(`^\\w+,${tag} 03,Inactive,`));
});
