/** The project list pages, sorts and searches on the server and keeps all of it in the URL. */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { stateFile } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

const names = (page: Page) => page.locator('tbody tr td:nth-child(2)').allTextContents();

test('search, state and order live in the URL: reload and Back restore the list', async ({ page }) => {
  await page.goto('/projects');
  await expect(page.getByRole('cell', { name: 'Northwind Tower A', exact: true })).toBeVisible();
  // Active by default: the closed-out project is not listed.
  await expect(page.getByText('Northwind Riverside')).toHaveCount(0);

  const search = page.getByRole('searchbox', { name: 'Search by name, description or id' });
  await search.fill('northwind');
  await expect(page).toHaveURL(/[?&]q=northwind/);
  await expect(page.getByRole('cell', { name: 'Tower A Fit-out' })).toHaveCount(0);

  await page.getByRole('columnheader', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/[?&]sort=name/);
  await page.getByRole('columnheader', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/[?&]dir=desc/);
  await page.getByLabel('State').selectOption('all');
  await expect(page).toHaveURL(/[?&]state=all/);
  await expect(page.getByText('Northwind Riverside')).toBeVisible();
  const descending = await names(page);
  expect(descending).toEqual([...descending].sort((a, b) => b.localeCompare(a)));
  expect(descending.every((name) => name.startsWith('Northwind'))).toBe(true);

  await page.reload();
  await expect(search).toHaveValue('northwind');
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByLabel('State')).toHaveValue('all');
  await expect(page.getByText('Northwind Riverside')).toBeVisible();

  await page.goBack();
  await expect(page.getByLabel('State')).toHaveValue('active');
  await expect(page.getByText('Northwind Riverside')).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
});
