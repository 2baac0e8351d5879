/**
 * Sessions in sight (issue 40): a user signed in on two browsers signs the other out from their
 * profile, and that browser is sent to Login with the spec's 'session ended' text at its next
 * step; an administrator reads a user's sessions on the user view's Sessions tab, on a phone,
 * signs them all out, and the user's History says so.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, signIn, stateFile } from './support';
import { toast, unique } from './data';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * A Northwind user of the test's own without any role, who has chosen their password (an
 * administrator sets one, which they must change; they change it through the API).
 */
async function ordinaryUser(request: APIRequestContext, name: string, password: string) {
  const login = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const licenses = (await (await request.get('/api/license', { headers: admin })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'Northwind Construction')!.licenseId;
  const made = await request.post(`/api/users/${name}`, {
    headers: admin,
    data: { userName: name, firstName: 'Sam', lastName: 'Sessions', email: `${name}@example.test`, licenseId },
  });
  expect(made.ok()).toBe(true);
  expect((await request.put(`/api/users/${name}/password`, { headers: admin, data: { mode: 'manual', password } })).ok()).toBe(true);
  const own = await request.post('/api/login', { data: { userName: name, password } });
  const headers = { authorization: `Bearer ${((await own.json()) as { token: string }).token}` };
  expect((await request.put(`/api/users/${name}/password`, { headers, data: { mode: 'manual', password, currentPassword: password } })).ok()).toBe(true);
  await request.put('/api/logout', { headers });
}

/** A browser of its own, signed in as `userName`, on Home. */
async function signedIn(browser: Browser, userName: string, password: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport });
  const page = await context.newPage();
  await signIn(page, userName, password, '?returnTo=/');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  return { page, close: () => context.close() };
}

const sessionsTable = (page: Page) => page.getByRole('table', { name: 'Sessions' });

test('from the profile, a user signs their other browser out, and that browser is sent to Login at its next step', async ({ browser, request }) => {
  test.slow();
  const name = `zz.sessions.${unique()}`;
  const password = 'Sessions-Password-42';
  await ordinaryUser(request, name, password);
  const laptop = await signedIn(browser, name, password);
  const other = await signedIn(browser, name, password);
  try {
    await laptop.page.goto('/profile');
    const table = sessionsTable(laptop.page);
    await expect(table.getByRole('row')).toHaveCount(3);
    const mine = table.getByRole('row').filter({ hasText: 'This device' });
    await expect(mine).toHaveCount(1);
    // This device has no Sign out of its own: the header's Log Out ends it.
    await expect(mine.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'How' })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Password', exact: true })).toHaveCount(2);
    await expect(mine.getByText(/^Chrom(e|ium) \d+ on Linux$/)).toBeVisible();
    await expectAccessible(laptop.page, 'the profile with two sessions');

    // Sign out the other, after a confirmation.
    await table
      .getByRole('row')
      .filter({ hasNotText: 'This device' })
      .getByRole('button', { name: /^Sign out/ })
      .click();
    const dialog = laptop.page.getByRole('alertdialog').or(laptop.page.getByRole('dialog'));
    await expect(dialog).toContainText('Whoever uses it is sent to the sign-in page');
    await expectAccessible(laptop.page, 'the sign-out confirmation');
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(toast(laptop.page, 'Session signed out.')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(laptop.page.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

    // The other browser's next step: Login, with the spec's text.
    await other.page.getByRole('link', { name: name }).first().click();
    await expect(other.page).toHaveURL(/\/login\?status=412&message=/);
    await expect(other.page.getByRole('alert')).toContainText('Your session has ended. Please log in again.');
    await expectAccessible(other.page, 'Login after the session ended');

    // This browser carries on.
    await laptop.page.reload();
    await expect(sessionsTable(laptop.page).getByRole('row')).toHaveCount(2);
  } finally {
    await laptop.close();
    await other.close();
  }
});

test.describe('as a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin'), viewport: { width: 390, height: 844 } });

  test('reads a user’s sessions on the Sessions tab on a phone, signs them all out, and the History says so', async ({ page, request }) => {
    const name = `zz.sessions.${unique()}`;
    const password = 'Sessions-Password-42';
    await ordinaryUser(request, name, password);
    const phone = await request.post('/api/login', { data: { userName: name, password }, headers: { 'user-agent': IPHONE } });
    const token = ((await phone.json()) as { token: string }).token;

    await page.goto(`/users/${name}/view#sessions`);
    await expect(page.getByRole('tab', { name: 'Sessions' })).toHaveAttribute('aria-selected', 'true');
    // On a phone the rows are cards.
    const cards = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Safari 18 on iOS 18.1');
    await expect(cards.first()).toContainText('Password');
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
    expect(width.page).toBeLessThanOrEqual(width.phone);
    await expectAccessible(page, 'a user’s Sessions tab at 390 px');

    await page.getByRole('button', { name: 'Sign out all sessions' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toContainText(`Sign out every session of ${name}?`);
    await dialog.getByRole('button', { name: 'Sign out all sessions' }).click();
    await expect(toast(page, '1 session signed out.')).toBeVisible();
    await expect(page.getByText('No active sessions.')).toBeVisible();
    expect((await request.get('/api/verifysession/3', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(412);

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText('Signed out all sessions').first()).toBeVisible();
  });

  test('resets the second factors of a user who lost their phone: app and recovery codes gone, sessions signed out, History says so', async ({
    page,
    request,
  }) => {
    const name = `zz.factors.${unique()}`;
    const password = 'Factors-Password-42';
    await ordinaryUser(request, name, password);
    // The user sets up an authenticator app (as the profile does, through the API) and stays signed in.
    const own = await request.post('/api/login', { data: { userName: name, password } });
    const headers = { authorization: `Bearer ${((await own.json()) as { token: string }).token}` };
    const { secret } = (await (await request.post('/api/account/factors/totp', { headers })).json()) as { secret: string };
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    expect((await request.post('/api/account/factors/totp/confirm', { headers, data: { code } })).ok()).toBe(true);

    await page.goto(`/users/${name}/view#sessions`);
    // The innermost section headed 'Second factors' (the tab's own box holds it too).
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Second factors' }) })
      .last();
    await expect(card).toContainText('Authenticator app');
    await expect(card).toContainText('Set up');
    await expect(card).toContainText('Recovery codes left');
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
    expect(width.page).toBeLessThanOrEqual(width.phone);
    await expectAccessible(page, 'a user’s second factors at 390 px');

    await card.getByRole('button', { name: 'Reset second factors' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toContainText(`Remove ${name}’s authenticator app, recovery codes and passkeys`);
    await dialog.getByRole('button', { name: 'Reset second factors' }).click();
    await expect(toast(page, `Second factors of ${name} removed; 1 session signed out.`)).toBeVisible();
    await expect(card).toContainText('Not set up');
    await expect(card.getByRole('button', { name: 'Reset second factors' })).toHaveCount(0);
    expect((await request.get('/api/verifysession/3', { headers })).status()).toBe(412);

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByText('Second factors reset by admin').first()).toBeVisible();
  });
});
