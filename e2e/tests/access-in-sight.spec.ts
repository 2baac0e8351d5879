/**
 * Issue 22, items 1–3: nothing lost silently on the access tabs.
 * - Another licence's projects: the Projects tab opens on the user's own licence (also after a
 *   reload), the licence select counts the user's projects per licence, giving projects of
 *   another licence asks first and needs ACCESS_OTHER_PROJECTS: without it those projects
 *   cannot be ticked and say why (issue 36 item 15).
 * - Roles nobody could see: a role held without its product licence is listed, flagged with
 *   the way to fix it, removable; saving other roles works; a group started from the user
 *   copies what it can and says what it leaves out.
 * - Effective access in sight: 'Direct' / 'User Group: {name}' beside each held role, the
 *   'Assigned only / All roles' filter and a Save that stays in view, on users, groups and keys.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, stateFile } from './support';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();

/** The demo super administrator's API, for the data a test makes. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const get = async <T>(path: string) => {
    const answer = await request.get(`/api/${path}`, { headers });
    expect(answer.ok(), path).toBe(true);
    return (await answer.json()) as T;
  };
  const send = async <T>(method: 'post' | 'put', path: string, data: unknown) => {
    const answer = await request[method](`/api/${path}`, { headers, data });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  const licenses = await get<{ licenseId: number; name: string }[]>('license');
  const licenseId = (name: string) => licenses.find((license) => license.name === name)!.licenseId;
  const catalogue = await get<{ roles: { roleId: number; name: string }[] }[]>('roles');
  const roleId = (name: string) => catalogue.flatMap((group) => group.roles).find((role) => role.name === name)!.roleId;
  /** A Northwind user of the test's own (named to sort after everyone else) with SiteSense and Northwind Tower A. */
  const makeUser = async (name: string) => {
    await send('post', `users/${name}`, {
      userName: name,
      firstName: 'Access',
      lastName: name,
      email: `${name}@access.example`,
      licenseId: licenseId('Northwind Construction'),
    });
    await send('put', `users/${name}/addons`, [{ addOnId: 1 }]);
    const tree = await get<{ projectId: number; name: string; children: unknown[] }[]>(`users/${name}/projects`);
    const towerA = tree.find((project) => project.name === 'Northwind Tower A')!.projectId;
    await send('post', `users/${name}/projects`, { licenseId: licenseId('Northwind Construction'), projectIds: [towerA] });
    return (await get<{ userId: number }>(`users/${name}`)).userId;
  };
  return { get, send, licenseId, roleId, makeUser };
}

test.describe('another licence’s projects, as a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('the tab opens on the user’s own licence, counts projects per licence, and asks before giving another licence’s', async ({ page, request }) => {
    const api = await adminApi(request);
    const name = `zz.otherlic.${Date.now()}`;
    const userId = await api.makeUser(name);
    const northwind = String(api.licenseId('Northwind Construction'));
    const oldMill = String(api.licenseId('Old Mill Renovation'));

    await page.goto(`/users/${name}/view#projects`);
    const license = page.getByRole('combobox', { name: 'License' });
    await expect(license).toHaveValue(northwind);
    await expect(license.locator('option:checked')).toHaveText('Northwind Construction (1)');
    await expect(license.locator(`option[value="${oldMill}"]`)).toHaveText('Old Mill Renovation (0)');
    await expect(page.getByRole('checkbox', { name: /Northwind Tower A/ })).toBeChecked();

    // Another licence: said in sight, and that the user lacks the role it needs.
    await license.selectOption(oldMill);
    await expect(
      page.getByRole('alert').filter({ hasText: "You are looking at Old Mill Renovation, not the user's own license (Northwind Construction)." }),
    ).toContainText(`${name} does not hold Access Other Projects (ACCESS_OTHER_PROJECTS)`);
    // Issue 36 item 15: what cannot be given cannot be ticked, and says why beside it; nothing offers a save that would fail.
    const phase1 = page.getByRole('checkbox', { name: /Old Mill Phase 1/ });
    await expect(phase1).toBeDisabled();
    await expect(page.getByRole('treeitem', { name: /Old Mill Phase 1/ })).toContainText('Needs Access Other Projects');
    await expect(page.getByRole('checkbox', { name: 'Select All Projects' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save projects' })).toBeDisabled();
    await expectAccessible(page, 'another licence’s projects the user cannot be given');
    expect(
      (await api.get<{ projectCount: number; licenseId: number }[]>(`users/${name}/projectLicenses`)).find((row) => String(row.licenseId) === oldMill)!
        .projectCount,
    ).toBe(0);

    // With the role, the projects can be ticked; saving asks first, then goes through; the count follows.
    await api.send('post', 'updateRoles', { userId, roleIds: [api.roleId('ACCESS_OTHER_PROJECTS')] });
    await page.reload();
    await expect(license).toHaveValue(northwind);
    await license.selectOption(oldMill);
    await expect(page.getByRole('status').filter({ hasText: 'You are looking at Old Mill Renovation' })).toBeVisible();
    await expect(page.getByRole('treeitem', { name: /Old Mill Phase 1/ })).not.toContainText('Needs Access Other Projects');
    await phase1.check();
    await page.getByRole('button', { name: 'Save projects' }).click();
    const confirm = page.getByRole('dialog', { name: 'Give projects of Old Mill Renovation?' });
    await expect(confirm).toContainText(
      `${name}'s own license is Northwind Construction. Saving gives them Old Mill Phase 1 of Old Mill Renovation, another license`,
    );
    await expectAccessible(page, 'the confirmation of another licence’s projects');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Save projects' }).click();
    await confirm.getByRole('button', { name: 'Give these projects' }).click();
    await expect(toast(page, 'Projects updated.')).toBeVisible();
    await expect(license.locator(`option[value="${oldMill}"]`)).toHaveText('Old Mill Renovation (1)');
    await expectAccessible(page, 'another licence’s projects');

    // Without the role again, a project held there can still be removed (and only removed).
    await api.send('post', 'updateRoles', { userId, roleIds: [] });
    await page.reload();
    await license.selectOption(oldMill);
    await expect(phase1).toBeEnabled();
    await expect(phase1).toBeChecked();
    await phase1.uncheck();
    await page.getByRole('button', { name: 'Save projects' }).click();
    await expect(toast(page, 'Projects updated.')).toBeVisible();
    await expect(license.locator(`option[value="${oldMill}"]`)).toHaveText('Old Mill Renovation (0)');
    await expect(phase1).toBeDisabled();

    // After a reload the tab opens on the user's own licence, their own projects untouched (issue 22: they looked lost).
    await page.reload();
    await expect(license).toHaveValue(northwind);
    await expect(license.locator('option:checked')).toHaveText('Northwind Construction (1)');
    await expect(page.getByRole('checkbox', { name: /Northwind Tower A/ })).toBeChecked();
    await expect(page.getByRole('alert').filter({ hasText: 'You are looking at' })).toHaveCount(0);
  });
});

test.describe('roles in sight, as a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  /**
   * A Northwind user of the test's own with SiteSense and Workforce: Mobile Worker Tool and
   * View Status directly, View Construction directly and through a group of the test's own.
   */
  async function userWithRoles(request: APIRequestContext, tag: string) {
    const api = await adminApi(request);
    const name = `zz.roles.${tag}`;
    const userId = await api.makeUser(name);
    await api.send('put', `users/${name}/addons`, [{ addOnId: 1 }, { addOnId: 4 }]);
    const group = await api.send<{ userGroupId: number; name: string }>('post', 'userGroup/create', {
      LicenseId: api.licenseId('Northwind Construction'),
      Name: `E2E Crew ${tag}`,
      RoleIds: [],
      ProjectIds: [],
      AddOnIds: [1],
    });
    await api.send('post', 'updateRoles', { userId, roleIds: [api.roleId('MOBILE_WORKER_TOOL'), api.roleId('VIEW_STATUS'), api.roleId('VIEW_CONSTRUCTION')] });
    await api.send('post', 'userGroup/update/users', { userGroupId: group.userGroupId, userIds: [userId] });
    await api.send('post', 'userGroup/update/roles', { userGroupId: group.userGroupId, roleIds: [api.roleId('VIEW_CONSTRUCTION')] });
    return { name, group, api };
  }

  test('a role held without its product licence is shown, flagged, removable; saving other roles works; a group from the user says what it leaves out', async ({
    page,
  }) => {
    // Seeded as the platform's own data may hold it (e2e/fixtures/users.ts, LEGACY_FIXTURE): Mobile Worker Tool without Workforce.
    const name = 'e2e.legacy';
    await page.goto(`/users/${name}/view#roles`);
    await expect(page.getByRole('alert').filter({ hasText: 'Roles held without their product license' })).toContainText('Mobile Worker Tool');
    await page.getByRole('searchbox', { name: 'Search roles' }).fill('Mobile');
    const mobile = page.getByRole('checkbox', { name: 'Mobile Worker Tool' });
    await expect(mobile).toBeChecked();
    await expect(mobile).toBeEnabled();
    await expect(mobile).toHaveAccessibleDescription('Needs the Workforce product license: assign it on the Product Licenses tab, or remove the role.');
    await expect(page.getByRole('group', { name: /Workforce/ })).toContainText('product license missing');
    await expectAccessible(page, 'a role without its product licence');

    // Saving another role does not fail on it.
    await page.getByRole('searchbox', { name: 'Search roles' }).fill('View Map');
    await expect(page.getByRole('checkbox', { name: /^Select all in / })).toHaveCount(1);
    await page.getByRole('checkbox', { name: 'View Map', exact: true }).check();
    await page.getByRole('button', { name: 'Save roles' }).click();
    await expect(toast(page, 'Roles updated.')).toBeVisible();

    // A group from the user: what it leaves out is said before it is created.
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('link', { name: 'Create User Group' }).click();
    const leftOut = page.getByRole('status').filter({ hasText: `Not copied from ${name}` });
    await expect(leftOut).toContainText(`Mobile Worker Tool: ${name} holds it without the Workforce product license, so the group cannot give it.`);
    await expectAccessible(page, 'a group from a user, with what it leaves out');
    const groupName = `E2E from ${name}`;
    await page.getByRole('textbox', { name: /User Group Name/ }).fill(groupName);
    await page.getByRole('button', { name: 'Create user group' }).click();
    await expect(toast(page, 'User Group Created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.getByRole('radio', { name: 'Assigned only' }).check();
    await expect(page.getByRole('checkbox', { name: 'View Map', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'View Status', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Mobile Worker Tool' })).toHaveCount(0);

    // Back on the user: the flagged role is removed, and then it is gone.
    await page.goto(`/users/${name}/view#roles`);
    await page.getByRole('searchbox', { name: 'Search roles' }).fill('Mobile');
    // The list narrows after a pause: wait for it, or the click lands on a row that moves.
    await expect(page.getByRole('checkbox', { name: 'View Map', exact: true })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Mobile Worker Tool' }).uncheck();
    await page.getByRole('button', { name: 'Save roles' }).click();
    await expect(toast(page, 'Roles updated.')).toBeVisible();
    // The editor starts again from what the server saved (its search too).
    await page.getByRole('searchbox', { name: 'Search roles' }).fill('Mobile');
    await expect(page.getByText('No roles match.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Roles held without their product license' })).toHaveCount(0);
  });

  test('beside each held role why it is held, a filter Assigned only / All roles, and Save in view while the list scrolls — on users, groups and keys', async ({
    page,
    request,
  }) => {
    const { name, group, api } = await userWithRoles(request, `${Date.now()}.sight`);

    // ---- the user: Direct, User Group: {name}, both when both
    await page.goto(`/users/${name}/view#roles`);
    const row = (role: string) => page.getByRole('checkbox', { name: role, exact: true }).locator('xpath=ancestor::div[1]');
    await expect(row('View Status').getByText('Direct', { exact: true })).toBeVisible();
    await expect(row('View Construction').getByText('Direct', { exact: true })).toBeVisible();
    await expect(row('View Construction').getByText(`User Group: ${group.name}`, { exact: true })).toBeVisible();
    await expect(row('View Map').getByText(/^(Direct|User Group)/)).toHaveCount(0);

    // ---- Save stays in view while the long list scrolls
    const save = page.getByRole('button', { name: 'Save roles' });
    await page.getByRole('checkbox', { name: 'View Map', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Select all in Reports' }).scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await expect(page.getByText('1 unsaved change.')).toBeInViewport();
    await page.getByRole('checkbox', { name: 'View Map', exact: true }).uncheck();

    // ---- the filter: a labelled radio group
    const filter = page.getByRole('radiogroup', { name: 'Show' });
    await expect(filter.getByRole('radio', { name: 'All roles' })).toBeChecked();
    await filter.getByRole('radio', { name: 'Assigned only' }).check();
    await expect(page.getByRole('checkbox', { name: 'View Map', exact: true })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'View Status', exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Mobile Worker Tool' })).toBeVisible();
    // Roles the caller may not give stay disabled with the reason (the privilege ceiling).
    await filter.getByRole('radio', { name: 'All roles' }).check();
    await page.getByRole('searchbox', { name: 'Search roles' }).fill('Administer Reader');
    await expect(page.getByRole('checkbox', { name: /^Select all in / })).toHaveCount(1);
    await expect(page.getByRole('checkbox', { name: 'Administer Reader' })).toHaveAccessibleDescription(
      'An administrative role: only someone who holds it can give or remove it.',
    );
    await expectAccessible(page, 'the user’s roles tab');

    // ---- the group: its roles are its own (Direct), with the filter
    await page.goto(`/users/userGroup/${group.userGroupId}#roles`);
    await page.getByRole('radio', { name: 'Assigned only' }).check();
    await expect(row('View Construction').getByText('Direct', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'View Map', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save roles' })).toBeInViewport();
    await expectAccessible(page, 'the group’s roles tab');

    // ---- an API key: Power BI Export holds View Status and Report Progress
    const keys = await api.get<{ apiKeyId: number; name: string }[]>(`apikeys?licenseId=${api.licenseId('Northwind Construction')}`);
    const key = keys.find((k) => k.name === 'Power BI Export')!;
    await page.goto(`/apikeys/${key.apiKeyId}/view#roles`);
    await page.getByRole('radio', { name: 'Assigned only' }).check();
    await expect(page.getByRole('checkbox', { name: /^Select all in / })).toHaveCount(2);
    await expect(row('View Status').getByText('Direct', { exact: true })).toBeVisible();
    await expect(row('Report Progress').getByText('Direct', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the API key’s roles tab');
  });
});
