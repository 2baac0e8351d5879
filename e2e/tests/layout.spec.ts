/**
 * Every page at desktop and phone width: no accessibility violation (axe), a navigation whose
 * sections all stay reachable (from 1024 px a side navigation in groups, below it the same
 * groups behind Menu) without sideways scroll and by the keyboard alone, the page's section
 * marked, a skip link, and a home text that names only the user's own links.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, E2E_USERS, navEntry, openSection, signIn, stateFile } from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A page is ready once its main heading shows and no spinner is left. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

/** The window does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page, state: string) {
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(width.page, `${state} is no wider than the window (${width.window} px)`).toBeLessThanOrEqual(width.window);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens every closed group of the main navigation, once the four remotes have declared theirs. */
async function openEveryGroup(page: Page) {
  await expect(mainNav(page).getByRole('button')).toHaveCount(4);
  const closed = mainNav(page).getByRole('button', { expanded: false });
  while ((await closed.count()) > 0) await closed.first().click();
}

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused element shows it has the focus (its ring, or an outline). */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const style = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    return { ring: s.boxShadow, outline: s.outlineStyle };
  });
  expect(style.ring !== 'none' || style.outline !== 'none', `a visible focus on ${target}`).toBe(true);
}

/**
 * The twelve sections of the demo's super administrator (admin, who also holds their own licence's
 * role), each with the heading its page opens with and its group.
 */
const SECTIONS = [
  ['Users', 'Users', 'Access'],
  ['API Keys', 'API keys', 'Access'],
  ['Audit Log', 'Audit log', 'Access'],
  ['Projects', 'Projects', 'Projects'],
  ['Sites', 'Sites', 'Projects'],
  ['Imports', 'Imports', 'Projects'],
  ['Integration', 'Integration reports', 'Projects'],
  ['Workflows', 'Workflows', 'Workflows'],
  ['Preservations', 'Preservations', 'Workflows'],
  ['Licenses', 'Licenses', 'Licensing'],
  ['License', 'SiteSense Internal', 'Licensing'],
  ['Mobile Admin', 'Mobile releases', 'Licensing'],
] as const;

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

      test('reaches every section of the navigation, marked as the current one, and every page has no accessibility violation', async ({ page }) => {
        // Nine pages, each checked by axe.
        test.slow();
        await page.goto('/');
        await settle(page);
        await expect(
          page.getByText(
            /^Use the links across the top to manage Users, Projects, Sites, Workflows, License, API Keys, Audit Log, Who can do what and Access reviews\.$/,
          ),
        ).toBeVisible();
        await expectAccessible(page, 'Home');
        for (const [label, heading] of [
          ['Users', 'Users'],
          ['Projects', 'Projects'],
          ['Sites', 'Sites'],
          ['Workflows', 'Workflows'],
          ['License', 'Northwind Construction'],
          ['API Keys', 'API keys'],
          ['Audit Log', 'Audit log'],
          ['Who can do what', 'Who can do what'],
          ['Access reviews', 'Access reviews'],
        ] as const) {
          if (width === 'phone') await expect(page.getByRole('link', { name: label, exact: true })).toBeHidden();
          await openSection(page, label);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await settle(page);
          // The menu closes once a link is followed.
          if (width === 'phone') {
            await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
            await page.getByRole('button', { name: 'Menu' }).click();
          }
          await expect(mainNav(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
          await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(1);
          if (width === 'phone') await page.keyboard.press('Escape');
          await expectNoSidewaysScroll(page, label);
          await expectAccessible(page, label);
        }
        if (width === 'phone') {
          await page.getByRole('button', { name: 'Menu' }).click();
          await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
          await expectAccessible(page, 'the open menu');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('button', { name: 'Log Out' })).toBeHidden();
          await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
        }
      });
    });
  });
}

for (const viewport of [{ width: 1024, height: 768 }, DESKTOP]) {
  test.describe(`a super administrator at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await signIn(page, 'admin', ADMIN_PASSWORD, '?returnTo=/');
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    });

    test('sees every one of the twelve sections in the side navigation without sideways scroll, and the page’s section marked', async ({ page }) => {
      test.slow();
      await page.goto('/');
      await settle(page);
      const nav = mainNav(page);
      await expect(nav.getByRole('button')).toHaveText(['Access', 'Projects', 'Workflows', 'Licensing']);
      await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
      // The user and Log Out stay in the header.
      await expect(page.getByRole('banner').getByRole('button', { name: 'Log Out' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'Home');
      await openEveryGroup(page);
      for (const [label] of SECTIONS) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
      expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the side navigation does not scroll sideways').toBe(true);
      await expectNoSidewaysScroll(page, 'Home with every group open');
      await expectAccessible(page, 'Home with every group open');

      // From one section to the next, as a user moves about.
      for (const [label, heading, group] of SECTIONS) {
        await openSection(page, label);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await settle(page);
        // The page's group is open, its link the current page, and nothing else is.
        await expect(nav.getByRole('button', { name: group, exact: true })).toHaveAttribute('aria-expanded', 'true');
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
        await expectNoSidewaysScroll(page, label);
      }
      await expectAccessible(page, 'Mobile Admin, its group open');
    });

    // The same side navigation at both widths: the keyboard walk once, at the narrower.
    if (viewport.width === 1024)
      test('reaches Audit Log and Mobile Admin with the keyboard alone, each group opened with Enter or Space', async ({ page }) => {
        await page.goto('/');
        await settle(page);
        const nav = mainNav(page);
        const licensing = nav.getByRole('button', { name: 'Licensing' });
        await tabTo(page, licensing);
        await expectVisibleFocus(licensing);
        await page.keyboard.press('Enter');
        await expect(licensing).toHaveAttribute('aria-expanded', 'true');
        const mobileAdmin = nav.getByRole('link', { name: 'Mobile Admin', exact: true });
        await tabTo(page, mobileAdmin);
        await expectVisibleFocus(mobileAdmin);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { level: 1, name: 'Mobile releases' })).toBeVisible();
        await expect(mobileAdmin).toHaveAttribute('aria-current', 'page');

        await page.goto('/');
        await settle(page);
        const access = nav.getByRole('button', { name: 'Access' });
        await tabTo(page, access);
        await page.keyboard.press(' ');
        await expect(access).toHaveAttribute('aria-expanded', 'true');
        await page.keyboard.press(' ');
        await expect(access).toHaveAttribute('aria-expanded', 'false');
        await expect(nav.getByRole('link', { name: 'Audit Log' })).toBeHidden();
        await page.keyboard.press('Enter');
        const auditLog = nav.getByRole('link', { name: 'Audit Log', exact: true });
        await tabTo(page, auditLog);
        await expectVisibleFocus(auditLog);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
        await expect(auditLog).toHaveAttribute('aria-current', 'page');
      });
  });
}

test.describe('a super administrator in a short window', () => {
  test.use({ storageState: stateFile('superAdmin'), viewport: { width: 1024, height: 360 } });

  test('scrolls the side navigation within itself to reach its last section', async ({ page }) => {
    await page.goto('/');
    await settle(page);
    await openEveryGroup(page);
    const nav = mainNav(page);
    const box = await nav.evaluate((el) => ({
      scrolls: el.scrollHeight > el.clientHeight,
      overflow: getComputedStyle(el).overflowY,
      height: el.clientHeight,
      window: window.innerHeight,
    }));
    expect(box.scrolls, 'the open groups are taller than the window').toBe(true);
    expect(box.overflow).toBe('auto');
    expect(box.height).toBeLessThanOrEqual(box.window);
    await nav.getByRole('link', { name: 'Mobile Admin', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile releases' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'Mobile releases in a short window');
  });
});

test.describe('a super administrator on a phone', () => {
  test.use({ storageState: stateFile('superAdmin'), viewport: PHONE });

  test('finds the same groups behind Menu; following a link or Escape closes it', async ({ page }) => {
    await page.goto('/');
    await settle(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const nav = mainNav(page);
    await expect(nav.getByRole('button')).toHaveText(['Access', 'Projects', 'Workflows', 'Licensing']);
    await nav.getByRole('button', { name: 'Licensing' }).click();
    await expect(page.getByRole('link', { name: E2E_USERS.superAdmin, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the open menu');
    await expectAccessible(page, 'the open menu, Licensing open');
    await nav.getByRole('link', { name: 'Mobile Admin', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile releases' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    // The page's group opens by itself, its link marked.
    await expect(nav.getByRole('link', { name: 'Mobile Admin', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(mainNav(page)).toHaveCount(0);
    await expect(menu).toBeFocused();
  });
});

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('home names their links, Licenses and Mobile Admin among them', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(/^Use the links across the top to manage .*Licenses, .*Mobile Admin.*\.$/)).toBeVisible();
    await openSection(page, 'Mobile Admin');
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

test.describe('a user with few sections', () => {
  test.use({ viewport: DESKTOP });

  test('gets their links, a group only where it holds more than one, and no empty group', async ({ page }) => {
    // psingh, a project engineer of the demo: Users, Projects, Sites and Workflows.
    await signIn(page, 'psingh', DEMO_PASSWORD, '?returnTo=/');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    const nav = mainNav(page);
    await expect(nav.getByRole('button')).toHaveText(['Projects']);
    await expect(nav.getByRole('link')).toHaveText(['Users', 'Workflows']);
    await openSection(page, 'Sites');
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(['Users', 'Projects', 'Sites', 'Workflows']);
    await expect(nav.getByRole('link', { name: 'Sites' })).toHaveAttribute('aria-current', 'page');
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
  test.use({ storageState: stateFile('viewer'), viewport: DESKTOP });

  test('home says so instead of naming links the user lacks, with no empty navigation beside it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Your roles give you no section of this console yet. Ask your licence administrator for access.')).toBeVisible();
    await expect(page.getByText(/Use the links across the top/)).toHaveCount(0);
    await expect(mainNav(page)).toHaveCount(0);
    await expect(navEntry(page, 'Users')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});
