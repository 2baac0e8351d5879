/**
 * Who may give what, as a licence administrator lives it: product roles are theirs to give;
 * an administrative role they do not hold is shown disabled with the reason, before any save.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, stateFile } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A Northwind user holding SiteSense and Material Control, made through the API by the demo super administrator. */
async function makeUser(request: APIRequestContext, name: string) {
  const login = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'Northwind Construction')!.licenseId;
  const made = await request.post(`/api/users/${name}`, {
    headers,
    data: { userName: name, firstName: 'Rita', lastName: 'Roles', email: `${name}@example.test`, licenseId },
  });
  expect(made.ok()).toBe(true);
  expect((await request.put(`/api/users/${name}/addons`, { headers, data: [{ addOnId: 1 }, { addOnId: 2 }] })).ok()).toBe(true);
}

test('a licence administrator gives a product role and sees the administrative roles they lack disabled, with the reason', async ({ page, request }) => {
  const name = `e2e.roles.${Date.now()}`;
  await makeUser(request, name);
  await page.goto(`/users/${name}/view#roles`);

  const search = page.getByRole('searchbox', { name: 'Search roles' });
  await search.fill('MC Inventory');
  // The list narrows after a pause: wait for it, or the click lands where the row was before it moved.
  await expect(page.getByRole('checkbox', { name: /^Select all in / })).toHaveCount(1);
  const inventory = page.getByRole('checkbox', { name: 'View MC Inventory' });
  await expect(inventory).toBeEnabled();
  await inventory.check();
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expect(toast(page, 'Roles updated.')).toBeVisible();
  await expect(inventory).toBeChecked();

  // An administrative role the licence administrator does not hold: disabled, badged, the reason in sight.
  await search.fill('Administer Reader');
  // The search has applied (it waits 250 ms after the last key).
  await expect(page.getByRole('checkbox', { name: 'Administer Site', exact: true })).toHaveCount(0);
  const reader = page.getByRole('checkbox', { name: 'Administer Reader' });
  await expect(reader).toBeDisabled();
  await expect(reader).toHaveAccessibleDescription('An administrative role: only someone who holds it can give or remove it.');
  await expect(page.getByText('An administrative role: only someone who holds it can give or remove it.')).toBeVisible();
  // One they hold stays theirs to give.
  await search.fill('Administer Project Read');
  await expect(page.getByRole('checkbox', { name: 'Administer Project Read' })).toBeEnabled();
  await search.fill('Access All Customer');
  await expect(page.getByText('Only a super administrator can give or remove this role.')).toBeVisible();
  await expectAccessible(page, 'the roles tab with roles the caller may not give');

  await page.reload();
  await search.fill('MC Inventory');
  await expect(page.getByRole('checkbox', { name: 'View MC Inventory' })).toBeChecked();
});
