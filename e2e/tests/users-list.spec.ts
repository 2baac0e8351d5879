/** The user list keeps its search, order and page in the URL, and exports what it shows. */
import fs from 'node:fs';
import { expect, test } from './test';
import { stateFile } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

test('search and order live in the URL: reload and Back restore the list', async ({ page }) => {
  await page.goto('/users');
  await expect(page.getByText(/^1–\d+ of [\d,]+$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill('e2e.');
  await expect(page).toHaveURL(/[?&]q=e2e\./);
  await expect(page.getByRole('cell', { name: 'e2e.admin', exact: true })).toBeVisible();

  await page.getByRole('columnheader', { name: /Locked/ }).click();
  await expect(page).toHaveURL(/[?&]sort=isLockedOut/);
  await page.getByRole('columnheader', { name: /Locked/ }).click();
  await expect(page).toHaveURL(/[?&]dir=desc/);
  await expect(page.getByRole('columnheader', { name: /Locked/ })).toHaveAttribute('aria-sort', 'descending');

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('e2e.');
  await expect(page.getByRole('columnheader', { name: /Locked/ })).toHaveAttribute('aria-sort', 'descending');
  // Locked users first when descending: the lock-out test's user may or may not be locked yet, the order holds either way.
  // The first column holds the row checkboxes; the user name is the second.
  const userNames = await page.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(userNames.every((name) => name.startsWith('e2e.'))).toBe(true);

  await page.goBack();
  await expect(page.getByRole('columnheader', { name: /Locked/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.goBack();
  await expect(page.getByRole('columnheader', { name: /^User/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('e2e.');
});

test('Export CSV downloads every filtered row with the screen’s columns', async ({ page }) => {
  await page.goto('/users?q=e2e.');
  await expect(page.getByRole('cell', { name: 'e2e.admin', exact: true })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  expect(header).toBe('User,Full Name,Company,Position,Active,Locked,Product Licenses');
  expect(rows.some((row) => row.startsWith('e2e.admin,'))).toBe(true);
  expect(rows.every((row) => row.startsWith('e2e.'))).toBe(true);
});
