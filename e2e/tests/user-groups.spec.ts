/**
 * User groups end to end, as a licence administrator of Northwind: the Users page's group
 * tab, a new group with the spec's messages, members found by search, product licences and
 * roles previewed before they reach the members, the members' own role tab showing them as the
 * group's, and a group started from a user.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, stateFile } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();

/**
 * Two Northwind users of the test's own, holding SiteSense, made through the API (as the
 * demo super administrator): the test changes its members' product licences and roles, so
 * it can run again on the same database. Named to sort after everyone else.
 */
async function makeMembers(request: APIRequestContext, tag: string): Promise<[string, string]> {
  const login = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'Northwind Construction')!.licenseId;
  const names: [string, string] = [`zz.crew.${tag}.a`, `zz.crew.${tag}.b`];
  for (const name of names) {
    const made = await request.post(`/api/users/${name}`, {
      headers,
      data: { userName: name, firstName: 'Crew', lastName: name, email: `${name}@crew.example`, company: 'Crew Co', licenseId },
    });
    expect(made.ok()).toBe(true);
    expect((await request.put(`/api/users/${name}/addons`, { headers, data: [{ addOnId: 1 }] })).ok()).toBe(true);
  }
  return names;
}

/** Saves on the current tab, reviews the preview naming `users`, and applies it. */
async function applyWithPreview(page: Page, save: string, users: string[]) {
  await page.getByRole('button', { name: save }).click();
  const dialog = page.getByRole('dialog', { name: 'Review the change' });
  // The preview has arrived (Apply is enabled then), whether or not it names anyone.
  await expect(dialog.getByRole('button', { name: 'Apply the change' })).toBeEnabled();
  for (const user of users) await expect(dialog.getByRole('list', { name: 'Users affected' }).getByText(user, { exact: true })).toBeVisible();
  await expectAccessible(page, 'the change preview');
  await dialog.getByRole('button', { name: 'Apply the change' }).click();
  await expect(toast(page, 'User Group Updated')).toBeVisible();
}

test('create a group, give it members, a product license and a role that reach the members at once', async ({ page, request }) => {
  test.slow();
  const stamp = Date.now();
  const name = `E2E crew ${stamp}`;
  const [first, second] = await makeMembers(request, String(stamp));

  // ---- the group list, on the Users page
  await page.goto('/users');
  await page.getByRole('tab', { name: 'User Groups' }).click();
  await expect(page).toHaveURL(/#groups$/);
  const groups = page.getByRole('table', { name: 'User groups' });
  await expect(groups.getByRole('row', { name: /Site Supervisors/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter user groups' }).fill('warehouse');
  await expect(groups.getByRole('row', { name: /Site Supervisors/ })).toHaveCount(0);
  await expect(groups.getByRole('row', { name: /Warehouse Team/ })).toBeVisible();
  await expectAccessible(page, 'the user group list');

  // ---- new: the name is required, unique in the licence, and save waits for it
  await page.getByRole('link', { name: 'New User Group' }).click();
  await expect(page).toHaveURL(/\/userGroups\/new$/);
  const create = page.getByRole('button', { name: 'Create user group' });
  await expect(create).toBeDisabled();
  const nameField = page.getByRole('textbox', { name: /User Group Name/ });
  await nameField.fill('  ');
  await nameField.blur();
  await expect(page.getByText('User Group Name is required.')).toBeVisible();
  await nameField.fill('warehouse team');
  await create.click();
  await expect(page.getByText('User Group Name already exists.')).toBeVisible();
  await nameField.fill(`  ${name}  `);
  await create.click();
  await expect(toast(page, 'User Group Created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/users\/userGroup\/.+\/\d+\/view/);

  // ---- members: found by name, e-mail or company, only of the group's licence; two at once are previewed
  await page.getByRole('searchbox', { name: 'Find users to add' }).fill(`${first}@crew`);
  await page.getByRole('button', { name: `Add ${first}`, exact: true }).click();
  await page.getByRole('searchbox', { name: 'Find users to add' }).fill(second);
  await page.getByRole('button', { name: `Add ${second}`, exact: true }).click();
  await expect(page.getByRole('list', { name: 'Members' }).getByText(first)).toBeVisible();
  await expectAccessible(page, 'the group details with members');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Joining a group that gives nothing changes nobody's access: the preview says so.
  await expect(page.getByText("No user's roles, projects or product licenses change.")).toBeVisible();
  await page.getByRole('button', { name: 'Apply the change' }).click();
  await expect(toast(page, 'User Group Updated')).toBeVisible();
  await expect(page.getByText('2 members')).toBeVisible();

  // ---- no product licence, no roles to give
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page.getByText('Assign a Product to modify roles.')).toBeVisible();

  // ---- product licences: the preview names the members and the seats
  await page.getByRole('tab', { name: 'Product Licenses' }).click();
  await page.getByRole('checkbox', { name: 'Sensors' }).check();
  await page.getByRole('button', { name: 'Save product licenses' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review the change' });
  await expect(dialog.getByText('gains product licenses: Sensors').first()).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Seats' }).getByRole('row', { name: /Sensors/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply the change' }).click();
  await expect(toast(page, 'User Group Updated')).toBeVisible();

  // ---- roles: those of the group's products; given to both members
  await page.getByRole('tab', { name: 'Product Licenses' }).click();
  await page.getByRole('checkbox', { name: 'SiteSense' }).check();
  // Both hold SiteSense already: the preview says nobody changes.
  await applyWithPreview(page, 'Save product licenses', []);
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('searchbox', { name: 'Search roles' }).fill('administer workflow');
  // The list narrows after a pause: wait for it, or the click lands on a row that moves.
  await expect(page.getByRole('checkbox', { name: /^Select all in / })).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Administer Workflow', exact: true }).check();
  await applyWithPreview(page, 'Save roles', [first, second]);

  // ---- a member's own roles tab shows the role as the group's: ticked, disabled, badged
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('table', { name: 'Members' }).getByRole('link', { name: first }).click();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('searchbox', { name: 'Search roles' }).fill('administer workflow');
  // The list narrows after a pause: wait for it, or the click lands on a row that moves.
  await expect(page.getByRole('checkbox', { name: /^Select all in / })).toHaveCount(1);
  const role = page.getByRole('checkbox', { name: 'Administer Workflow', exact: true });
  await expect(role).toBeChecked();
  await expect(role).toBeDisabled();
  await expect(page.getByText(/^User Group: /).first()).toBeVisible();
});

test('a group started from a user copies their projects and/or roles, at least one of them', async ({ page }) => {
  const name = `E2E from user ${Date.now()}`;
  await page.goto('/user/alex.nguyen');
  await page.getByRole('link', { name: 'Create User Group' }).click();
  await expect(page).toHaveURL(/\/userGroups\/new\/alex\.nguyen$/);
  await page.getByRole('checkbox', { name: 'Copy projects' }).uncheck();
  await page.getByRole('checkbox', { name: 'Copy roles and product licenses' }).uncheck();
  await expect(page.getByText('Choose to copy the projects or the roles and product licenses, or both.')).toBeVisible();
  await page.getByRole('textbox', { name: /User Group Name/ }).fill(name);
  await expect(page.getByRole('button', { name: 'Create user group' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Copy projects' }).check();
  await page.getByRole('button', { name: 'Create user group' }).click();
  await expect(toast(page, 'User Group Created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('tab', { name: 'Projects' }).click();
  await expect(page.getByRole('tabpanel').getByRole('checkbox', { checked: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Product Licenses' }).click();
  await expect(page.getByRole('checkbox', { name: 'SiteSense' })).not.toBeChecked();
});
