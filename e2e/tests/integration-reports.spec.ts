/**
 * Integration reports end to end (spec 1 §2 IntegrationReportList and IntegrationReportView;
 * spec 2 §9: Next offered at 29 rows or more, the page sent zero-based), as the demo's licence
 * administrator (ADMINISTER_IMPORT_SYSTEM_DETAILS), on the 45 reports the demo keeps for
 * Northwind Tower A, each with the file it imported: Run Query, Next and Previous with the page
 * in the URL, a report with its JSON, its import file downloaded, its links (the data link a
 * platform path shown as text, never a link to this console's Home), and Back to the
 * same page; a phone's width. Nothing here changes data.
 */
import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { DEMO_PASSWORD, signIn, openSection } from './support';

/** The list's data rows (the header row has no cells). */
const dataRows = (page: Page) => page.getByRole('table', { name: 'Integration reports' }).locator('tbody tr');

async function openAsLicAdmin(page: Page, path: string) {
  await signIn(page, 'licadmin', DEMO_PASSWORD, `?returnTo=${encodeURIComponent(path)}`);
  // Signed in once the sign-in page is left (its own heading is a level-one heading too).
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Runs the query for Northwind Tower A; answers the project's id. */
async function runForTowerA(page: Page): Promise<string> {
  const project = page.getByRole('combobox', { name: 'Project' });
  await project.selectOption({ label: 'Northwind Tower A' });
  await page.getByRole('button', { name: 'Run Query' }).click();
  return project.inputValue();
}

test('the list runs for the chosen project, pages by Next and Previous with the page in the URL', async ({ page }) => {
  await openAsLicAdmin(page, '/');
  await openSection(page, 'Integration');
  await expect(page.getByRole('heading', { level: 1, name: 'Integration reports' })).toBeVisible();
  // Nothing is read before Run Query.
  await expect(page.getByText('No query run yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run Query' })).toBeDisabled();
  await expectAccessible(page, 'the integration report list before a query');

  const projectId = await runForTowerA(page);
  await expect(page).toHaveURL(new RegExp(`/integration\\?projectId=${projectId}$`));
  await expect(dataRows(page)).toHaveCount(30);
  expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Creation Date', 'Import Name', 'Import File', 'User']);
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // Newest first: the demo's newest run read 1000.csv.
  await expect(dataRows(page).first().getByRole('cell').nth(2)).toHaveText('1000.csv');
  await expectAccessible(page, 'the integration report list, page 1');

  // ---- 30 rows: Next; the second page holds the other 15 and offers no Next
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  await expect(dataRows(page)).toHaveCount(15);
  await expect(dataRows(page).first().getByRole('cell').nth(2)).toHaveText('1030.csv');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.reload();
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  await expect(dataRows(page)).toHaveCount(15);
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(projectId);

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(dataRows(page)).toHaveCount(30);
  await expect(page).not.toHaveURL(/[?&]page=/);

  // ---- the filter narrows the same project's reports
  await page.getByRole('searchbox', { name: 'Filter' }).fill('1044.csv');
  await page.getByRole('button', { name: 'Run Query' }).click();
  await expect(page).toHaveURL(/[?&]filter=1044\.csv/);
  await expect(dataRows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('a report: its facts, its JSON expanded, its import file downloaded, its links, and Back to the same page', async ({ page }) => {
  await openAsLicAdmin(page, '/integration');
  const projectId = await runForTowerA(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  const row = dataRows(page).first();
  const importName = (await row.getByRole('cell').nth(1).textContent())!;
  await row.getByRole('cell').nth(2).click();

  await expect(page).toHaveURL(/\/integration\/[0-9a-f-]{36}\/view$/);
  await expect(page.getByRole('heading', { level: 1, name: importName })).toBeVisible();
  const facts = page.locator('dl');
  for (const label of ['Creation Date', 'Project Id', 'User', 'API Key Name', 'Import Name', 'Import File', 'Data View'])
    await expect(facts.getByText(label, { exact: true })).toBeVisible();
  await expect(facts).toContainText(projectId);
  await expect(facts).toContainText('1030.csv');

  // ---- the report JSON, collapsed until asked for
  const json = page.getByLabel('Report JSON');
  await expect(json).toBeHidden();
  await page.getByText('Report JSON', { exact: true }).click();
  await expect(json).toBeVisible();
  await expect(json).toContainText('"rowsRead":');
  await expect(json).toContainText('"rowsImported":');
  await expectAccessible(page, 'a report with its JSON');

  // ---- the import file, as the run read it
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download 1030.csv' }).click()]);
  expect(download.suggestedFilename()).toBe('1030.csv');
  const lines = fs.readFileSync(await download.path(), 'utf8').split(/\r\n/);
  expect(lines[0]).toBe('Tag,Description,Site Path,Quantity');
  expect(lines[1]).toMatch(/^MAT-00001,/);

  // ---- the data link is a path on the platform; the demo's environments are this console, so
  // it is shown as the path, never a link that would open this console's Home
  await expect(page.getByRole('link', { name: /data view/i })).toHaveCount(0);
  await expect(facts).toContainText('/data/imports/1030');
  await expect(facts).toContainText('A path on the platform: the project’s environment names no platform server to open it on here.');

  // ---- Back: the list as it was, page 2
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/integration\\?projectId=${projectId}&page=1$`));
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  await expect(dataRows(page)).toHaveCount(15);

  await dataRows(page).first().click();
  await page.getByRole('link', { name: importName, exact: true }).click();
  await expect(page).toHaveURL(/\/imports\/\d+\/view(#details)?$/);
  await expect(page.getByRole('heading', { level: 1, name: importName })).toBeVisible();

  // ---- a reference that is no report
  await page.goto('/integration/00000000-0000-4000-8000-000000000000/view');
  await expect(page.getByText('Integration report not found')).toBeVisible();
});

test('at a phone’s width the report list and a report fit and have no accessibility violation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAsLicAdmin(page, '/integration');
  await runForTowerA(page);
  await expect(dataRows(page)).toHaveCount(30);
  const fits = async (state: string) => {
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
    expect(width.page, state).toBeLessThanOrEqual(width.phone);
    await expectAccessible(page, `${state} at 390 px`);
  };
  await fits('the integration report list');
  await dataRows(page).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByText('Report JSON', { exact: true }).click();
  await fits('a report');
});
