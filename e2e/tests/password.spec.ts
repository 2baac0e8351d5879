import { expect, test } from './test';
import { E2E_PASSWORD, E2E_USERS, signIn, userNameField, waitForMail } from './support';

test('recovery e-mails a link; the reset page applies the policy; the link works once', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/password\/recovery$/);
  await page.getByRole('button', { name: 'Email Link' }).click();
  await expect(page.getByText('Please enter a username.')).toBeVisible();
  await userNameField(page).fill(E2E_USERS.reset);
  await page.getByRole('button', { name: 'Email Link' }).click();
  await expect(page.getByText('Email has been sent')).toBeVisible();

  const [link] = await waitForMail(request, `${E2E_USERS.reset}@example.test`, /http:\/\/\S+\/users\/password\/reset\?token=\S+/);
  await page.goto(link);
  // Northwind's policy: at least 10 characters with a digit.
  const requirements = page.getByLabel('Password requirements');
  await expect(requirements).toContainText('At least 10 characters');
  await expect(requirements).toContainText('At least 1 digit');

  await page.getByLabel(/^New password\*?$/).fill('Short-1');
  await page.getByLabel(/^Repeat the new password\*?$/).fill('Short-1');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Must be at least 10 characters.')).toBeVisible();

  await page.getByLabel(/^New password\*?$/).fill('Fresh-Password-2026');
  await page.getByLabel(/^Repeat the new password\*?$/).fill('Fresh-Password-2027');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Passwords must match.')).toBeVisible();

  await page.getByLabel(/^Repeat the new password\*?$/).fill('  Fresh-Password-2026 ');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Password reset successfully. Please login')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, E2E_USERS.reset, 'Fresh-Password-2026', '?returnTo=/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await page.goto(link);
  const invalid = page.getByRole('link', { name: 'Invalid Link! Click here to get a new one.' });
  await expect(invalid).toBeVisible();
  await invalid.click();
  await expect(page).toHaveURL(/\/password\/recovery$/);
});

test('a user who must update their password does so first, then carries on', async ({ page }) => {
  await signIn(page, E2E_USERS.forced, E2E_PASSWORD, '?returnTo=/projects');
  await expect(page).toHaveURL(/\/users\/password\/reset$/);
  await expect(page.getByText('Please update your password')).toBeVisible();
  // Any console page sends them back here until they do.
  await page.goto('/users');
  await expect(page).toHaveURL(/\/users\/password\/reset$/);
  // Changing one's own password needs the current one.
  await page.getByLabel(/^New password\*?$/).fill('Chosen-Password-99');
  await page.getByLabel(/^Repeat the new password\*?$/).fill('Chosen-Password-99');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Please enter your current password.')).toBeVisible();
  await page.getByLabel(/^Current password\*?$/).fill('not-my-password');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await page.getByLabel(/^Current password\*?$/).fill(E2E_PASSWORD);
  await page.getByLabel(/^New password\*?$/).fill('Chosen-Password-99');
  await page.getByLabel(/^Repeat the new password\*?$/).fill('Chosen-Password-99');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an Environment' })).toBeVisible();
});
