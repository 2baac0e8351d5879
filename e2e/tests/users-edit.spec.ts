/**
 * Users end to end, as a licence administrator: create one with the form's messages, edit it
 * through every tab, duplicate it, and toggle its state from the list.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { mailTo, signIn, stateFile, waitForMail } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('create, edit through every tab, duplicate and toggle a user', async ({ page, request }) => {
  test.slow();
  const name = `e2e.made.${Date.now()}`;
  const copy = `${name}.copy`;

  // The page's clock runs as the wall's, and the test can move it on (a toast's lifetime) without waiting.
  await page.clock.install();
  // ---- the form's messages, then a new user
  await page.goto('/users');
  await page.getByRole('link', { name: 'Add New User' }).click();
  await expect(page).toHaveURL(/\/users\/new$/);
  await page.getByRole('button', { name: 'Create user' }).click();
  for (const message of ['Please enter a username.', 'Please enter a first name.', 'Please enter a last name.', 'Please enter a valid email.']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expectAccessible(page, 'the new-user form with its messages');
  await page.getByRole('textbox', { name: 'Username' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('textbox', { name: 'First name' }).fill('Nina');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Ortiz');
  await page.getByRole('textbox', { name: 'Company' }).fill('Ortiz Cranes');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Please enter a valid email.', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(`${name}@example.test`);
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(toast(page, 'User created.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/users/${name.replace(/\./g, '\\.')}/view`));
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  // ---- details: the long dates and a save
  await expect(page.getByText('Created', { exact: true })).toBeVisible();
  await expect(page.getByText(/^(Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday) [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}(AM|PM)$/)).toBeVisible();
  await expect(page.getByText('Never').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Position' }).fill('Crane operator');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'User saved.')).toBeVisible();

  // ---- roles need a product licence first
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page.getByText('Assign a Product to modify roles.')).toBeVisible();

  // ---- product licences
  await page.getByRole('tab', { name: 'Product Licenses' }).click();
  await expect(page.getByText("Removing Product Licenses removes all of the user's roles.")).toBeVisible();
  await page.getByRole('checkbox', { name: 'Vendor Portal' }).check();
  await page.getByRole('button', { name: 'Save product licenses' }).click();
  await expect(page.getByText('You must select at least one Vendor name in order to assign Vendor Product License')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Vendor Portal' }).uncheck();
  await page.getByRole('checkbox', { name: 'SiteSense' }).check();
  // Vendor and non-vendor product licences are not held together.
  await expect(page.getByRole('checkbox', { name: 'Vendor Portal' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save product licenses' }).click();
  await expect(toast(page, 'Product Licenses updated.')).toBeVisible();
  await expectAccessible(page, 'the product licenses tab');

  // ---- roles: search, tick, save
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('searchbox', { name: 'Search roles' }).fill('project read');
  await expect(page.getByRole('checkbox', { name: 'Administer Project Read' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Administer Site', exact: true })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Administer Project Read' }).check();
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expect(toast(page, 'Roles updated.')).toBeVisible();
  await expectAccessible(page, 'the roles tab');

  // ---- projects: the unsaved-changes warning stays until saved
  await page.getByRole('tab', { name: 'Projects' }).click();
  await page.getByRole('checkbox', { name: /Northwind Tower A/ }).check();
  await expect(toast(page, 'You have unsaved changes to the project assignments')).toBeVisible();
  await page.clock.fastForward(7_500); // longer than any toast that times out: this one must still be there
  await expect(toast(page, 'You have unsaved changes to the project assignments')).toBeVisible();
  await page.getByRole('button', { name: 'Save projects' }).click();
  await expect(toast(page, 'Projects updated.')).toBeVisible();
  await expect(toast(page, 'You have unsaved changes to the project assignments')).toHaveCount(0);

  // ---- imports and password
  await page.getByRole('tab', { name: 'Imports' }).click();
  await expect(page.getByRole('table', { name: 'Imports' })).toBeVisible();
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByLabel(/^New password/).fill('Short-1');
  await page.getByLabel(/^Retype the new password/).fill('Short-2');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Passwords must match.')).toBeVisible();
  await page.getByRole('button', { name: 'Email Link' }).click();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(toast(page, 'Email has been sent')).toBeVisible();
  await expect.poll(async () => (await mailTo(request, `${name}@example.test`)).length).toBeGreaterThan(0);

  // ---- duplicate: the copy gets the product licences, roles and projects
  await page.getByRole('link', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { name: `Duplicate ${name}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue('Ortiz Cranes');
  await page.getByRole('textbox', { name: 'Username' }).fill(copy);
  await page.getByRole('textbox', { name: 'Email' }).fill(`${copy}@example.test`);
  await page.getByRole('button', { name: 'Create copy' }).click();
  await expect(toast(page, 'User created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: copy, exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page.getByRole('checkbox', { name: 'Administer Project Read' })).toBeChecked();

  // ---- the list: search, the badge toggles Active, a row opens the user
  await page.goto(`/users?q=${encodeURIComponent(copy)}`);
  const row = page.getByRole('row').filter({ hasText: copy });
  await row.getByRole('button', { name: 'Active' }).click();
  await expect(row.getByRole('button', { name: 'Inactive' })).toBeVisible();
  await page.reload();
  // Saved: with inactive users shown, the row still says so after a reload.
  const activeOnly = page.getByRole('switch', { name: 'Active only' });
  if (await activeOnly.isChecked()) await activeOnly.click();
  await expect(page.getByRole('row').filter({ hasText: copy }).getByRole('button', { name: 'Inactive' })).toBeVisible();
  await page.getByRole('cell', { name: copy, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${copy.replace(/\./g, '\\.')}/view`));
});

test('Auto Reset e-mails a new password, and the user must choose their own at the next sign-in', async ({ page, request, browser }) => {
  const name = `e2e.reset.${Date.now()}`;
  const email = `${name}@example.test`;
  await page.goto('/users/new');
  await page.getByRole('textbox', { name: 'Username' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'First name' }).fill('Reza');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Amini');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Password' }).click();
  const since = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Auto Reset' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset the password?' });
  await expect(confirm.getByText(`must choose their own at the next sign-in`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Reset and e-mail' }).click();
  await expect(toast(page, 'A new password has been e-mailed to the user.')).toBeVisible();
  const [, password] = await waitForMail(request, email, /Your new password is:\s+(\S+)/, since);

  // The user signs in with it, in a browser of their own, and is asked to choose their own first.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const theirs = await context.newPage();
  await signIn(theirs, name, password!);
  await expect(theirs).toHaveURL(/\/users\/password\/reset$/);
  await expect(theirs.getByText('Please update your password')).toBeVisible();
  await context.close();
});

test('a failed toggle is undone: an administrator cannot deactivate themselves', async ({ page }) => {
  await page.goto('/users?q=e2e.admin');
  const row = page.getByRole('row').filter({ hasText: 'e2e.admin' }).first();
  await row.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(toast(page, 'You cannot deactivate or lock your own account.')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Active', exact: true })).toBeVisible();
});

test('the user name in the header opens one’s own profile; the user view opens by name', async ({ page }) => {
  await page.goto('/users');
  await page.getByRole('banner').getByRole('link', { name: 'e2e.admin' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  // A user administrator reaches their full user view from there.
  await page.getByRole('link', { name: 'Open in Users' }).click();
  await expect(page.getByRole('heading', { name: 'e2e.admin', exact: true })).toBeVisible();
  await page.goto('/user/e2e.admin');
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  // The address works on its own too (a user name with a dot is a page, not a missing file).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'e2e.admin', exact: true })).toBeVisible();
});
