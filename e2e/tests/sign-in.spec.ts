import { expect, expectAccessible, test } from './test';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  E2E_PASSWORD,
  E2E_USERS,
  mailTo,
  passwordField,
  sessionToken,
  signIn,
  stateFile,
  userNameField,
  waitForMail,
} from './support';

test('shows the test banner of a UAT console on the login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('note')).toHaveText(/UAT environment/i);
});

test('asks for both fields with the spec’s messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter your username.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await expect(page.getByText('Highlighted fields are required')).toBeVisible();
});

test('shows the server’s message for a wrong password', async ({ page }) => {
  await signIn(page, 'licadmin', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});

test('warns when Caps Lock is on', async ({ page }) => {
  await page.goto('/login');
  const password = passwordField(page);
  // Headless Chromium does not toggle Caps Lock on a key press: the key event carries the modifier.
  await password.dispatchEvent('keyup', { key: 'A', modifierCapsLock: true });
  await expect(page.getByText('Caps Lock is on.')).toBeVisible();
  await password.dispatchEvent('keyup', { key: 'a', modifierCapsLock: false });
  await expect(page.getByText('Caps Lock is on.')).toBeHidden();
});

test('a stranger sees the same message for an unknown name, a locked account and a wrong password', async ({ page }) => {
  const generic = 'The user name or password is incorrect.';
  await signIn(page, `nobody.${Date.now()}`, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(generic);
  // The demo's locked.user, locked by an administrator, with its right password.
  await signIn(page, 'locked.user', DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(generic);
  await signIn(page, 'locked.user', 'a-wrong-guess');
  await expect(page.getByRole('alert')).toHaveText(generic);
  await expectAccessible(page, 'a refused sign-in');
});

test('repeated failures lock the account for a while, the administrator sees until when, and the mailed link unlocks it', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const since = new Date(Date.now() - 1000);
  for (let i = 1; i <= 5; i++) {
    await signIn(page, E2E_USERS.lockout, `wrong-${i}`);
    await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
  }
  // Locked now: the right password is refused exactly as a wrong one.
  await signIn(page, E2E_USERS.lockout, E2E_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);

  // The licence administrator's user list says the lock is a temporary one, and until when.
  const admin = await browser.newContext({ storageState: stateFile('licenseAdmin') });
  const list = await admin.newPage();
  await list.goto(`/users?q=${E2E_USERS.lockout}`);
  const row = list.getByRole('row', { name: new RegExp(E2E_USERS.lockout.replace('.', '\\.')) });
  await expect(row.getByText(/^Locked until \d{1,2}:\d{2}(AM|PM) \(failed sign-ins\)$/)).toBeVisible();
  await expectAccessible(list, 'the user list with a temporary lock');
  await admin.close();

  // The owner's mail says what happened and carries a reset link: a new password unlocks the account.
  const [link] = await waitForMail(request, `${E2E_USERS.lockout}@example.test`, /http:\/\/\S+\/users\/password\/reset\?token=\S+/, since);
  const mail = (await mailTo(request, `${E2E_USERS.lockout}@example.test`)).filter((m) => m.text.includes(link));
  expect(mail[0]?.subject).toMatch(/locked/i);
  await page.goto(link);
  await page.getByLabel(/^New password\*?$/).fill('Unlocked-Again-2026');
  await page.getByLabel(/^Repeat the new password\*?$/).fill('Unlocked-Again-2026');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Password reset successfully. Please login')).toBeVisible();
  await signIn(page, E2E_USERS.lockout, 'Unlocked-Again-2026', '?returnTo=/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('a user without projects goes to their licence view', async ({ page }) => {
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/license\/\d+\/view(#details)?$/);
  await expect(page.getByRole('heading', { name: 'SiteSense Internal' })).toBeVisible();
  await expect(page.getByText('This licence does not expire.')).toBeVisible();
});

test('several environments: the chooser, then the chosen environment’s Account/Authenticate', async ({ page }) => {
  await signIn(page, 'licadmin', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Choose an Environment' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Production/ })).toBeVisible();
  await page.getByRole('button', { name: /UAT/ }).click();
  await expect(page).toHaveURL(/\/uat\/Account\/Authenticate\?sessionGuid=.+&environmentId=\d+/);
  await expect(page.getByText('You are signed in to UAT as licadmin.')).toBeVisible();
});

test('one environment: the spec’s toast, then straight to it', async ({ page }) => {
  // The hand-off waits a moment so the toast can be seen; the call itself is the real one.
  await page.route('**/api/license/getSessionGuid', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await signIn(page, 'pwhite', DEMO_PASSWORD);
  await expect(page.getByText('Please wait to be redirected back to SiteSense.')).toBeVisible();
  await expect(page.getByText('You are signed in to Production as pwhite.')).toBeVisible();
});

test('a redirect URL on an environment’s server goes straight back there', async ({ page, baseURL }) => {
  const target = `${baseURL}/uat/projects/5`;
  const handOff = page.waitForResponse((r) => r.url().includes('/uat/Account/Authenticate'));
  await signIn(page, 'licadmin', DEMO_PASSWORD, `?redirectUrl=${encodeURIComponent(target)}`);
  const response = await handOff;
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toBe(target);
});

test('a page that needs a session sends the user to Login and back to the page', async ({ page }) => {
  await page.goto('/projects?state=active');
  await expect(page).toHaveURL(/\/login\?state=active&returnTo=%2Fprojects%3Fstate%3Dactive$/);
  await userNameField(page).fill(E2E_USERS.federation);
  await passwordField(page).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/projects\?state=active$/);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
});

test('Log Out ends the session and returns to Login through the environment’s LogOff', async ({ page, request }) => {
  await signIn(page, E2E_USERS.federation, E2E_PASSWORD, '?returnTo=/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const token = await sessionToken(page);
  const logOff = page.waitForRequest((r) => r.url().includes('/Account/LogOff'));
  await page.getByRole('button', { name: 'Log Out' }).click();
  await logOff;
  await expect(page).toHaveURL(/\/login\?loggedOut=1$/);
  await expect(page.getByText('Logged out')).toBeVisible();
  const after = await request.get('/api/verifysession/3', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(412);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fusers$/);
});
