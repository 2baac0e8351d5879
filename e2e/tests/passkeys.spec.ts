/**
 * Passkeys (issue 40) in Chromium with its virtual authenticator (CDP `WebAuthn`): a user
 * registers a passkey on their profile (named, listed with its dates, the owner mailed), signs
 * out, and 'Sign in with a passkey' on the login page signs them in with no user name and no
 * password; the profile then shows when the passkey was last used, and removing it asks for the
 * password.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { toast, unique } from './data';
import * as OTPAuth from 'otpauth';
import { ADMIN_PASSWORD, passwordField, signIn, userNameField, waitForMail } from './support';

/** A Northwind user of the test's own, without roles, who has chosen their password. */
async function ownUser(request: APIRequestContext, name: string, password: string) {
  const login = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const licenses = (await (await request.get('/api/license', { headers: admin })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'Northwind Construction')!.licenseId;
  const email = `${name}@example.test`;
  const made = await request.post(`/api/users/${name}`, { headers: admin, data: { userName: name, firstName: 'Pat', lastName: 'Passkey', email, licenseId } });
  expect(made.ok()).toBe(true);
  expect((await request.put(`/api/users/${name}/password`, { headers: admin, data: { mode: 'manual', password } })).ok()).toBe(true);
  const own = await request.post('/api/login', { data: { userName: name, password } });
  const headers = { authorization: `Bearer ${((await own.json()) as { token: string }).token}` };
  expect((await request.put(`/api/users/${name}/password`, { headers, data: { mode: 'manual', password, currentPassword: password } })).ok()).toBe(true);
  await request.put('/api/logout', { headers });
  return email;
}

/** Chromium's virtual authenticator on this page: a platform authenticator with discoverable credentials and user verification. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('register a passkey on the profile, sign out, and sign in with it and no password', async ({ browser, request }) => {
  test.slow();
  const name = `zz.passkey.${unique()}`;
  const password = 'Passkey-Test-42';
  const email = await ownUser(request, name, password);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const authenticator = await virtualAuthenticator(context, page);

  // ---- register on the profile
  await signIn(page, name, password, '?returnTo=/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  // A name first: the spec-style message under the field.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Please name the passkey.')).toBeVisible();
  await section.getByRole('textbox', { name: 'Passkey name' }).fill('E2E laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toast(page, 'Passkey added.')).toBeVisible();
  const list = section.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem').filter({ hasText: 'E2E laptop' })).toContainText('Never used');
  await expect(section.getByRole('textbox', { name: 'Passkey name' })).toHaveValue('');
  expect(await authenticator.credentials()).toHaveLength(1);
  await waitForMail(request, email, /A passkey 'E2E laptop' was added/);
  await expectAccessible(page, 'the profile with a passkey');

  // ---- sign out, then in with the passkey: no user name, no password
  await page.goto('/login?logOff=true');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto('/login?returnTo=/profile');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name, exact: true })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'E2E laptop' })).toContainText('Last used');

  // ---- removing it asks for the password
  await list.getByRole('button', { name: 'Remove E2E laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove E2E laptop' });
  await dialog.getByLabel(/^Your password/).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(dialog.getByText('The password or passkey did not confirm it is you.')).toBeVisible();
  await expectAccessible(page, 'the removal dialog');
  await dialog.getByLabel(/^Your password/).fill(password);
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(toast(page, 'Passkey removed.')).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await context.close();
});

test('with an authenticator app and a passkey, the chooser after the password offers the passkey first, and it signs in', async ({ browser, request }) => {
  test.slow();
  const name = `zz.passkey.${unique()}`;
  const password = 'Passkey-Test-42';
  await ownUser(request, name, password);
  // A session of the user's own through the API, for the app's set-up below.
  const api = {
    authorization: `Bearer ${((await (await request.post('/api/login', { data: { userName: name, password } })).json()) as { token: string }).token}`,
  };
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await virtualAuthenticator(context, page);
  await signIn(page, name, password, '?returnTo=/profile');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('textbox', { name: 'Passkey name' }).fill('Chooser laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toast(page, 'Passkey added.')).toBeVisible();
  // The authenticator app, as the profile sets it up (the code computed here, as the app would).
  const { secret } = (await (await request.post('/api/account/factors/totp', { headers: api })).json()) as { secret: string };
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  expect((await request.post('/api/account/factors/totp/confirm', { headers: api, data: { code } })).ok()).toBe(true);

  await page.goto('/login?logOff=true');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto('/login?returnTo=/profile');
  await userNameField(page).fill(name);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\/2fa\/[0-9a-f-]{36}\?factors=passkey%2Ctotp%2Crecovery&returnTo=%2Fprofile$/);
  await expect(page.getByRole('radio', { name: 'Passkey' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Authenticator app' })).toBeVisible();
  await expectAccessible(page, 'the chooser with a passkey');
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(section.getByRole('list', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: 'Chooser laptop' })).toContainText('Last used');
  await context.close();
});

test('the login page offers the passkey beside the password, and says so when the prompt is cancelled', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  // An authenticator with no passkey for this site: the browser's request fails.
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.goto('/login');
  await expect(userNameField(page)).toBeVisible();
  await expect(passwordField(page)).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The passkey request was cancelled or timed out.' })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'the login page at 390 px');
  await context.close();
});
