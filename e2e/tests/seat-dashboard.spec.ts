/**
 * The seat dashboard on the licence view's Product Licenses tab (ours, issue 24): every product
 * licence against its limit with the seats dormant accounts hold; the dormant accounts (no
 * sign-in for the licence's number of days; never signed in counts from the account's
 * creation) with their seats and how they hold them, searchable, exported as CSV; the setting;
 * and 'Free these seats', reviewed first and applied only on Apply. On the demo data's Old Mill
 * Renovation: edith.marsh (400 days, SiteSense and Progress Tracking directly), walter.finch
 * (120 days, SiteSense directly, Progress Tracking through Mill Heritage Crew), nora.quill (never
 * signed in, created 200 days ago, Progress Tracking only through the group) are dormant; tbrown
 * and owen.pike are not. Only this file changes Old Mill's seats.
 */
import fs from 'node:fs';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, sessionToken, stateFile } from './support';

const OLD_MILL = 'Old Mill Renovation';
const GROUP = 'Mill Heritage Crew';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface SeatDashboard {
  dormantAfterDays: number;
  addOns: { addOnId: number; name: string; maxUsers: number; used: number; dormant: number }[];
  dormant: { userId: number; userName: string; seats: { addOnId: number; name: string; direct: boolean; groups: string[] }[] }[];
}

async function licenseIdOf(request: APIRequestContext, token: string, name: string): Promise<number> {
  const licenses = (await (await request.get('/api/license', { headers: bearer(token) })).json()) as { licenseId: number; name: string }[];
  const found = licenses.find((license) => license.name === name);
  expect(found, `the licence ${name}`).toBeDefined();
  return found!.licenseId;
}

async function dashboardOf(request: APIRequestContext, token: string, licenseId: number): Promise<SeatDashboard> {
  const answer = await request.get(`/api/licenses/${licenseId}/seats`, { headers: bearer(token) });
  expect(answer.ok(), `GET licenses/${licenseId}/seats: ${answer.status()}`).toBe(true);
  return (await answer.json()) as SeatDashboard;
}

async function downloaded(page: Page, button: Locator): Promise<{ name: string; lines: string[] }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  return { name: download.suggestedFilename(), lines: text.trimEnd().split(/\r\n/) };
}

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('sees Old Mill’s seats and dormant accounts, exports them, changes the setting, and frees the seats after the review', async ({ page, request }) => {
    test.slow();
    await page.goto('/');
    const token = await sessionToken(page);
    const licenseId = await licenseIdOf(request, token, OLD_MILL);
    const before = await dashboardOf(request, token, licenseId);
    const siteSense = before.addOns.find((addon) => addon.addOnId === 1)!;
    const tracking = before.addOns.find((addon) => addon.addOnId === 3)!;
    // The demo data: the third product licence is at its limit, and three of its seats are dormant accounts'.
    expect([tracking.used, tracking.maxUsers, tracking.dormant]).toEqual([5, 5, 3]);
    const percent = (addon: { used: number; maxUsers: number }) => new RegExp(`${Math.round((addon.used / addon.maxUsers) * 100)}%$`);

    await page.goto(`/license/${licenseId}/view`);
    await expect(page.getByRole('heading', { level: 1, name: OLD_MILL })).toBeVisible();
    await page.getByRole('tab', { name: 'Product Licenses' }).click();
    await expect(page).toHaveURL(/#addons$/);

    // ---- the product licences: the spec's columns and, ours, the seats dormant accounts hold
    const usage = page.getByRole('table', { name: 'Product license usage' });
    await expect(usage.getByRole('columnheader')).toHaveText(['Product License', 'In Use', 'Max Users', 'Usage (%)', 'Dormant']);
    const siteSenseRow = usage.getByRole('row', { name: new RegExp(`^${siteSense.name}`) });
    const trackingRow = usage.getByRole('row', { name: new RegExp(`^${tracking.name}`) });
    await expect(siteSenseRow.getByRole('cell')).toHaveText([
      siteSense.name,
      String(siteSense.used),
      String(siteSense.maxUsers),
      percent(siteSense),
      String(siteSense.dormant),
    ]);
    await expect(trackingRow.getByRole('cell')).toHaveText([tracking.name, '5', '5', /100%$/, '3']);

    // ---- the dormant accounts: the rule, the three accounts (longest silent first), how each seat is held
    const section = page.getByRole('region', { name: 'Dormant accounts', exact: true });
    await expect(section.getByText('Accounts holding a seat that have not signed in for 90 days are dormant')).toBeVisible();
    await expect(section.getByRole('spinbutton', { name: 'Dormant after (days)' })).toHaveValue('90');
    const dormant = page.getByRole('table', { name: 'Dormant accounts' });
    const rows = dormant.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(3);
    // Longest silent first, as the server pages them; a click on User Name orders them by name (in the URL).
    expect(await rows.getByRole('link').allTextContents()).toEqual(before.dormant.map((account) => account.userName));
    await dormant.getByRole('columnheader', { name: 'User Name' }).getByRole('button').click();
    await expect(rows.getByRole('link')).toHaveText(['edith.marsh', 'nora.quill', 'walter.finch']);
    await expect(page).toHaveURL(/[?&]sort=userName/);
    await dormant.getByRole('columnheader', { name: 'User Name' }).getByRole('button').click();
    await expect(rows.getByRole('link')).toHaveText(['walter.finch', 'nora.quill', 'edith.marsh']);
    await page.goto(`/license/${licenseId}/view#addons`);
    await expect(rows.getByRole('link')).toHaveText(before.dormant.map((account) => account.userName));
    const edith = dormant.getByRole('row', { name: /edith\.marsh/ });
    const walter = dormant.getByRole('row', { name: /walter\.finch/ });
    const nora = dormant.getByRole('row', { name: /nora\.quill/ });
    await expect(nora.getByRole('cell').nth(3)).toHaveText('Never');
    await expect(edith.getByRole('cell').nth(3)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(walter.getByRole('cell').nth(4)).toContainText(`${tracking.name} (through ${GROUP})`);
    await expect(nora.getByRole('cell').nth(4)).toHaveText(`${tracking.name} (through ${GROUP})`);
    await expect(edith.getByRole('cell').nth(4)).toHaveText(`${siteSense.name}${tracking.name}`);
    await expect(dormant.getByRole('row', { name: /tbrown|owen\.pike/ })).toHaveCount(0);
    await expectAccessible(page, 'the seat dashboard');

    // ---- the CSV: every dormant account (from the server, longest silent first) with the same texts
    const csv = await downloaded(page, section.getByRole('button', { name: 'Export CSV' }));
    expect(csv.name).toBe('dormant-accounts.csv');
    expect(csv.lines[0]).toBe('User Name,Full Name,Status,Last Sign-in,Product Licenses');
    expect(csv.lines).toHaveLength(4);
    expect(csv.lines.slice(1).map((line) => line.split(',')[0])).toEqual(before.dormant.map((account) => account.userName));
    const line = (userName: string) => csv.lines.find((text) => text.startsWith(`${userName},`));
    const isoTime = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
    expect(line('edith.marsh')).toMatch(new RegExp(`^edith\\.marsh,Edith Marsh,Active,${isoTime},${siteSense.name}; ${tracking.name}$`));
    expect(line('nora.quill')).toBe(`nora.quill,Nora Quill,Active,Never,${tracking.name} (through ${GROUP})`);
    expect(line('walter.finch')).toMatch(
      new RegExp(`^walter\\.finch,Walter Finch,Active,${isoTime},${siteSense.name}; ${tracking.name} \\(through ${GROUP}\\)$`),
    );

    // ---- the search selects (and is in the URL, beside the tab)
    await section.getByRole('searchbox').fill('quill');
    await expect(rows).toHaveCount(1);
    await expect(page).toHaveURL(/\?q=quill#addons$/);
    await section.getByRole('searchbox').fill('');
    await expect(rows).toHaveCount(3);

    // ---- the setting: checked as typed; 3650 days leaves nobody dormant, 90 brings them back
    const days = section.getByRole('spinbutton', { name: 'Dormant after (days)' });
    const save = section.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await days.fill('0');
    await expect(section.getByText('Dormant after must be a whole number of days from 1 to 3650.')).toBeVisible();
    await expect(save).toBeDisabled();
    await days.fill('3650');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page, 'Dormant account setting saved.')).toBeVisible();
    await expect(dormant).toContainText('No account holding a seat has gone 3650 days without signing in.');
    await expect(section.getByText('have not signed in for 3650 days are dormant')).toBeVisible();
    await expect(siteSenseRow.getByRole('cell').nth(4)).toHaveText('0');
    await expect(section.getByRole('button', { name: 'Free these seats' })).toBeDisabled();
    await expectAccessible(page, 'the seat dashboard without dormant accounts');
    await days.fill('90');
    await save.click();
    await expect(toast(page, 'Dormant account setting saved.')).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(siteSenseRow.getByRole('cell').nth(4)).toHaveText(String(siteSense.dormant));

    // ---- a user's name opens their view, in one click
    await edith.getByRole('link', { name: 'edith.marsh' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'edith.marsh' })).toBeVisible();
    await expect(page).toHaveURL(/\/users\/edith\.marsh\/view/);
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Product Licenses', selected: true })).toBeVisible();
    await expect(rows).toHaveCount(3);

    // ---- Free these seats: reviewed first (edith and walter hold seats directly; nora only through the group)
    await section.getByRole('button', { name: 'Free these seats' }).click();
    const review = page.getByRole('dialog', { name: 'Review the change' });
    await expect(review).toContainText('Free the seats of 2 dormant accounts');
    const affected = review.getByRole('list', { name: 'Users affected' });
    await expect(affected).toContainText('edith.marsh');
    await expect(affected).toContainText('walter.finch');
    await expect(affected).not.toContainText('nora.quill');
    await expect(review.getByRole('row', { name: new RegExp(`^${tracking.name}`) }).getByRole('cell')).toHaveText([tracking.name, '5', '4', '5']);
    await expectAccessible(page, 'the review of freeing the seats');
    // What the server says it will give back (a seat the group gives too stays taken), asked the same way.
    const userIds = before.dormant.filter((account) => account.seats.some((seat) => seat.direct)).map((account) => account.userId);
    const previewed = await request.post(`/api/licenses/${licenseId}/seats/free?preview=true`, { headers: bearer(token), data: { userIds } });
    const { freed } = (await previewed.json()) as { freed: number };
    // edith's two and walter's SiteSense (his Progress Tracking is the group's).
    expect(freed).toBe(3);
    await review.getByRole('button', { name: 'Apply the change' }).click();
    await expect(review).toBeHidden();
    await expect(toast(page, `Freed ${freed} seats.`)).toBeVisible();
    const after = await dashboardOf(request, token, licenseId);
    const drop = (addOnId: number) =>
      before.addOns.find((addon) => addon.addOnId === addOnId)!.used - after.addOns.find((addon) => addon.addOnId === addOnId)!.used;
    expect(before.addOns.reduce((sum, addon) => sum + drop(addon.addOnId), 0)).toBe(freed);
    // edith holds nothing now; walter only what the group gives; nora is as she was.
    await expect(rows).toHaveCount(2);
    await expect(dormant.getByRole('row', { name: /edith\.marsh/ })).toHaveCount(0);
    await expect(walter.getByRole('cell').nth(4)).toHaveText(`${tracking.name} (through ${GROUP})`);
    await expect(trackingRow.getByRole('cell').nth(1)).toHaveText('4');
    await expect(siteSenseRow.getByRole('cell').nth(1)).toHaveText(String(siteSense.used - 2));
    expect([drop(1), drop(3)]).toEqual([2, 1]);
    // Nothing left that a group does not give: the button says why it is off.
    await expect(section.getByRole('button', { name: 'Free these seats' })).toBeDisabled();
    await expect(section.getByText('The dormant accounts hold their seats only through user groups')).toBeVisible();
    await expectAccessible(page, 'the seat dashboard after freeing the seats');
  });

  test('the tab fits a phone: the tables scroll in their own boxes, the buttons wrap', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const licenseId = await licenseIdOf(request, await sessionToken(page), OLD_MILL);
    await page.goto(`/license/${licenseId}/view#addons`);
    await expect(page.getByRole('table', { name: 'Dormant accounts' })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
    expect(width.page).toBeLessThanOrEqual(width.phone);
    await expectAccessible(page, 'the seat dashboard at 390 px');
  });
});

// tbrown, Old Mill's own licence administrator, cannot sign in: the demo licence expired 20 days ago
// ('Your licence has expired.'). Northwind's licence administrator stands in for the role.
test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('sees the seat dashboard of their own licence, and Old Mill’s as not found', async ({ page, request }) => {
    await page.goto('/');
    const token = await sessionToken(page);
    const licenseId = await page.evaluate(() => JSON.parse(localStorage.getItem('console-session') ?? '{}').state?.licenseId as number);
    await page.goto(`/license/${licenseId}/view#addons`);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Construction' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Product license usage' }).getByRole('columnheader', { name: 'Dormant' })).toBeVisible();
    const section = page.getByRole('region', { name: 'Dormant accounts', exact: true });
    await expect(section.getByRole('table', { name: 'Dormant accounts' })).toBeVisible();
    await expect(section.getByRole('spinbutton', { name: 'Dormant after (days)' })).toBeVisible();
    // They administer users: they may free seats.
    await expect(section.getByRole('button', { name: 'Free these seats' })).toBeVisible();
    await expectAccessible(page, 'a licence administrator’s seat dashboard');

    // Old Mill (its id read as the demo's super administrator): not found, and its dashboard answers 404 like a missing one.
    const admin = (await (await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } })).json()) as { token: string };
    const oldMill = await licenseIdOf(request, admin.token, OLD_MILL);
    expect((await request.get(`/api/licenses/${licenseId}/seats`, { headers: bearer(token) })).status()).toBe(200);
    expect((await request.get(`/api/licenses/${oldMill}/seats`, { headers: bearer(token) })).status()).toBe(404);
    await page.goto(`/license/${oldMill}/view#addons`);
    await expect(page.getByText('License not found')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Dormant accounts' })).toHaveCount(0);
  });
});
