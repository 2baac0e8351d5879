/**
 * Export CSV on the lists that had none (projects from the server; licences and workflows,
 * held whole in the browser, from the kit's table), and the whole-list lists' search, sort and
 * page in the URL.
 */
import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './test';
import { stateFile } from './support';

async function exported(page: Page): Promise<{ name: string; header: string; rows: string[] }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = text.trimEnd().split(/\r\n/);
  return { name: download.suggestedFilename(), header: header!, rows };
}

test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('Export CSV on the project list downloads every project its search and state select, in its order', async ({ page }) => {
    await page.goto('/projects?q=northwind&state=all&sort=name&dir=desc');
    await expect(page.getByText('Northwind Riverside')).toBeVisible();
    const file = await exported(page);
    expect(file.name).toBe('projects.csv');
    expect(file.header).toBe('Project Id,Name,Description,Active');
    const names = file.rows.map((row) => row.split(',')[1]!);
    expect(names.length).toBeGreaterThan(1);
    expect(names.every((name) => name.startsWith('Northwind'))).toBe(true);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    expect(file.rows.find((row) => row.includes('Northwind Riverside'))).toMatch(/,Inactive$/);
  });

  test('the workflow list keeps its project, search, sort and page in the URL, and exports what it selects', async ({ page }) => {
    await page.goto('/workflow');
    await expect(page.getByRole('cell', { name: 'Steel Erection', exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search workflows' }).fill('steel');
    await expect(page).toHaveURL(/[?&]q=steel/);
    await page.getByRole('columnheader', { name: /^Workflow Name/ }).click();
    await expect(page).toHaveURL(/[?&]sort=name/);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search workflows' })).toHaveValue('steel');
    await expect(page.getByRole('columnheader', { name: /^Workflow Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('cell', { name: 'Receiving Inspection' })).toHaveCount(0);

    const file = await exported(page);
    expect(file.name).toBe('workflows.csv');
    expect(file.header).toBe('Project Id,Project Name,Workflow Name');
    expect(file.rows).toHaveLength(1);
    // One definition shared by two projects: their ids and names in one quoted cell each.
    expect(file.rows[0]).toMatch(/^"\d+, \d+","Northwind Tower A, Northwind Tower B",Steel Erection$/);

    await page.goBack();
    await expect(page.getByRole('columnheader', { name: /^Workflow Name/ })).toHaveAttribute('aria-sort', 'none');
  });
});

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('the licence list keeps its search, sort and page in the URL; Export CSV has the screen’s columns and texts', async ({ page }) => {
    await page.goto('/license/list');
    const table = page.getByRole('table', { name: 'Licenses' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    // Descending by Max Users: 'Unlimited' counts as the largest.
    await page.getByRole('columnheader', { name: /^Max Users/ }).click();
    await page.getByRole('columnheader', { name: /^Max Users/ }).click();
    await expect(page).toHaveURL(/[?&]sort=maxUsers/);
    await expect(page).toHaveURL(/[?&]dir=desc/);
    await page.reload();
    await expect(page.getByRole('columnheader', { name: /^Max Users/ })).toHaveAttribute('aria-sort', 'descending');

    const file = await exported(page);
    expect(file.name).toBe('licenses.csv');
    expect(file.header).toBe('Id,Name,Type,Owner,Max Projects,Project Usage (%),Max Users,User Usage (%),Expiry,Active');
    const maxUsers = file.rows.map((row) => row.split(',')[6]!);
    expect(maxUsers.length).toBe(await table.locator('tbody tr').count());
    const rank = (value: string) => (value === 'Unlimited' ? Infinity : Number(value));
    expect(maxUsers.map(rank)).toEqual([...maxUsers.map(rank)].sort((a, b) => b - a));
    expect(file.rows.every((row) => /,(Active|Inactive)$/.test(row))).toBe(true);

    await page.getByRole('searchbox', { name: 'Search licenses' }).fill('zzz-no-such-licence');
    await expect(page).toHaveURL(/[?&]q=zzz-no-such-licence/);
    await expect(page.getByText('No licenses.')).toBeVisible();
  });
});
