/**
 * The project screens (spec 1 §2: new project, ProjectView): the new project form with its
 * messages; the view's tabs in the spec's order, Info with the edit modal, deactivation after
 * the warning and activation, the History; Document Numbering with only changed rows sent and
 * the conflict dialog when two administrators change the same number; the Copy tab's import
 * systems; the workflow tabs mounted from remote-workflows, failing alone when it is down; a
 * licence administrator's read-only view and another licence's project as not found; the view
 * at 390 px. Data a test changes is its own (made through the API in SiteSense Internal, so the
 * project list's Northwind counts stay as they are), or a document type no other test touches.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, signIn, stateFile } from './support';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();

type Headers = { authorization: string };

const TABS = [
  'Sites',
  'Project Config',
  'Resource Properties Config',
  'Info',
  'Copy',
  'Resource Workflows Config',
  'Resource Preservation Config',
  'Document Numbering',
  'History',
];

/** The super administrator of the demo data, through the API. */
async function asAdmin(request: APIRequestContext): Promise<Headers> {
  const login = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function licenseIdOf(request: APIRequestContext, headers: Headers, name: string): Promise<number> {
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const found = licenses.find((license) => license.name === name);
  expect(found, `the licence ${name}`).toBeDefined();
  return found!.licenseId;
}

async function projectIdOf(request: APIRequestContext, headers: Headers, name: string): Promise<number> {
  const projects = (await (await request.get('/api/projects?state=all', { headers })).json()) as { projectId: number; name: string }[];
  const found = projects.find((project) => project.name === name);
  expect(found, `the project ${name}`).toBeDefined();
  return found!.projectId;
}

/** A project of the test's own in SiteSense Internal (unlimited projects; no other spec counts them). */
async function makeProject(request: APIRequestContext, headers: Headers, name: string): Promise<number> {
  const licenseId = await licenseIdOf(request, headers, 'SiteSense Internal');
  const made = await request.post('/api/project', { headers, data: { name, description: `Made by the e2e suite (${name}).`, licenseId } });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { projectId: number }).projectId;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The value of one of the Info tab's fields. */
const infoField = (page: Page, label: string) =>
  page
    .getByRole('tabpanel')
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test(
    'adds a project (the form’s messages, a taken name on its field), lands on its Info, edits it, ' +
      'deactivates it after the warning and activates it again',
    async ({ page, request }) => {
      const headers = await asAdmin(request);
      const internal = await licenseIdOf(request, headers, 'SiteSense Internal');
      const name = `Quay Works ${unique()}`;

      await page.goto('/projects');
      await page.getByRole('link', { name: 'Add Project' }).click();
      await expect(page).toHaveURL(/\/projects\/new$/);
      await expect(page.getByRole('heading', { level: 1, name: 'New project' })).toBeVisible();
      const save = page.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();

      // ---- the spec's messages, under their fields
      const nameField = page.getByRole('textbox', { name: 'Project Name' });
      const description = page.getByRole('textbox', { name: 'Description' });
      await nameField.fill('Quay');
      await nameField.fill('Qu');
      await nameField.blur();
      await expect(page.getByText('Project Name must be at least 4 characters.')).toBeVisible();
      await nameField.fill('');
      await nameField.blur();
      await expect(page.getByText('Please enter a project name.')).toBeVisible();
      await description.fill('x');
      await description.fill('');
      await description.blur();
      await expect(page.getByText('Please enter a description.')).toBeVisible();
      await expect(save).toBeDisabled();
      await expectAccessible(page, 'the new project form with its messages');

      // ---- the licence: no licence is chosen for a super administrator, the spec's placeholder is, and a choice is required
      const license = page.getByRole('combobox', { name: 'License' });
      await expect(license).toHaveValue('');
      await expect(license.locator('option:checked')).toHaveText('Select an option...');
      await nameField.fill('Quay licence check');
      await description.fill('Everything but the licence.');
      await expect(save).toBeDisabled();
      // Back to the placeholder after a choice: the field says it is required.
      await license.selectOption({ label: 'SiteSense Internal' });
      await license.selectOption('');
      await license.focus();
      await license.blur();
      await expect(license).toHaveAccessibleDescription('Please select a license.');
      await expect(save).toBeDisabled();
      // No licence, no environments or parents to offer yet.
      await expect(page.getByRole('combobox', { name: 'Environment' }).locator('option')).toHaveText(['Select an option...']);
      await expectAccessible(page, 'the new project form without a licence');
      await description.fill('');

      // ---- the licence first: its environments and projects are the choices
      await license.selectOption({ label: 'SiteSense Internal' });
      await expect(license).not.toHaveAccessibleDescription('Please select a license.');
      await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'UAT' });
      await page.getByRole('combobox', { name: 'Parent Project' }).selectOption({ label: 'Demo Sandbox' });
      await description.fill('A quay upgrade, made by the e2e suite.');

      // A name the licence has: the server's 409 lands on the field.
      await nameField.fill('Demo Sandbox');
      await save.click();
      await expect(page.getByText('The license already has a project with this name.')).toBeVisible();
      await expect(nameField).toBeFocused();

      await nameField.fill(name);
      await expect(save).toBeEnabled();
      // Leaving with what is typed asks first.
      await page.getByRole('link', { name: 'Projects', exact: true }).first().click();
      const leave = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
      await leave.getByRole('button', { name: 'Stay' }).click();
      await expect(page).toHaveURL(/\/projects\/new$/);
      await expect(nameField).toHaveValue(name);
      await save.click();
      await expect(toast(page, 'Project added')).toBeVisible();
      // The view opens on Sites, the spec's first tab, with the tab in the hash.
      await expect(page).toHaveURL(/\/projects\/\d+\/view#sites$/);
      const projectId = Number(/\/projects\/(\d+)\/view/.exec(page.url())![1]);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('tab')).toHaveText(TABS);
      await expect(page.getByRole('tab', { name: 'Sites', selected: true })).toBeVisible();
      await page.getByRole('tab', { name: 'Info' }).click();
      await expect(page).toHaveURL(/#info$/);
      await expect(infoField(page, 'Name')).toHaveText(name);
      await expect(infoField(page, 'Description')).toHaveText('A quay upgrade, made by the e2e suite.');
      await expect(infoField(page, 'Number of Users')).toHaveText('0');
      await expect(infoField(page, 'Active')).toHaveText('Yes');
      await expect(infoField(page, 'License Id')).toHaveText(String(internal));
      const stored = (await (await request.get(`/api/projects/${projectId}`, { headers })).json()) as {
        licenseId: number;
        environmentId: number;
        parentProjectId: number;
      };
      expect(stored.licenseId).toBe(internal);
      expect(stored.parentProjectId).toBe(await projectIdOf(request, headers, 'Demo Sandbox'));
      expect(stored.environmentId).not.toBeNull();
      await expectAccessible(page, 'the new project’s Info');

      // ---- the edit modal: the name
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${name}` });
      await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
      await edit.getByRole('textbox', { name: 'Project Name' }).fill(`${name} East`);
      await expectAccessible(page, 'the project modal');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Project info saved')).toBeVisible();
      await expect(edit).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: `${name} East` })).toBeVisible();
      await expect(infoField(page, 'Name')).toHaveText(`${name} East`);

      // ---- deactivate from the header's actions menu (no large button beside Edit): the warning first
      await expect(page.getByRole('button', { name: 'Deactivate', exact: true })).toHaveCount(0);
      const actions = page.getByRole('button', { name: 'Actions' });
      await expect(actions).toHaveAttribute('aria-haspopup', 'menu');
      // By keyboard: the menu opens on its item, Escape closes it and gives the focus back.
      await actions.focus();
      await page.keyboard.press('Enter');
      const deactivate = page.getByRole('menu', { name: 'Actions' }).getByRole('menuitem', { name: 'Deactivate project' });
      await expect(deactivate).toBeFocused();
      await expectAccessible(page, 'the project’s actions menu');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(actions).toBeFocused();
      await actions.click();
      await deactivate.click();
      const question = page.getByRole('dialog', { name: `Deactivate ${name} East?` });
      await expect(question).toContainText('Deactivating this project removes all assigned users and API keys. This is not reversible.');
      await expectAccessible(page, 'the deactivation warning');
      await question.getByRole('button', { name: 'Deactivate' }).click();
      await expect(toast(page, 'Project deactivated')).toBeVisible();
      await expect(question).toHaveCount(0);
      // Inactive: Activate is a plain button, and the menu is gone.
      await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();
      await expect(actions).toHaveCount(0);
      // An inactive project takes no new sites: the Sites tab offers no Add and says why.
      await page.getByRole('tab', { name: 'Sites' }).click();
      await expect(page.getByText('Sites cannot be added to an inactive project.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Manually Add Site' })).toHaveCount(0);
      await page.getByRole('tab', { name: 'Info' }).click();
      await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
      await expect(infoField(page, 'Active')).toHaveText('No');

      // The History lists the deactivation, then the rename, then the creation.
      await page.getByRole('tab', { name: 'History' }).click();
      await expect(page).toHaveURL(/#history$/);
      const history = page.getByRole('table', { name: 'History' });
      await expect(history.getByRole('row').nth(1)).toContainText(`PUT /api/projects/${projectId}/deactivate`);
      // In words (issue 36 item 16): what it did, the field as the screen names it, Yes and No.
      await expect(history.getByRole('row').nth(1)).toContainText('Deactivated project');
      await expect(history.getByRole('row').nth(1)).toContainText(/Active\s*from Yes →\s*to No/);
      await expect(history.getByRole('row').nth(2)).toContainText(`POST /api/project/${projectId}`);
      await expect(history.getByRole('row').nth(2)).toContainText(`from ${name} → to ${name} East`);
      await expectAccessible(page, 'the project’s History');

      // ---- activate again, from the modal
      await page.getByRole('tab', { name: 'Info' }).click();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const again = page.getByRole('dialog', { name: `Edit ${name} East` });
      await again.getByRole('button', { name: 'Activate' }).click();
      await expect(toast(page, 'Project activated')).toBeVisible();
      await expect(again.getByRole('button', { name: 'Deactivate' })).toBeVisible();
      await again.getByRole('button', { name: 'Cancel' }).click();
      await expect(again).toHaveCount(0);
      await expect(page.getByText('Inactive', { exact: true })).toHaveCount(0);
      await expect(infoField(page, 'Active')).toHaveText('Yes');
    },
  );

  test('saves a changed next number: only that row is sent, the toast, and the number read again', async ({ page, request }) => {
    const headers = await asAdmin(request);
    const projectId = await projectIdOf(request, headers, 'Demo Sandbox');
    await page.goto(`/projects/${projectId}/view#numbering`);
    await expect(page.getByRole('tab', { name: 'Document Numbering', selected: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Document numbering' });
    await expect(table.getByRole('columnheader')).toHaveText(['Document Type', 'Prefix', 'Next Number']);
    const transfer = page.getByRole('textbox', { name: 'Next Number for Transfer' });
    const before = Number(await transfer.inputValue());
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    await transfer.fill('-1');
    await expect(page.getByText('A next number is a whole number from 0.')).toBeVisible();
    await expect(save).toBeDisabled();
    await transfer.fill(String(before + 7));
    await expect(save).toBeEnabled();
    const [update] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/api/${projectId}/CentralLogin/autonumbering/update`)), save.click()]);
    // The answer has a row per row sent: only Transfer, with the number read.
    expect(await update.json()).toEqual([
      { resourceType: 'Transfer', expectedNextNumber: before, newNextNumber: before + 7, actualNextNumber: before + 7, success: true },
    ]);
    await expect(toast(page, 'Document numbering updated.')).toBeVisible();
    await expect(save).toBeDisabled();
    await expectAccessible(page, 'the document numbering after a save');

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Next Number for Transfer' })).toHaveValue(String(before + 7));
    await page.getByRole('tab', { name: 'History' }).click();
    // This change's row (the conflict test beside it changes Receipt of the same project).
    const change = page.getByRole('table', { name: 'History' }).getByRole('row').filter({ hasText: 'Transfer' }).first();
    await expect(change).toContainText('Changed document numbering');
    await expect(change).toContainText(`from ${before} → to ${before + 7}`);
  });

  test('two administrators change the same next number: the second is told both numbers and the question, and Refresh shows the winner’s', async ({
    browser,
    request,
  }) => {
    const headers = await asAdmin(request);
    const projectId = await projectIdOf(request, headers, 'Demo Sandbox');
    const contexts = await Promise.all([
      browser.newContext({ storageState: stateFile('superAdmin') }),
      browser.newContext({ storageState: stateFile('superAdmin') }),
    ]);
    try {
      const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
      for (const admin of [first!, second!]) await admin.goto(`/projects/${projectId}/view#numbering`);
      const receipt = (admin: Page) => admin.getByRole('textbox', { name: 'Next Number for Receipt' });
      await expect(receipt(second!)).not.toHaveValue('');
      const start = Number(await receipt(first!).inputValue());
      await expect(receipt(second!)).toHaveValue(String(start));

      // Both read `start`; the first saves.
      await receipt(first!).fill(String(start + 10));
      await first!.getByRole('button', { name: 'Save' }).click();
      await expect(toast(first!, 'Document numbering updated.')).toBeVisible();

      // The second saves over a number that changed since they read it: nothing is overwritten.
      await receipt(second!).fill(String(start + 20));
      await second!.getByRole('button', { name: 'Save' }).click();
      const dialog = second!.getByRole('dialog', { name: 'Failed to update document numbering for the following document types:' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('columnheader')).toHaveText(['Document Type', 'New next number', 'Changed elsewhere to']);
      await expect(dialog.getByRole('row', { name: /Receipt/ }).getByRole('cell')).toHaveText([String(start + 20), String(start + 10)]);
      await expect(dialog).toContainText('Do you want to refresh document numberings?');
      await expect(toast(second!, 'Document numbering updated.')).toHaveCount(0);
      await expectAccessible(second!, 'the numbering conflict dialog');

      await dialog.getByRole('button', { name: 'Refresh' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(receipt(second!)).toHaveValue(String(start + 10));
      await expect(second!.getByRole('button', { name: 'Save' })).toBeDisabled();
      const stored = (await (await request.post(`/api/${projectId}/CentralLogin/autonumbering`, { headers })).json()) as { property: string; value: number }[];
      expect(stored.find((row) => row.property === 'Receipt')?.value).toBe(start + 10);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  test('a link whose hash names no tab opens on Sites and says so, nothing lost; the tab chosen is kept in the hash', async ({ page, request }) => {
    const headers = await asAdmin(request);
    const projectId = await projectIdOf(request, headers, 'Demo Sandbox');
    await page.goto(`/projects/${projectId}/view#settings`);
    await expect(page.getByRole('tab', { name: 'Sites', selected: true })).toBeVisible();
    await expect(page).toHaveURL(/#sites$/);
    await expect(page.getByText('This project has no tab called “settings”: it opens on Sites, its first tab.')).toBeVisible();
    await expect(page.getByText('Nothing is lost: every tab is still here, above.')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(TABS);
    await expectAccessible(page, 'the project view opened by an unknown tab');

    await page.getByRole('tab', { name: 'Copy' }).click();
    await expect(page).toHaveURL(/#copy$/);
    await expect(page.getByText(/has no tab called/)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Copy', selected: true })).toBeVisible();
    // No hash: Sites, and nothing to say.
    await page.goto(`/projects/${projectId}/view`);
    await expect(page.getByRole('tab', { name: 'Sites', selected: true })).toBeVisible();
    await expect(page.getByText(/has no tab called/)).toHaveCount(0);
  });

  test('the view and the new project page fit a phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const headers = await asAdmin(request);
    const projectId = await projectIdOf(request, headers, 'Demo Sandbox');
    const fits = async (label: string) => {
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
      expect(width.page, `${label} is no wider than the phone`).toBeLessThanOrEqual(width.phone);
      await expectAccessible(page, `${label} at 390 px`);
    };
    await page.goto(`/projects/${projectId}/view`);
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Sandbox' })).toBeVisible();
    // The actions menu opens within the phone's width.
    await page.getByRole('button', { name: 'Actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Deactivate project' })).toBeVisible();
    await fits('the project view with its actions menu open');
    await page.keyboard.press('Escape');
    for (const name of ['Sites', 'Info', 'Copy', 'Resource Workflows Config', 'Document Numbering', 'History']) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
      await fits(`the project view, tab ${name}`);
    }
    await page.goto('/projects/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New project' })).toBeVisible();
    await fits('the new project page');
  });
});

test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('opens a project from the list and reads it: no Add Project, no edit, numbering read-only; another licence’s project is not found', async ({
    page,
    request,
  }) => {
    await page.goto('/projects');
    const row = page.getByRole('cell', { name: 'Northwind Tower A', exact: true });
    await expect(row).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Project' })).toHaveCount(0);
    await row.click();
    await expect(page).toHaveURL(/\/projects\/\d+\/view#sites$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Tower A' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(TABS);
    await page.getByRole('tab', { name: 'Info' }).click();
    await expect(infoField(page, 'Name')).toHaveText('Northwind Tower A');
    await expect(infoField(page, 'Number of Users')).toHaveText(/^\d+$/);
    // License Id is for all-licence administrators; editing for whoever may update projects.
    await expect(infoField(page, 'License Id')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);
    await expectAccessible(page, 'a project’s Info, read-only');

    // The sites and the configs are there (sites.spec.ts and project-configs.spec.ts try them);
    // archived sites are for ADMINISTER_SITE, which this administrator does not hold.
    await page.getByRole('tab', { name: 'Sites' }).click();
    await expect(page.getByRole('searchbox', { name: 'Filter sites' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Show Archived Sites' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Project Config' }).click();
    await expect(page.getByRole('tab', { name: 'EnforceStorageLevels' })).toBeVisible();

    await page.getByRole('tab', { name: 'Document Numbering' }).click();
    const receipt = page.getByRole('table', { name: 'Document numbering' }).getByRole('row', { name: /^Receipt/ });
    await expect(receipt.getByRole('cell')).toHaveText(['RCV-', /^\d+$/]);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expectAccessible(page, 'the document numbering, read-only');

    // Another licence's project answers 404: not found.
    const harbour = await projectIdOf(request, await asAdmin(request), 'Harbour Bridge Deck');
    await page.goto(`/projects/${harbour}/view`);
    await expect(page.getByText('Project not found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Bridge Deck' })).toHaveCount(0);
  });

  test('the workflow tabs fail alone while remote-workflows is down, and show their part once it is up', async ({ page }) => {
    await page.route('**/remotes/workflows/**', (route) => route.abort());
    await page.goto('/projects');
    await page.getByRole('cell', { name: 'Northwind Tower A', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Tower A' })).toBeVisible();

    await page.getByRole('tab', { name: 'Resource Workflows Config' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('This part is unavailable right now.')).toBeVisible();
    await expect(panel.getByText('The workflow configuration could not be loaded. The rest of the page keeps working.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
    await panel.getByText('Technical details').click();
    await expect(panel.locator('details p')).not.toBeEmpty();
    await expectAccessible(page, 'the workflow tab’s fallback');
    await page.getByRole('tab', { name: 'Resource Preservation Config' }).click();
    await expect(panel.getByText('The preservation configuration could not be loaded. The rest of the page keeps working.')).toBeVisible();

    // The rest of the view works.
    await page.getByRole('tab', { name: 'Info' }).click();
    await expect(infoField(page, 'Name')).toHaveText('Northwind Tower A');
    await page.getByRole('tab', { name: 'Document Numbering' }).click();
    await expect(page.getByRole('table', { name: 'Document numbering' }).getByRole('row', { name: /^Receipt/ })).toBeVisible();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('table', { name: 'History' })).toBeVisible();

    // Opened again while still down, the tab tries again and fails again; once the section is
    // up, its Retry loads it and shows remote-workflows' part, with no reload.
    await page.getByRole('tab', { name: 'Resource Workflows Config' }).click();
    await expect(panel.getByText('The workflow configuration could not be loaded. The rest of the page keeps working.')).toBeVisible();
    await page.unroute('**/remotes/workflows/**');
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(panel.getByText('Each resource type of this project follows at most one workflow.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'ADD NEW' })).toBeVisible();
    await page.getByRole('tab', { name: 'Resource Preservation Config' }).click();
    await expect(panel.getByText('Each resource type of this project follows at most one preservation.')).toBeVisible();
    await expectAccessible(page, 'the preservation tab from remote-workflows');
  });
});

test.describe('an administrator of import systems', () => {
  // The demo's super administrator holds every role, the import system ones too.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('copies a project’s active import systems into another: one whose name is taken fails alone, as a warning, and copies under a new name', async ({
    page,
    request,
  }) => {
    const headers = await asAdmin(request);
    const tag = unique();
    const source = await makeProject(request, headers, `Copy Source ${tag}`);
    const target = await makeProject(request, headers, `Copy Target ${tag}`);
    for (const system of [
      { displayName: 'Gate Log', path: '/imports/gate', description: 'Gate entries.' },
      { displayName: 'Crane Hours', path: '/imports/crane', description: 'Crane hours per day.' },
      { displayName: 'Old Feed', path: '/imports/old', description: 'Retired.', active: false },
    ]) {
      const made = await request.post(`/api/projects/${source}/imports`, { headers, data: system });
      expect(made.status(), await made.text()).toBe(201);
    }
    expect(
      (await request.post(`/api/projects/${target}/imports`, { headers, data: { displayName: 'Crane Hours', path: '/imports/crane-own' } })).status(),
    ).toBe(201);

    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/projects/${target}/view#copy`);
    await expect(page.getByRole('heading', { level: 1, name: `Copy Target ${tag}` })).toBeVisible();
    await page.getByRole('combobox', { name: 'Copy from project' }).selectOption({ label: `Copy Source ${tag}` });

    // The three sections (configs: project-configs.spec.ts; sites: sites.spec.ts).
    const configs = page.getByRole('region', { name: 'Configs' });
    await expect(configs).toContainText('Copying a configuration will overwrite existing configuration of the same type.');
    await expect(configs.getByText(`Copy Source ${tag} has no configs.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Active sites' }).getByText(`Copy Source ${tag} has no active sites.`)).toBeVisible();
    const imports = page.getByRole('region', { name: 'Active import systems' });
    await expect(imports.getByRole('checkbox')).toHaveCount(2);
    await expect(imports.getByRole('checkbox', { name: 'Copy Old Feed' })).toHaveCount(0);
    await expectAccessible(page, 'the Copy tab');

    await imports.getByRole('checkbox', { name: 'Copy Gate Log' }).check();
    await imports.getByRole('checkbox', { name: 'Copy Crane Hours' }).check();
    await imports.getByRole('button', { name: 'Copy import systems' }).click();
    await expect(toast(page, 'Imports saved.')).toBeVisible();
    await expect(imports.getByText('Copied as Gate Log')).toBeVisible();
    const warning = imports.getByRole('alert').filter({ hasText: 'Not copied' });
    await expect(warning).toContainText('Crane Hours: Project already has an import system with that name. Please select a new name.');
    const craneName = imports.getByRole('textbox', { name: 'Name of the copy of Crane Hours' });
    await expect(craneName).toHaveAccessibleDescription('Project already has an import system with that name. Please select a new name.');
    await expectAccessible(page, 'a copy that failed alone');

    // An empty name is refused before any call; another name copies.
    await craneName.fill(' ');
    await imports.getByRole('button', { name: 'Copy import systems' }).click();
    await expect(imports.getByText('Please enter a display name for import system.')).toBeVisible();
    await craneName.fill('Crane Hours (source)');
    await imports.getByRole('button', { name: 'Copy import systems' }).click();
    await expect(imports.getByText('Copied as Crane Hours (source)')).toBeVisible();
    await expect(warning).toHaveCount(0);

    const copied = (await (await request.get(`/api/projects/${target}/imports`, { headers })).json()) as { displayName: string; path: string }[];
    expect(copied.map((system) => `${system.displayName} ${system.path}`).sort()).toEqual([
      'Crane Hours (source) /imports/crane',
      'Crane Hours /imports/crane-own',
      'Gate Log /imports/gate',
    ]);
  });
});
