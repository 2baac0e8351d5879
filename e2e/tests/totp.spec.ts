/**
 * Authenticator apps (issue 40) end to end: a user sets one up on their profile, reading the
 * key from the screen, signs out, and signs in again with a code computed here (otpauth), as
 * the app would; and a licence whose policy requires a second factor sends a user to set one up
 * right after the password. Each test makes its own user through the API.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { asAdmin, type Headers, unique } from './data';
import { expect, expectAccessible, test } from './test';
import { E2E_PASSWORD, passwordField, signIn, userNameField } from './support';

/** A user of `licenseName` with the suite's password, chosen by the user (no forced change). */
async function makeUser(request: APIRequestContext, headers: Headers, licenseName: string): Promise<string> {
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === licenseName)!.licenseId;
  const name = `zz.totp.${unique()}`;
  const made = await request.post(`/api/users/${name}`, {
    headers,
    data: { userName: name, firstName: 'Totp', lastName: name, email: `${name}@example.test`, licenseId },
  });
  expect(made.ok(), await made.text()).toBe(true);
  expect((await request.put(`/api/users/${name}/password`, { headers, data: { mode: 'manual', password: E2E_PASSWORD } })).ok()).toBe(true);
  const own = (await (await request.post('/api/login', { data: { userName: name, password: E2E_PASSWORD } })).json()) as { token: string };
  const change = await request.put(`/api/users/${name}/password`, {
    headers: { authorization: `Bearer ${own.token}` },
    data: { mode: 'manual', password: E2E_PASSWORD, currentPassword: E2E_PASSWORD },
  });
  expect(change.ok(), await change.text()).toBe(true);
  return name;
}

/** The code the app shows now for `secret`, taken from a step that has at least 5 s left. */
async function appCode(secret: string): Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  for (;;) {
    const left = 30_000 - (Date.now() % 30_000);
    const code = totp.generate();
    if (left > 5_000) return code;
    await new Promise((resolve) => setTimeout(resolve, left + 100));
  }
}

/** The code of the step after the current one. */
function nextStepCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + 30_000 });
}

/** Sets up the app in the TotpSetup part on screen; answers the key read from the screen. */
async function setUpApp(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'the authenticator app set-up');
  const code = await appCode(secret);
  await page.getByLabel(/^Code from the app/).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page, 'the recovery codes');
  return secret;
}

test('set up an authenticator app on the profile, sign out, and sign in with its code', async ({ page, request }) => {
  test.slow();
  const userName = await makeUser(request, await asAdmin(request), 'Northwind Construction');
  await signIn(page, userName, E2E_PASSWORD, '?returnTo=/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Sign-in security' })).toBeVisible();
  const secret = await setUpApp(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as .txt' }).click();
  expect((await download).suggestedFilename()).toMatch(/recovery-codes\.txt$/);
  await page.getByRole('button', { name: 'I have kept my recovery codes' }).click();
  await expect(page.getByText('Sign-ins ask for a code from your authenticator app.')).toBeVisible();

  // Signed out, the password now leads to the chooser.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login?returnTo=/profile');
  await userNameField(page).fill(userName);
  await passwordField(page).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\/2fa\/[0-9a-f-]{36}\?factors=totp%2Crecovery&returnTo=%2Fprofile$/);
  await expect(page.getByRole('radio', { name: 'Authenticator app' })).toBeChecked();
  await expectAccessible(page, 'the second-factor chooser');
  // A code is used once: the next step's, as an app whose clock runs a little ahead shows it (the
  // server accepts a step either side), instead of waiting up to 30 s for the next one.
  await page.getByLabel(/^Code from your authenticator app/).fill(nextStepCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Sign-in security' })).toBeVisible();
});

test('a licence that requires a second factor of everyone sends a user to set one up right after the password', async ({ page, request }) => {
  test.slow();
  const headers = await asAdmin(request);
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  // A licence no other test signs in to.
  const harbour = licenses.find((license) => license.name === 'Harbour Bridge JV')!.licenseId;
  const userName = await makeUser(request, headers, 'Harbour Bridge JV');
  expect((await request.put(`/api/licenses/${harbour}/second-factor`, { headers, data: { policy: 'everyone', phishingResistantOnly: false } })).ok()).toBe(
    true,
  );
  try {
    await signIn(page, userName, E2E_PASSWORD);
    await expect(page).toHaveURL(/\/login\/factor-setup$/);
    await expect(page.getByText('Your licence requires a second factor: set one up to continue.')).toBeVisible();
    // The console waits: any other page comes back here.
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login\/factor-setup$/);
    await setUpApp(page);
    await page.getByRole('button', { name: 'I have kept my recovery codes' }).click();
    await expect(page).not.toHaveURL(/factor-setup/);
    // In: the page asked for first (Users, which this user's roles do not open) sends them home.
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${userName}` })).toBeVisible();
  } finally {
    await request.put(`/api/licenses/${harbour}/second-factor`, { headers, data: { policy: 'optional', phishingResistantOnly: false } });
  }
});
