/**
 * A profile for everyone (issue 22, item 5): the user name in the header opens the signed-in
 * user's own profile — also for jsmith, who holds no administration role — with their details
 * (only what a user may change about themself), their password (with the current one) and
 * when they last signed in; nothing of anyone else.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn } from './support';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();

/** A page of its own, signed in as `userName`, on Home. */
async function signedIn(browser: Browser, userName: string, password: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport });
  const page = await context.newPage();
  await signIn(page, userName, password, '?returnTo=/');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  return { page, close: () => context.close() };
}

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
    data: { userName: name, firstName: 'Olive', lastName: 'Ordinary', email: `${name}@example.test`, position: 'Rigger', licenseId },
  });
  expect(made.ok()).toBe(true);
  expect((await request.put(`/api/users/${name}/password`, { headers: admin, data: { mode: 'manual', password } })).ok()).toBe(true);
  const own = await request.post('/api/login', { data: { userName: name, password } });
  const headers = { authorization: `Bearer ${((await own.json()) as { token: string }).token}` };
  expect((await request.put(`/api/users/${name}/password`, { headers, data: { mode: 'manual', password, currentPassword: password } })).ok()).toBe(true);
  await request.put('/api/logout', { headers });
}

test('jsmith, without administration roles, opens his own profile from the header, and nothing of anyone else', async ({ browser }) => {
  const { page, close } = await signedIn(browser, 'jsmith', DEMO_PASSWORD);
  await page.getByRole('banner').getByRole('link', { name: 'jsmith', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();

  // When he last signed in: just now.
  const lastSignIn = page.getByRole('term').filter({ hasText: 'Last sign-in' }).locator('xpath=following-sibling::dd[1]');
  await expect(lastSignIn).not.toHaveText('Never');
  await expect(lastSignIn).toHaveText(/\d{4}/);

  // His details, only those a user may change about themself.
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('John');
  await expect(page.getByRole('textbox', { name: 'Position' })).toHaveValue('Site supervisor');
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Single sign-on user' })).toHaveCount(0);
  // His password, with the current one; nothing sends another's.
  await expect(page.getByLabel(/^Current password/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Auto Reset' })).toHaveCount(0);
  // No way into the user views he may not open.
  await expect(page.getByRole('link', { name: 'Open in Users' })).toHaveCount(0);
  await expectAccessible(page, 'jsmith’s profile');

  // Another user's page is not his to see.
  await page.goto('/users/psingh/view');
  await expect(page.getByText('Insufficient permissions to access the page.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'psingh' })).toHaveCount(0);
  await close();
});

test('on a phone the profile is behind the menu, and fits', async ({ browser }) => {
  const { page, close } = await signedIn(browser, 'jsmith', DEMO_PASSWORD, { width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'jsmith', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByLabel(/^Current password/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'the profile at 390 px');
  await close();
});

test('a user changes their own details and password on their profile', async ({ browser, request }) => {
  const name = `zz.profile.${Date.now()}`;
  const first = 'Profile-First-42';
  const second = 'Profile-Second-42';
  await ordinaryUser(request, name, first);
  const { page, close } = await signedIn(browser, name, first);
  await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();

  // ---- details: the form's messages, then a save that holds
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Please enter a valid email.', { exact: true })).toBeVisible();
  await email.fill(`${name}@example.test`);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+61 2 5550 4242');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(toast(page, 'User saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+61 2 5550 4242');

  // ---- password: the current one is checked
  await page.getByLabel(/^Current password/).fill('Not-The-One-42');
  await page.getByLabel(/^New password/).fill(second);
  await page.getByLabel(/^Retype the new password/).fill(second);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await page.getByLabel(/^Current password/).fill(first);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(toast(page, 'Password updated.')).toBeVisible();
  await expectAccessible(page, 'the profile after a password change');
  await close();

  // The new password signs them in; the old one no longer does.
  const old = await request.post('/api/login', { data: { userName: name, password: first } });
  expect(old.ok()).toBe(false);
  const again = await signedIn(browser, name, second);
  await again.close();
});
