/**
 * A user's Imports and Reports tabs, as the demo's licence administrator (who holds
 * ADMINISTER_IMPORT_SYSTEM_USER and ADMINISTER_ASSIGNED_REPORTS): the badges toggle and save,
 * and say so. Each change is put back, so the demo data stays as it was.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO_PASSWORD, signIn } from './support';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();

test('the Imports and Reports badges toggle for a user, saved at once', async ({ page }) => {
  await signIn(page, 'licadmin', DEMO_PASSWORD, '?returnTo=/users/jsmith/view');
  await expect(page.getByRole('heading', { name: 'jsmith', exact: true })).toBeVisible();

  // ---- imports: every import system of the user's projects, enabled or not
  await page.getByRole('tab', { name: 'Imports' }).click();
  const imports = page.getByRole('table', { name: 'Imports' });
  const row = imports
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Disabled' }) })
    .first();
  const importName = (await row.getByRole('cell').first().textContent())!;
  await row.getByRole('button', { name: 'Disabled' }).click();
  await expect(toast(page, 'Imports saved.')).toBeVisible();
  const same = imports.getByRole('row').filter({ has: page.getByRole('cell', { name: importName, exact: true }) });
  await expect(same.getByRole('button', { name: 'Enabled' })).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Imports' }).click();
  // Saved: after a reload it is still enabled; then put back.
  await expect(same.getByRole('button', { name: 'Enabled' })).toBeVisible();
  await same.getByRole('button', { name: 'Enabled' }).click();
  await expect(same.getByRole('button', { name: 'Disabled' })).toBeVisible();

  // ---- reports: a hand-assigned report can be unassigned and assigned again
  await page.getByRole('tab', { name: 'Reports' }).click();
  const reports = page.getByRole('table', { name: 'Reports' });
  const earned = reports.getByRole('row').filter({ hasText: 'Earned Value' });
  await earned.getByRole('button', { name: 'Assigned' }).click();
  await expect(toast(page, 'Report unassigned')).toBeVisible();
  await expect(earned.getByRole('button', { name: 'Not assigned' })).toBeVisible();
  await earned.getByRole('button', { name: 'Not assigned' }).click();
  await expect(toast(page, 'Report assigned')).toBeVisible();
  await expect(earned.getByRole('button', { name: 'Assigned' })).toBeVisible();
});
