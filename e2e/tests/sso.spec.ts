import { expect, test } from './test';

const SSO_USER = 'dana.lee@harbourbridge.example';

test('single sign-on through a real OpenID provider, then the hand-off to the licence’s environment', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('radio', { name: 'Single sign-on' }).click();
  await page.getByLabel('User name or e-mail').fill(SSO_USER);
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(page).toHaveURL(/\/demo-idp\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible();
  await page.getByLabel('User name or e-mail').fill(SSO_USER);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back on /login#id_token=…: the console verifies it, then hands off to Harbour's one environment.
  await expect(page.getByText(`You are signed in to Production as ${SSO_USER}.`)).toBeVisible();
});

test('a user name that is not an active SSO account says so', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('radio', { name: 'Single sign-on' }).click();
  await page.getByLabel('User name or e-mail').fill('licadmin');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(page.getByRole('alert')).toHaveText("'licadmin' is not an active SSO account. Your login is likely your e-mail address.");
});

test('an error from the provider is shown with its code, and Retry starts again', async ({ page }) => {
  await page.goto('/login#error=access_denied&error_description=The%20user%20cancelled');
  await expect(page.getByRole('alert')).toHaveText(
    'Single Sign-on error. If the error persists please contact an administrator with the following code: access_denied - The user cancelled',
  );
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('an id_token this browser did not ask for is refused', async ({ page }) => {
  await page.goto('/login#id_token=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.&state=forged');
  await expect(page.getByRole('alert')).toContainText('invalid_state');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});
