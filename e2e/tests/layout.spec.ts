/**
 * Every page at desktop and phone width: no accessibility violation (axe), a header whose
 * links all stay reachable at 390 px, a skip link, and a home text that names only the
 * user's own links.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { stateFile } from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A page is ready once its main heading shows and no spinner is left. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

for (const [width, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test.describe(`at ${width} width`, () => {
    test.use({ viewport });

    test('the sign-in pages have no accessibility violation', async ({ page }) => {
      await page.goto('/login');
      await expectAccessible(page, 'Login');
      await page.getByRole('radio', { name: 'Single sign-on' }).click();
      await expectAccessible(page, 'Login, single sign-on');
      await page.getByRole('radio', { name: 'Password' }).click();
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Highlighted fields are required')).toBeVisible();
      await expectAccessible(page, 'Login with its messages');
      await page.goto('/password/recovery');
      await expectAccessible(page, 'Password recovery');
    });

    test.describe('a licence administrator', () => {
      test.use({ storageState: stateFile('licenseAdmin') });

      test('reaches every header link, and every page has no accessibility violation', async ({ page }) => {
        await page.goto('/');
        await settle(page);
        await expect(page.getByText(/^Use the links across the top to manage Users, Projects, Sites, Workflows, License, API Keys and Audit Log\.$/)).toBeVisible();
        await expectAccessible(page, 'Home');
        for (const [label, heading] of [
          ['Users', 'Users'],
          ['Projects', 'Projects'],
          ['Sites', 'Sites'],
          ['Workflows', 'Workflows'],
          ['License', 'Northwind Construction'],
          ['API Keys', 'API keys'],
          ['Audit Log', 'Audit log'],
        ] as const) {
          if (width === 'phone') {
            await expect(page.getByRole('link', { name: label, exact: true })).toBeHidden();
            await page.getByRole('button', { name: 'Menu' }).click();
          }
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await settle(page);
          // The menu closes once a link is followed.
          if (width === 'phone') await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
          await expectAccessible(page, label);
        }
        if (width === 'phone') {
          await page.getByRole('button', { name: 'Menu' }).click();
          await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
          await expectAccessible(page, 'the open menu');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('button', { name: 'Log Out' })).toBeHidden();
        }
      });
    });
  });
}

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('home names their links, Licenses and Mobile Admin among them', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(/^Use the links across the top to manage .*Licenses, .*Mobile Admin.*\.$/)).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mobile Admin', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile releases' })).toBeVisible();
  });

  test('the licence list and a licence view have no accessibility violation', async ({ page }) => {
    await page.goto('/license/list');
    await settle(page);
    await expectAccessible(page, 'Licenses');
    await page.getByRole('cell', { name: 'Northwind Construction', exact: true }).first().click();
    await settle(page);
    await expectAccessible(page, 'a licence view');
  });
});

test.describe('keyboard', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('the first Tab reaches Skip to content, which moves focus to the page', async ({ page }) => {
    await page.goto('/projects');
    await settle(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

test.describe('a user whose roles give no section', () => {
  test.use({ storageState: stateFile('viewer') });

  test('home says so instead of naming links the user lacks', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Your roles give you no section of this console yet. Ask your licence administrator for access.')).toBeVisible();
    await expect(page.getByText(/Use the links across the top/)).toHaveCount(0);
  });
});
