/**
 * Import systems end to end (spec 1 §2 ImportsList, ImportsNew, ImportsView; §4 import creation;
 * §5 import validation), as the demo's licence administrator, who holds
 * ADMINISTER_IMPORT_SYSTEM_DETAILS: the list paged, searched, filtered and sorted on the server
 * with all of it in the URL and its CSV; the new form's messages, a name the project already has,
 * and a save that goes back to the list; the view edited in place; a phone's width. Each test
 * makes its own import systems, under names of its own (the suite runs in parallel on one demo
 * database).
 */
import fs from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, E2E_PASSWORD, signIn, stateFile, navEntry, openSection } from './support';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

interface ImportSystem {
  configId: number;
  displayName: string;
  projectId: number;
}

/** The demo licence administrator's API, for the data a test makes. */
async function licAdminApi(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { userName: 'licadmin', password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const projects = (await (await request.get('/api/projects?state=all', { headers })).json()) as { projectId: number; name: string }[];
  const projectId = (name: string) => projects.find((project) => project.name === name)!.projectId;
  const createImport = async (project: string, displayName: string, path = '/imports/e2e') => {
    const answer = await request.post(`/api/projects/${projectId(project)}/imports`, {
      headers,
      data: { displayName, path, description: `${displayName} for the e2e suite` },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as ImportSystem;
  };
  return { projectId, createImport };
}

/** The names in the list's Name column, in order. */
const names = (page: Page) => page.locator('tbody tr td:nth-child(2)').allTextContents();

/** Signs in as the demo licence administrator and opens `path`. */
async function openAsLicAdmin(page: Page, path: string) {
  await signIn(page, 'licadmin', DEMO_PASSWORD, `?returnTo=${encodeURIComponent(path)}`);
  // Signed in once the sign-in page is left (its own heading is a level-one heading too).
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('the list: from the header, searched, filtered by project, sorted and paged on the server, all in the URL, and its CSV', async ({ page, request }) => {
  const api = await licAdminApi(request);
  const tag = `E2E list ${stamp()}`;
  // 22 of the test's own: two pages of 20, the second in Tower B.
  const made: ImportSystem[] = [];
  for (let n = 1; n <= 22; n += 1)
    made.push(await api.createImport(n <= 20 ? 'Northwind Tower A' : 'Northwind Tower B', `${tag} ${String(n).padStart(2, '0')}`));

  await openAsLicAdmin(page, '/');
  await openSection(page, 'Imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  await expect(page.getByRole('columnheader').first()).toBeVisible();
  expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Project Id', 'Name', 'Path', 'Description', 'Active']);
  await expectAccessible(page, 'the import list');

  // ---- search: the server's; the page in the URL
  const search = page.getByRole('searchbox', { name: 'Search by name, path, description or project id' });
  await search.fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(tag).replace(/%20/g, '(\\+|%20)')}`));
  await expect(page.getByText('1–20 of 22')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=1/);
  await expect(page.getByText('21–22 of 22')).toBeVisible();
  await page.reload();
  await expect(page.getByText('21–22 of 22')).toBeVisible();
  await expect(search).toHaveValue(tag);

  // ---- sort by Name, descending: the server's order
  await page.getByRole('columnheader', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/[?&]sort=displayName/);
  await page.getByRole('columnheader', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/[?&]dir=desc/);
  await expect(page.getByRole('cell', { name: `${tag} 22`, exact: true })).toBeVisible();
  expect((await names(page)).slice(0, 3)).toEqual([`${tag} 22`, `${tag} 21`, `${tag} 20`]);

  // ---- the project filter: Tower B holds two of them
  await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Northwind Tower B' });
  await expect(page).toHaveURL(new RegExp(`[?&]projectId=${api.projectId('Northwind Tower B')}`));
  await expect(page.getByText('1–2 of 2')).toBeVisible();
  expect(await names(page)).toEqual([`${tag} 22`, `${tag} 21`]);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(String(api.projectId('Northwind Tower B')));
  await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'All projects' });
  await expect(page.getByText('1–20 of 22')).toBeVisible();

  // ---- Export CSV: every row the search selects, in the list's order
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const [header, ...rows] = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r\n/);
  expect(header).toBe('Project Id,Name,Path,Description,Active');
  expect(rows).toHaveLength(22);
  expect(rows[0]).toBe(`${api.projectId('Northwind Tower B')},${tag} 22,/imports/e2e,${tag} 22 for the e2e suite,Active`);
  expect(rows.map((row) => row.split(',')[1])).toEqual(made.map((system) => system.displayName).reverse());

  // ---- a row opens the import system
  await page.getByRole('cell', { name: `${tag} 05`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/imports/${made[4]!.configId}/view`));
  await expect(page.getByRole('heading', { level: 1, name: `${tag} 05` })).toBeVisible();
});

test('new: each message, a name the project already has, then saved and back on the list with it', async ({ page, request }) => {
  const api = await licAdminApi(request);
  const tag = `E2E new ${stamp()}`;
  const taken = await api.createImport('Northwind Tower A', `${tag} taken`, '/imports/e2e/taken');

  await openAsLicAdmin(page, '/imports');
  await page.getByRole('link', { name: 'Add Import System' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New import system' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');

  // ---- the spec's messages (§5), from the contract's schema
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('x');
  await name.fill('');
  await expect(page.getByText('Please enter a name for the import system.')).toBeVisible();
  const path = page.getByRole('combobox', { name: 'Path' });
  await path.fill('x');
  await path.fill('');
  await path.press('Tab');
  await expect(page.getByText('Please enter a path for the import system.')).toBeVisible();
  await expect(save).toBeDisabled();
  await expectAccessible(page, 'the new import form with its messages');

  // ---- the path suggests those in use; a new one is tagged
  await expect(page.locator('datalist option[value="/imports/e2e/taken"]')).toHaveCount(1);
  await path.fill('/imports/e2e/taken');
  await expect(page.getByText('New path')).toHaveCount(0);
  await path.fill(`/imports/e2e/${tag.replace(/\W+/g, '-')}`);
  await expect(page.getByText('New path')).toBeVisible();

  // ---- a name the project already has, in another case (one name to the people choosing): the server's 409 under Name
  await name.fill(taken.displayName.toUpperCase());
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Made by the e2e suite');
  await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Northwind Tower A' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Project already contains an import system with this name. Please select a different name.')).toBeVisible();
  await expect(name).toBeFocused();
  await expectAccessible(page, 'the new import form with the duplicate name');

  // ---- saved: the toast, and the list of its project shows it
  await name.fill(`${tag} made`);
  await expect(page.getByText('Project already contains an import system with this name. Please select a different name.')).toHaveCount(0);
  await save.click();
  await expect(toast(page, 'Import system saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/imports\\?projectId=${api.projectId('Northwind Tower A')}$`));
  await page.getByRole('searchbox').fill(tag);
  await expect(page.getByRole('cell', { name: `${tag} made`, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: taken.displayName, exact: true })).toBeVisible();

  // ---- ?projectId= presets the project; leaving a form typed in asks first
  await page.getByRole('link', { name: 'Add Import System' }).click();
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(String(api.projectId('Northwind Tower A')));
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Not kept');
  await page.getByRole('link', { name: 'Imports', exact: true }).first().click();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
});

test('view and edit in place: Cancel puts it back, Active off is saved and the list shows Inactive; History; not found', async ({ page, request }) => {
  const api = await licAdminApi(request);
  const tag = `E2E edit ${stamp()}`;
  const system = await api.createImport('Northwind Tower A', `${tag} one`);

  await openAsLicAdmin(page, `/imports/${system.configId}/view`);
  await expect(page.getByRole('heading', { level: 1, name: `${tag} one` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Project Id' })).toHaveValue(String(api.projectId('Northwind Tower A')));
  await expect(page.getByRole('textbox', { name: 'Project Id' })).not.toBeEditable();
  await expect(page.getByRole('switch', { name: 'Is Internal' })).toHaveAttribute('aria-checked', 'false');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expectAccessible(page, 'an import system');

  // ---- Cancel starts again from what is saved
  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  await description.fill('Changed, then cancelled');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(description).toHaveValue(`${tag} one for the e2e suite`);

  // ---- an empty name is the spec's message; Active off is saved
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
  await expect(page.getByText('Please enter a name for the import system.')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${tag} one`);
  await page.getByRole('switch', { name: 'Active' }).click();
  await save.click();
  await expect(toast(page, 'Import system saved.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'false');
  await expect(save).toBeDisabled();

  // ---- its History: the creation and the change
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'History' });
  await expect(
    history
      .getByRole('row')
      .filter({ hasText: `${tag} one` })
      .first(),
  ).toBeVisible();
  await expect(history).toContainText('active');
  await expectAccessible(page, 'an import system’s History');

  // ---- the list shows it Inactive
  await page.getByRole('link', { name: 'Imports', exact: true }).first().click();
  await page.getByRole('searchbox').fill(tag);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `${tag} one`, exact: true }) });
  await expect(row.getByText('Inactive')).toBeVisible();

  // ---- one that does not exist (or is another licence's)
  await page.goto('/imports/99999999/view');
  await expect(page.getByText('Import system not found')).toBeVisible();
});

test('at a phone’s width the import screens fit and have no accessibility violation', async ({ page, request }) => {
  const api = await licAdminApi(request);
  const system = await api.createImport('Northwind Tower A', `E2E phone ${stamp()}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAsLicAdmin(page, '/imports');
  for (const [path, heading] of [
    ['/imports', 'Imports'],
    ['/imports/new', 'New import system'],
    [`/imports/${system.configId}/view`, system.displayName],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
    expect(width.page, path).toBeLessThanOrEqual(width.phone);
    await expectAccessible(page, `${path} at 390 px`);
  }
});

test.describe('a licence administrator without ADMINISTER_IMPORT_SYSTEM_DETAILS', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('has no Imports or Integration link, and the screens are not theirs', async ({ page }) => {
    await page.goto('/');
    await expect(navEntry(page, 'Projects')).toHaveCount(1);
    await expect(navEntry(page, 'Imports')).toHaveCount(0);
    await expect(navEntry(page, 'Integration')).toHaveCount(0);
    await page.goto('/imports');
    await expect(page.getByText('Insufficient permissions to access the page.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toHaveCount(0);
  });
});

test.describe('an administrator of import systems only, with no project assigned', () => {
  test('is offered every project of their licence in the import screens’ project selects', async ({ page, request }) => {
    // Made through the API by the demo super administrator: the import role only, no project.
    const adminLogin = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
    const headers = { authorization: `Bearer ${((await adminLogin.json()) as { token: string }).token}` };
    const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
    const licenseId = licenses.find((license) => license.name === 'Northwind Construction')!.licenseId;
    const name = `zz.importer.${stamp()}`;
    const made = await request.post(`/api/users/${name}`, {
      headers,
      data: { userName: name, firstName: 'Import', lastName: 'Only', email: `${name}@example.test`, licenseId },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const userId = ((await made.json()) as { userId: number }).userId;
    const roles = (await (await request.get('/api/roles', { headers })).json()) as { roles: { roleId: number; name: string }[] }[];
    const roleId = roles.flatMap((group) => group.roles).find((role) => role.name === 'ADMINISTER_IMPORT_SYSTEM_DETAILS')!.roleId;
    // The base product licence first: a role needs its product licence.
    expect((await request.put(`/api/users/${name}/addons`, { headers, data: [{ addOnId: 1 }] })).ok()).toBe(true);
    const updated = await request.post('/api/updateRoles', { headers, data: { userId, roleIds: [roleId] } });
    expect(updated.ok(), await updated.text()).toBe(true);
    expect((await request.put(`/api/users/${name}/password`, { headers, data: { mode: 'manual', password: E2E_PASSWORD } })).ok()).toBe(true);
    // A password an administrator set is changed at the first sign-in: the user sets the same one.
    const own = await request.post('/api/login', { data: { userName: name, password: E2E_PASSWORD } });
    const ownHeaders = { authorization: `Bearer ${((await own.json()) as { token: string }).token}` };
    expect(
      (
        await request.put(`/api/users/${name}/password`, {
          headers: ownHeaders,
          data: { mode: 'manual', password: E2E_PASSWORD, currentPassword: E2E_PASSWORD },
        })
      ).ok(),
    ).toBe(true);

    await signIn(page, name, E2E_PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible();
    await page.goto('/imports');
    const filter = page.getByRole('combobox', { name: 'Project' });
    await expect(filter.getByRole('option', { name: 'Northwind Tower A' })).toHaveCount(1);
    await expect(filter.getByRole('option', { name: 'Northwind Tower B' })).toHaveCount(1);
    // Nothing of another licence's.
    await expect(filter.getByRole('option', { name: /Harbour/ })).toHaveCount(0);

    await page.goto('/imports/new');
    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Northwind Tower B' });
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(/^\d+$/);
    await expectAccessible(page, 'the new import system form of an import-only administrator');
  });
});
