/** Console health and safe mode, as a super administrator diagnosing a release would use them. */
import { expect, test } from './test';
import { stateFile, navEntry } from './support';

test.use({ storageState: stateFile('superAdmin') });

test('the health page lists every section with its version, kernel, load time and address, and the API', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Console health' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Console health' })).toBeVisible();
  for (const id of ['identity', 'licensing', 'projects-sites', 'workflows']) {
    const row = page.getByRole('row', { name: new RegExp(`^${id}`) });
    await expect(row.getByText('Loaded')).toBeVisible();
    await expect(row.getByText(`/remotes/${id}/mf-manifest.json`)).toBeVisible();
    await expect(row.getByText(/^\^\d+\.\d+\.\d+$/)).toBeVisible();
    await expect(row.getByText(/^\d+ ms/)).toBeVisible();
  }
  await expect(page.getByText(/^(embedded PostgreSQL \(PGlite\)|PostgreSQL server)$/)).toBeVisible();
  await expect(page.getByText(/^\d+\.\d+\.\d+/).first()).toBeVisible();
});

test('safe mode starts the console without the chosen section, says so, and is left from the banner', async ({ page }) => {
  await page.goto('/?safe-mode=workflows');
  await expect(page.getByRole('status').filter({ hasText: 'Safe mode: workflows is not loaded.' })).toBeVisible();
  await expect(navEntry(page, 'Users')).toHaveCount(1);
  await expect(navEntry(page, 'Workflows')).toHaveCount(0);
  // It holds while the user moves about.
  await page.goto('/console/health');
  await expect(page.getByRole('row', { name: /^workflows/ }).getByText('Off (safe mode)')).toBeVisible();
  await expect(page.getByRole('row', { name: /^identity/ }).getByText('Loaded')).toBeVisible();
  await page.goto('/workflow');
  await expect(page.getByText('This page belongs to a section that safe mode keeps off (workflows).')).toBeVisible();

  await page.getByRole('button', { name: 'Leave safe mode' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Safe mode/ })).toHaveCount(0);
  await expect(navEntry(page, 'Workflows')).toHaveCount(1);
});

test('a bare ?safe-mode starts with no section, and the health page turns one back on', async ({ page }) => {
  await page.goto('/console/health?safe-mode');
  await expect(page.getByText('Safe mode: no section is loaded.')).toBeVisible();
  await expect(page.getByRole('row', { name: /^identity/ }).getByText('Off (safe mode)')).toBeVisible();
  await page.getByRole('switch', { name: 'Load identity' }).click();
  await expect(page.getByRole('row', { name: /^identity/ }).getByText('Loaded')).toBeVisible();
  await expect(page.getByRole('row', { name: /^licensing/ }).getByText('Off (safe mode)')).toBeVisible();
  await expect(page.getByText('Safe mode: licensing, projects-sites, workflows are not loaded.')).toBeVisible();
  await page.getByRole('button', { name: 'Leave safe mode' }).first().click();
  await expect(page.getByRole('row', { name: /^licensing/ }).getByText('Loaded')).toBeVisible();
});

test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('cannot open the health page', async ({ page }) => {
    await page.goto('/console/health');
    await expect(page.getByText('Insufficient permissions to access the page.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
