import { expect, test } from './test';
import { E2E_PASSWORD, E2E_USERS, signIn, waitForMail } from './support';

test('the e-mailed code completes the sign-in; a wrong one is refused', async ({ page, request }) => {
  const email = `${E2E_USERS.twoFactor}@example.test`;
  // Only this sign-in's code counts: an earlier run's (a retry) must not be read instead.
  const since = new Date(Date.now() - 1000);
  await signIn(page, E2E_USERS.twoFactor, E2E_PASSWORD, '?returnTo=/projects');
  await expect(page).toHaveURL(/\/login\/2fa\/[0-9a-f-]{36}\?returnTo=%2Fprojects$/);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const [, code] = await waitForMail(request, email, /code is (\d{6})/, since);

  await page.getByLabel('Code').fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(/not valid or has expired/);

  await page.getByLabel('Code').fill(`  ${code} `);
  await page.getByLabel('Code').press('Enter');
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
});

// Its own user: signing in sends a code, and the test above must read only its own.
test('Go Back returns to Login', async ({ page }) => {
  await signIn(page, E2E_USERS.twoFactorBack, E2E_PASSWORD);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
