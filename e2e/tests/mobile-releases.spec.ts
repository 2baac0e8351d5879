/**
 * Mobile Admin end to end, as a super administrator (spec 1: mobile release list, view, edit
 * and new; version, couch url, release date, active, current): from the header, 20 a page with
 * a search box, the form's messages, one current release, and the History of a release.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { stateFile, navEntry, openSection } from './support';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();
/** The list's rows whose Current cell has the badge. */
const currentRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell').getByText('Current', { exact: true }) });

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('adds a release, makes it current in place of the current one, and sees both in History', async ({ page }) => {
    const version = `9.${Date.now() % 100000}.0`;
    await page.goto('/');
    await openSection(page, 'Mobile Admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile releases' })).toBeVisible();
    // The demo's current release is listed with its badge.
    await expect(currentRows(page)).toHaveCount(1);
    await expectAccessible(page, 'the mobile release list');

    // ---- new: the form's messages, then a release that is not current
    await page.getByRole('link', { name: 'New Release' }).click();
    await page.getByRole('textbox', { name: 'Couch URL' }).fill('ftp://nowhere');
    await page.getByRole('textbox', { name: 'Couch URL' }).press('Tab');
    await expect(page.getByText('Couch URL must be an http or https address.')).toBeVisible();
    await page.getByRole('button', { name: 'Add release' }).click();
    await expect(page.getByText('Version is required.')).toBeVisible();
    await expect(page.getByText('Couch URL must be an http or https address.')).toBeVisible();
    await expectAccessible(page, 'the new release form with its messages');
    await page.getByRole('textbox', { name: 'Version' }).fill(version);
    await page.getByRole('textbox', { name: 'Couch URL' }).fill(`https://sync.example.com/db-${version}`);
    await page.getByRole('button', { name: 'Add release' }).click();
    await expect(toast(page, 'Mobile release added.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Release ${version}` })).toBeVisible();

    // ---- a version already taken is refused under its field
    await page.goto('/mobile/new');
    await page.getByRole('textbox', { name: 'Version' }).fill(version);
    await page.getByRole('textbox', { name: 'Couch URL' }).fill('https://sync.example.com/again');
    await page.getByRole('button', { name: 'Add release' }).click();
    await expect(page.getByText('A release with this version already exists.')).toBeVisible();
    // Leaving the form it was typed in asks first.
    await page.getByRole('link', { name: 'Mobile releases' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile releases' })).toBeVisible();

    // ---- the search finds it; edit makes it current, and the old current one is no longer
    await page.getByRole('searchbox').fill(version);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('cell', { name: version, exact: true }).click();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('checkbox', { name: 'Current' }).check();
    await expect(page.getByText('Only one release is current: making this one current makes the current one not current.')).toBeVisible();
    await page.getByRole('button', { name: 'Save release' }).click();
    await expect(toast(page, 'Mobile release updated.')).toBeVisible();
    await expect(page.getByText('The current release.')).toBeVisible();
    await page.goto('/mobile');
    await expect(currentRows(page)).toHaveCount(1);
    await expect(currentRows(page)).toContainText(version);

    // ---- its History: the creation and the change, field by field
    await page.goto('/mobile');
    await page.getByRole('cell', { name: version, exact: true }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('table', { name: 'History' });
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history).toContainText('current');
    await expectAccessible(page, 'a release’s History');
  });
});

test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('has no Mobile Admin link, and the screens are not theirs', async ({ page }) => {
    await page.goto('/');
    await expect(navEntry(page, 'Users')).toHaveCount(1);
    await expect(navEntry(page, 'Mobile Admin')).toHaveCount(0);
    await page.goto('/mobile');
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile releases' })).toHaveCount(0);
  });
});
