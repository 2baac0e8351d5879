/**
 * Every page of the console at 390 px, as the roles that reach it: the sign-in pages, home,
 * the environment chooser and the hand-off page, users (the list, a user with each tab, new,
 * duplicate), user groups (the list, a group with each tab, new, from a user), API keys (the
 * list, new, a key with each tab), licences (the list, a licence), projects, workflows, the
 * audit log, one's own profile, the health page and the API reference. None is wider than the phone (the licence, project,
 * workflow and preservation lists show each row as a card, name first with its actions; another wide table scrolls in its
 * own box instead; every list's filters are labelled on screen), none has an accessibility violation, each declares an icon that is there,
 * and no full page load logs React Router's missing-HydrateFallback warning.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { sessionToken, stateFile } from './support';

test.use({ viewport: { width: 390, height: 844 } });

/** Collects the console's warnings about its router over the test's full page loads. */
function watchRouterWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/HydrateFallback/.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

/** A page is ready once its main heading shows and no spinner is left. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^(Loading|Checking|Working)/ })).toHaveCount(0);
}

/** The page declares an icon, and it is there (inline, or served): no request for a missing /favicon.ico. */
async function expectIcon(page: Page, label: string) {
  const href = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? null);
  expect(href, `${label} declares its icon`).not.toBeNull();
  if (!href!.startsWith('data:')) expect((await page.request.get(href!)).status(), `${label}: its icon ${href} is there`).toBe(200);
}

/** The state the page is in fits the phone and has no accessibility violation. */
async function expectFits(page: Page, label: string) {
  await settle(page);
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
  expect(width.page, `${label} is no wider than the phone (${width.phone} px)`).toBeLessThanOrEqual(width.phone);
  await expectAccessible(page, `${label} at 390 px`);
}

/** A full page load of `path`, checked. */
async function visit(page: Page, path: string, label = path) {
  await page.goto(path);
  await expectFits(page, label);
  await expectIcon(page, label);
}

/** Every tab of the view on screen, one after the other, checked. */
async function everyTab(page: Page, label: string) {
  const names = await page.getByRole('tablist').getByRole('tab').allTextContents();
  expect(names.length, `${label} has tabs`).toBeGreaterThan(1);
  for (const name of names) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expectFits(page, `${label}, tab ${name}`);
  }
}

/**
 * A list shown as cards (issue 36 item 17): its first card holds the name (first, the way into
 * the row) and the `actions` asked for, all inside the phone; and every filter on the page has
 * a label on screen, not a placeholder alone.
 */
async function expectCards(page: Page, list: string, actions: RegExp[] = []) {
  const cards = page.getByRole('list', { name: list }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('table', { name: list })).toHaveCount(0);
  const first = cards.first();
  const name = first.getByRole('button').first();
  await expect(name).toBeVisible();
  expect((await name.textContent())?.trim(), `${list}: the first card is headed by its name`).not.toBe('');
  for (const control of [
    name,
    ...actions.map((action) =>
      first
        .getByRole('link', { name: action })
        .or(first.getByRole('button', { name: action }))
        .first(),
    ),
  ]) {
    await expect(control).toBeVisible();
    const box = (await control.boundingBox())!;
    expect(box.x + box.width, `${list}: ${await control.textContent()} is inside the phone`).toBeLessThanOrEqual(390);
  }
  await expectFiltersLabelled(page, list);
}

/** Every visible field and select of the page's main part has a label whose text is on screen. */
async function expectFiltersLabelled(page: Page, label: string) {
  const unlabelled = await page.locator('main').evaluate((main) =>
    Array.from(main.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), select'))
      .filter((control) => control.getClientRects().length > 0)
      .filter((control) => !Array.from(control.labels ?? []).some((item) => item.getClientRects().length > 0 && (item.textContent ?? '').trim() !== ''))
      .map((control) => control.outerHTML.slice(0, 120)),
  );
  expect(unlabelled, `${label}: every filter has a label on screen`).toEqual([]);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function groupId(request: APIRequestContext, token: string, name: string): Promise<number> {
  const groups = (await (await request.get('/api/userGroup/getAll', { headers: bearer(token) })).json()) as { userGroupId: number; name: string }[];
  return groups.find((group) => group.name === name)!.userGroupId;
}

test('the sign-in pages, the API reference and a failed hand-off fit a phone', async ({ page }) => {
  test.slow();
  const warnings = watchRouterWarnings(page);
  await visit(page, '/login', 'Login');
  await page.getByRole('radio', { name: 'Single sign-on' }).click();
  await expectFits(page, 'Login, single sign-on');
  await visit(page, '/password/recovery', 'Password recovery');
  await visit(page, '/users/password/reset?token=not-a-token', 'Password reset, an invalid link');
  await visit(page, '/login/2fa/not-a-challenge', 'Two-factor step');
  await visit(page, '/api/docs', 'the API reference');
  await visit(page, '/uat/Account/Authenticate?sessionGuid=spent&environmentId=1', 'the hand-off page, refused');
  expect(warnings).toEqual([]);
});

test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('users and user groups fit a phone: the lists, a user and a group with each tab, and the forms', async ({ page, request }) => {
    test.slow();
    const warnings = watchRouterWarnings(page);
    await visit(page, '/users', 'the user list');
    // The widest list: its own box scrolls, with a name and a shade, and never the page.
    await expect(page.getByRole('region', { name: 'Users, scrolls sideways' })).toBeVisible();
    await page.getByRole('tab', { name: 'User Groups' }).click();
    await expectFits(page, 'the user group list');

    await visit(page, '/users/jsmith/view', 'jsmith');
    await everyTab(page, 'jsmith');
    await visit(page, '/users/new', 'New user');
    await visit(page, '/users/jsmith/duplicate', 'Duplicate jsmith');

    const id = await groupId(request, await sessionToken(page), 'Site Supervisors');
    await visit(page, `/users/userGroup/Site%20Supervisors/${id}/view`, 'Site Supervisors');
    await everyTab(page, 'Site Supervisors');
    await visit(page, '/userGroups/new', 'New user group');
    await visit(page, '/userGroups/new/jsmith', 'New user group from jsmith');
    expect(warnings).toEqual([]);
  });

  test('home, environments, API keys, the licence, projects and workflows fit a phone, and so does the hand-off page', async ({ page, request }) => {
    test.slow();
    const warnings = watchRouterWarnings(page);
    await visit(page, '/', 'Home');
    const token = await sessionToken(page);
    const licenseId = await page.evaluate(() => JSON.parse(localStorage.getItem('console-session') ?? '{}').state?.licenseId as number);
    const made = await request.post('/api/apikeys', {
      headers: bearer(token),
      data: { name: `Zz phone ${Date.now()}`, licenseId, isActive: true, allProjects: false },
    });
    expect(made.ok()).toBe(true);
    const { apiKeyId } = (await made.json()) as { apiKeyId: number };

    await visit(page, '/apikeys', 'the API key list');
    await visit(page, '/apikeys/new', 'New API key');
    await visit(page, `/apikeys/${apiKeyId}/view`, 'an API key');
    await everyTab(page, 'an API key');
    await visit(page, `/license/${licenseId}/view`, 'the licence');
    await visit(page, '/projects', 'the project list');
    await expectCards(page, 'Projects');
    await visit(page, '/workflow', 'the workflow list');
    await expectCards(page, 'Workflows', [/^Copy /, /^Archive|^Cannot archive|archive/i]);
    await visit(page, '/audit', 'the audit log');
    await visit(page, '/profile', 'Your profile');

    await visit(page, '/environments', 'the environment chooser');
    await page.getByRole('button', { name: /UAT/ }).click();
    await expect(page.getByText(/You are signed in to UAT as /)).toBeVisible();
    await expectFits(page, 'the hand-off page');
    await expectIcon(page, 'the hand-off page');
    expect(warnings).toEqual([]);
  });
});

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('the licence list and view, the health page and the lists with their licence columns fit a phone', async ({ page }) => {
    test.slow();
    const warnings = watchRouterWarnings(page);
    await visit(page, '/license/list', 'the licence list');
    await expectCards(page, 'Licenses');
    await page.getByRole('list', { name: 'Licenses' }).getByRole('button', { name: 'Northwind Construction', exact: true }).click();
    await expectFits(page, 'a licence');
    await visit(page, '/console/health', 'Console health');
    // A card per section, its switch in sight without scrolling sideways.
    const identity = page.getByRole('list', { name: 'Sections' }).getByRole('listitem').filter({ hasText: 'identity' });
    await expect(identity.getByText('Loaded', { exact: true })).toBeVisible();
    const toggle = await identity.getByRole('switch', { name: 'Load identity' }).boundingBox();
    expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(390);
    await visit(page, '/users', 'the user list with its licence column');
    await expectFiltersLabelled(page, 'the user list');
    await visit(page, '/users/new', 'New user, with the licence select');
    await visit(page, '/users/licadmin/view', 'licadmin');
    await everyTab(page, 'licadmin');
    await visit(page, '/apikeys', 'the API key list with its licence column');
    await expectFiltersLabelled(page, 'the API key list');
    await visit(page, '/projects', 'the project list with its licence column');
    await expectCards(page, 'Projects');
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem').first()).toContainText('License Name');
    await visit(page, '/preservations', 'the preservation list');
    await expectCards(page, 'Preservations');

    await visit(page, '/audit', 'the audit log with its licence select');
    expect(warnings).toEqual([]);
  });
});

test.describe('a user whose roles give no section', () => {
  test.use({ storageState: stateFile('viewer') });

  test('home and their profile fit a phone', async ({ page }) => {
    const warnings = watchRouterWarnings(page);
    await visit(page, '/', 'Home');
    await visit(page, '/profile', 'Your profile');
    expect(warnings).toEqual([]);
  });
});
