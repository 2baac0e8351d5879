/**
 * Sweeping changes (issue 22, items 4 and 8): every bulk group change of the user list — one
 * user too — is reviewed first (who gains and loses what); the Active and Locked badges of
 * users and the Active badge of API keys toggle at once and their toast offers Undo; removing
 * product licences says exactly what goes (which product licences, which roles) and asks;
 * 'Save product licenses' waits for a change; a super administrator chooses a new user's
 * licence (none preselected); the bulk bar's licence follows the list's licence filter.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, stateFile } from './support';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();

type Json = Record<string, unknown>;

/** The demo super administrator's API session, and what the tests' data needs of the catalogue. */
async function api(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'Northwind Construction')!.licenseId;
  const roleIds = new Map<string, number>();
  for (const group of (await (await request.get('/api/roles', { headers })).json()) as { roles: { roleId: number; name: string }[] }[]) {
    for (const role of group.roles) roleIds.set(role.name, role.roleId);
  }
  const call = async (method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const answer = await request[method](`/api/${path}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return (await answer.json()) as Json;
  };
  /** A Northwind user of the test's own holding `addons` (Sensors is unlimited there) and `roles` directly. */
  const user = async (name: string, addons: number[], roles: string[]) => {
    const made = await call('post', `users/${name}`, { userName: name, firstName: 'Sweep', lastName: name, email: `${name}@sweep.example`, licenseId });
    await call(
      'put',
      `users/${name}/addons`,
      addons.map((addOnId) => ({ addOnId })),
    );
    if (roles.length) await call('post', 'updateRoles', { userId: made.userId, roleIds: roles.map((role) => roleIds.get(role)!) });
    return made.userId as number;
  };
  const members = async (userGroupId: number) =>
    ((await (await request.get(`/api/userGroup/getAll?licenseId=${licenseId}`, { headers })).json()) as { userGroupId: number; userIds: number[] }[]).find(
      (g) => g.userGroupId === userGroupId,
    )!.userIds;
  return { headers, licenseId, roleIds, call, user, members };
}

const SENSORS = 6;
const MATERIAL_CONTROL = 2;

test.describe('as a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('one user’s group assignment and unassignment from all groups are reviewed first, and made only on Apply', async ({ page, request }) => {
    test.slow();
    const stamp = Date.now();
    const { call, user, members, licenseId, roleIds } = await api(request);
    const name = `zz.sweep.${stamp}`;
    const userId = await user(name, [SENSORS], ['VIEW_SENSOR_READINGS']);
    const group = await call('post', 'userGroup/create', {
      LicenseId: licenseId,
      Name: `Sweep ${stamp}`,
      RoleIds: [roleIds.get('CONFIGURE_SENSOR_ALERTS')],
      ProjectIds: [],
      AddOnIds: [SENSORS],
    });
    const groupId = group.userGroupId as number;

    await page.goto(`/users?q=${name}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('checkbox').check();
    const bar = page.getByRole('group', { name: 'User group assignment' });
    await expect(bar.getByText('1 selected')).toBeVisible();
    await bar.getByRole('combobox', { name: 'User group' }).selectOption({ label: `Sweep ${stamp} (0)` });

    // ---- assigning one user: the review says what they gain; Cancel changes nothing
    await bar.getByRole('button', { name: 'Assign to group' }).click();
    const review = page.getByRole('dialog', { name: 'Review the change' });
    await expect(review.getByText(`Adds 1 user to Sweep ${stamp}.`)).toBeVisible();
    await expect(review.getByRole('list', { name: 'Users affected' }).getByText(name, { exact: true })).toBeVisible();
    await expect(review.getByText('gains roles: Configure Sensor Alerts')).toBeVisible();
    await expectAccessible(page, 'the review of one user’s assignment');
    await review.getByRole('button', { name: 'Cancel' }).click();
    await expect(review).toBeHidden();
    expect(await members(groupId)).toEqual([]);
    await bar.getByRole('button', { name: 'Assign to group' }).click();
    await review.getByRole('button', { name: 'Apply the change' }).click();
    await expect(toast(page, `1 user added to Sweep ${stamp}.`)).toBeVisible();
    expect(await members(groupId)).toEqual([userId]);

    // ---- unassigning one user from all their groups: reviewed too, with what they lose
    await row.getByRole('checkbox').check();
    await bar.getByRole('combobox', { name: 'User group' }).selectOption({ label: 'Select a user group' });
    await bar.getByRole('button', { name: 'Unassign from all groups' }).click();
    await expect(review.getByText('Takes 1 user out of all their user groups.')).toBeVisible();
    await expect(review.getByText('loses roles: Configure Sensor Alerts')).toBeVisible();
    expect(await members(groupId)).toEqual([userId]);
    await expectAccessible(page, 'the review of one user’s unassignment');
    await review.getByRole('button', { name: 'Apply the change' }).click();
    await expect(toast(page, '1 user removed from their user groups.')).toBeVisible();
    expect(await members(groupId)).toEqual([]);
  });

  test('the Active and Locked badges toggle at once, and their toast offers Undo', async ({ page, request }) => {
    const { call, user } = await api(request);
    const name = `zz.badge.${Date.now()}`;
    await user(name, [SENSORS], []);
    await page.goto(`/users?q=${name}`);
    const row = page.getByRole('row').filter({ hasText: name });

    await row.getByRole('button', { name: 'Active', exact: true }).click();
    await expect(row.getByRole('button', { name: 'Inactive', exact: true })).toBeVisible();
    const deactivated = toast(page, `${name} deactivated.`);
    await expect(deactivated).toBeVisible();
    await expectAccessible(page, 'the toast with Undo');
    expect((await call('get', `users/${name}`)).isApproved).toBe(false);
    await deactivated.getByRole('button', { name: 'Undo' }).click();
    await expect(row.getByRole('button', { name: 'Active', exact: true })).toBeVisible();
    // The Undo's own toast offers no Undo again.
    await expect(toast(page, `${name} activated.`)).toBeVisible();
    await expect(toast(page, `${name} activated.`).getByRole('button', { name: 'Undo' })).toHaveCount(0);
    expect((await call('get', `users/${name}`)).isApproved).toBe(true);

    await row.getByRole('button', { name: 'Unlocked', exact: true }).click();
    await expect(row.getByRole('button', { name: 'Locked', exact: true })).toBeVisible();
    await toast(page, `${name} locked.`).getByRole('button', { name: 'Undo' }).click();
    await expect(row.getByRole('button', { name: 'Unlocked', exact: true })).toBeVisible();
    await expect(toast(page, `${name} unlocked.`)).toBeVisible();
    expect((await call('get', `users/${name}`)).isLockedOut).toBe(false);
  });

  test('the API key list’s Active badge toggles at once, and its toast offers Undo', async ({ page, request }) => {
    const { call, licenseId } = await api(request);
    const name = `Zz sweep key ${Date.now()}`;
    const made = await call('post', 'apikeys', { name, licenseId, isActive: true, allProjects: false });
    await page.goto(`/apikeys?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: 'Active', exact: true }).click();
    await expect(row.getByRole('button', { name: 'Inactive', exact: true })).toBeVisible();
    const deactivated = toast(page, 'API key deactivated.');
    await expect(deactivated).toBeVisible();
    // The key is refused at once, and told why.
    const refused = await request.get('/api/projects', { headers: { authorization: `ApiKey ${made.apiKey as string}` } });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ Message: 'This API key is inactive.' });
    await expectAccessible(page, 'the key list with the Undo toast');
    await deactivated.getByRole('button', { name: 'Undo' }).click();
    await expect(row.getByRole('button', { name: 'Active', exact: true })).toBeVisible();
    await expect(toast(page, 'API key activated.')).toBeVisible();
    expect((await call('get', `apikeys/${made.apiKeyId as number}`)).isActive).toBe(true);
  });

  test('removing product licences says exactly which product licences and roles go, and asks first', async ({ page, request }) => {
    const { call, user } = await api(request);
    const name = `zz.addons.${Date.now()}`;
    const userId = await user(name, [SENSORS, MATERIAL_CONTROL], ['VIEW_SENSOR_READINGS', 'POST_RECEIPT']);
    await page.goto(`/users/${name}/view#addons`);
    const save = page.getByRole('button', { name: 'Save product licenses' });
    // Nothing to save until something changes.
    await expect(save).toBeDisabled();
    await expect(page.getByText("Removing Product Licenses removes all of the user's roles.")).toBeVisible();

    await page.getByRole('checkbox', { name: 'Sensors', exact: true }).uncheck();
    await expect(save).toBeEnabled();
    const warning = page.getByRole('status').filter({ hasText: 'Saving removes' });
    await expect(warning).toContainText(`Saving removes ${name}'s product licenses Sensors.`);
    await expect(warning).toContainText(`With them go ${name}'s own roles: View Sensor Readings.`);
    await expectAccessible(page, 'the product licenses tab with what a save removes');
    await page.getByRole('checkbox', { name: 'Sensors', exact: true }).check();
    await expect(save).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Sensors', exact: true }).uncheck();

    await save.click();
    const ask = page.getByRole('dialog', { name: 'Remove product licenses?' });
    await expect(ask.getByText(`With them go ${name}'s own roles: View Sensor Readings.`)).toBeVisible();
    await expectAccessible(page, 'the question before removing product licenses');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(((await call('get', `users/${name}/addons`)).addons as { addOnId: number }[]).map((a) => a.addOnId).sort()).toEqual([MATERIAL_CONTROL, SENSORS]);

    await save.click();
    await ask.getByRole('button', { name: 'Remove product licenses' }).click();
    await expect(toast(page, 'Product Licenses updated.')).toBeVisible();
    expect(((await call('get', `users/${name}/addons`)).addons as { addOnId: number }[]).map((a) => a.addOnId)).toEqual([MATERIAL_CONTROL]);
    const held = (await call('get', `user/${userId}/roleInfo`)) as unknown as { roles: { name: string; appliedToUser: boolean }[] }[];
    expect(held.flatMap((group) => group.roles.filter((role) => role.appliedToUser).map((role) => role.name))).toEqual(['POST_RECEIPT']);
    await expect(save).toBeDisabled();
  });
});

test.describe('as a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('a new user’s licence is chosen, none preselected; without one the form says so', async ({ page, request }) => {
    const name = `zz.licensed.${Date.now()}`;
    await page.goto('/users/new');
    const license = page.getByRole('combobox', { name: 'License' });
    await expect(license).toHaveValue('');
    await expect(license.locator('option:checked')).toHaveText('Select a license');
    await page.getByRole('textbox', { name: 'Username' }).fill(name);
    await page.getByRole('textbox', { name: 'Email' }).fill(`${name}@example.test`);
    await page.getByRole('textbox', { name: 'First name' }).fill('Lena');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Licensed');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('Choose a license for the user.', { exact: true })).toBeVisible();
    await expect(license).toBeFocused();
    await expectAccessible(page, 'the new-user form asking for a license');
    await license.selectOption({ label: 'Northwind Construction' });
    await expect(page.getByText('Choose a license for the user.', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(toast(page, 'User created.')).toBeVisible();
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    const { call, licenseId } = await api(request);
    expect((await call('get', `users/${name}`)).licenseId).toBe(licenseId);
  });

  test('the bulk bar’s licence follows the list’s licence filter', async ({ page, request }) => {
    const { licenseId } = await api(request);
    await page.goto('/users');
    const bar = page.getByRole('group', { name: 'User group assignment' });
    const barLicense = bar.getByRole('combobox', { name: 'License' });
    await expect(barLicense).toHaveValue('');
    await expect(bar.getByRole('combobox', { name: 'User group' })).toBeDisabled();
    // The list's own licence select is the other one, in the list's toolbar under the bar (drawn
    // with the table, which loads when first shown: wait for both).
    await expect(page.getByRole('combobox', { name: 'License' })).toHaveCount(2);
    const listLicense = page.getByRole('combobox', { name: 'License' }).last();
    await listLicense.selectOption({ label: 'Northwind Construction' });
    await expect(page).toHaveURL(new RegExp(`[?&]licenseId=${licenseId}`));
    await expect(barLicense).toHaveValue(String(licenseId));
    await expect(bar.getByRole('combobox', { name: 'User group' }).getByRole('option', { name: /^Site Supervisors \(\d+\)$/ })).toHaveCount(1);
    await listLicense.selectOption({ label: 'Harbour Bridge JV' });
    await expect(bar.getByRole('combobox', { name: 'User group' }).getByRole('option', { name: /^Bridge Engineers \(\d+\)$/ })).toHaveCount(1);
    // Opened with the filter in the address, the bar starts on it.
    await page.goto(`/users?licenseId=${licenseId}`);
    await expect(barLicense).toHaveValue(String(licenseId));
    await expectAccessible(page, 'the user list filtered by licence, with the bulk bar on it');
  });
});
