/**
 * SCIM (issue 39) on the licence view: a licence administrator opens 'Directory (SCIM)' and reads
 * the base URL of this console, the link to make the API key, the attribute mapping and what
 * deprovisioning does; at a phone's width it reads the same without sideways scrolling.
 */
import { expect, expectAccessible, test } from './test';
import { stateFile } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

test('the licence view says how to connect a directory through SCIM', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'License', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Construction' })).toBeVisible();
  await page.getByRole('tab', { name: 'Directory (SCIM)' }).click();
  await expect(page).toHaveURL(/#directory$/);
  await expect(page.getByRole('heading', { name: 'Connect your directory' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /SCIM base URL/ })).toHaveValue(`${new URL(baseURL!).origin}/api/scim/v2`);
  const mapping = page.getByRole('table', { name: 'SCIM attributes and the user fields they set' });
  await expect(mapping.getByRole('row', { name: /name\.givenName First name/ })).toBeVisible();
  await expect(mapping.getByRole('row', { name: /title Position/ })).toBeVisible();
  await expect(page.getByText(/deleting the user, deactivates the account at once and ends its sessions/)).toBeVisible();
  await expectAccessible(page, 'the Directory (SCIM) tab');

  await page.getByRole('link', { name: 'Create an API key' }).click();
  await expect(page).toHaveURL(/\/apikeys\/new$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Connect your directory' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'the Directory (SCIM) tab at 390 px');
});
