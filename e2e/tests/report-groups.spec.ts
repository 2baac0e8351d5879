/**
 * Report groups end to end (spec 1: /reports and /reports/new, all-licence administrators):
 * the list's columns, 'No reports available.', the new group's messages, a new group, the
 * same group refused, a delete after a confirmation with the server's answer as a toast, and
 * a licence administrator kept out.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { stateFile, openSection } from './support';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();
const select = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('lists report groups, adds one, is refused the same one again, and deletes it after confirming', async ({ page }) => {
    // ---- the list, reached from the licence list's header
    await page.goto('/');
    await openSection(page, 'Licenses');
    await expect(page.getByRole('table', { name: 'Licenses' }).getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('link', { name: 'Report groups' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Report groups' })).toBeVisible();
    const list = page.getByRole('table', { name: 'Report groups' });
    for (const header of ['Report Name', 'Report Path', 'Role', 'License', 'Project']) {
      await expect(list.getByRole('columnheader', { name: header })).toBeVisible();
    }
    // The demo's group of every licence and project.
    const muster = list.getByRole('row').filter({ hasText: 'Muster Report' }).first();
    await expect(muster).toContainText('All licenses');
    await expect(muster).toContainText('All projects');
    await expectAccessible(page, 'the report group list');

    // ---- nothing matches: the spec's empty text
    await page.getByRole('searchbox').fill('no such report anywhere');
    await expect(list.getByText('No reports available.')).toBeVisible();
    await page.getByRole('searchbox').fill('');

    // ---- new: the messages, then a group for a role picked for this run
    await page.getByRole('link', { name: 'Add Report Group' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New report group' })).toBeVisible();
    await page.getByRole('button', { name: 'Add report group' }).click();
    await expect(page.getByText('Please select a report.')).toBeVisible();
    await expect(page.getByText('Please select a role.')).toBeVisible();
    await expectAccessible(page, 'the new report group form with its messages');

    await select(page, 'Report').selectOption({ label: 'Earned Value' });
    const roleOptions = select(page, 'Role').locator('option:not([value=""])');
    const roleCount = await roleOptions.count();
    expect(roleCount).toBeGreaterThan(5);
    const roleLabel = (await roleOptions.nth(Date.now() % roleCount).textContent())!;
    const roleName = roleLabel.split(' — ')[0]!;
    await select(page, 'Role').selectOption({ label: roleLabel });
    // The projects are the chosen licence's, and only once one is chosen.
    await expect(select(page, 'Project')).toBeDisabled();
    await select(page, 'License').selectOption({ label: 'Northwind Construction' });
    await expect(select(page, 'Project').locator('option', { hasText: 'Northwind Tower A' })).toHaveCount(1);
    await select(page, 'Project').selectOption({ label: 'Northwind Tower A' });
    await page.getByRole('button', { name: 'Add report group' }).click();
    await expect(toast(page, 'Report group added.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Report groups' })).toBeVisible();
    const added = list.getByRole('row').filter({ hasText: 'Earned Value' }).filter({ hasText: roleName }).filter({ hasText: 'Northwind Tower A' });
    await expect(added).toHaveCount(1);
    await expect(added).toContainText('/Progress/Earned Value');
    await expect(added).toContainText('Northwind Construction');

    // ---- the same group again is refused with the server's text
    await page.getByRole('link', { name: 'Add Report Group' }).click();
    await select(page, 'Report').selectOption({ label: 'Earned Value' });
    await select(page, 'Role').selectOption({ label: roleLabel });
    await select(page, 'License').selectOption({ label: 'Northwind Construction' });
    await expect(select(page, 'Project').locator('option', { hasText: 'Northwind Tower A' })).toHaveCount(1);
    await select(page, 'Project').selectOption({ label: 'Northwind Tower A' });
    await page.getByRole('button', { name: 'Add report group' }).click();
    await expect(toast(page, 'This report group already exists.')).toBeVisible();
    // Leaving the form it was filled in asks first.
    await page.getByRole('link', { name: 'Report groups' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Report groups' })).toBeVisible();

    // ---- delete: Cancel keeps it, Delete removes it with the server's answer
    await added.getByRole('button', { name: `Delete Earned Value for ${roleName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete report group' });
    await expect(dialog).toContainText('Earned Value');
    await expectAccessible(page, 'the delete confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(added).toHaveCount(1);
    await added.getByRole('button', { name: `Delete Earned Value for ${roleName}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Report group deleted.')).toBeVisible();
    await expect(added).toHaveCount(0);
  });
});

test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('cannot open report groups', async ({ page }) => {
    for (const path of ['/reports', '/reports/new']) {
      await page.goto(path);
      await expect(page.getByText('Insufficient permissions to access the page.')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: /Report group/ })).toHaveCount(0);
    }
  });
});
