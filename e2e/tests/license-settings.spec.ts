/**
 * The licence settings (spec 1: /license/:id/settings, tabs #configuration, #shortcuts and
 * #intelliwavesettings): a licence administrator of Northwind opens them from the licence view's
 * Settings, adds a basic and a dashboard report shortcut, reorders and deletes them; sees the
 * licence's configs and resource properties mounted from remote-projects-sites and saves one
 * edit through the mount; has no internal configuration (its URL opens Configuration) and finds
 * another licence's settings not found. A super administrator saves the internal configuration
 * (customer code, opportunity id, a project override) and sees it after a reload. Every test puts
 * back what it changed.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { sessionToken, stateFile } from './support';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();

interface Shortcut {
  id: number;
  reportName: string;
  type: string | null;
  order: number | null;
}

async function licenseIdOf(request: APIRequestContext, token: string, name: string): Promise<number> {
  const licenses = (await (await request.get('/api/license', { headers: bearer(token) })).json()) as { licenseId: number; name: string }[];
  const found = licenses.find((license) => license.name === name);
  expect(found, `the licence ${name}`).toBeDefined();
  return found!.licenseId;
}

async function shortcutsOf(request: APIRequestContext, token: string, licenseId: number): Promise<Shortcut[]> {
  const answer = await request.get(`/api/reports/${licenseId}/shortcuts`, { headers: bearer(token) });
  expect(answer.ok()).toBe(true);
  return answer.json();
}

/** Puts the licence's shortcuts back as they were: the ones added since are deleted, the others set again. */
async function restoreShortcuts(request: APIRequestContext, token: string, licenseId: number, before: Shortcut[]) {
  const assigned = (s: Shortcut) => s.type !== null || s.order !== null;
  const now = await shortcutsOf(request, token, licenseId);
  for (const shortcut of now.filter(assigned)) {
    if (!before.some((b) => b.id === shortcut.id && assigned(b)))
      await request.delete(`/api/reports/${licenseId}/shortcuts/${shortcut.id}`, { headers: bearer(token) });
  }
  const entries = before.filter(assigned).map((s) => (s.type !== null ? { id: s.id, type: s.type } : { id: s.id, order: s.order }));
  if (entries.length) expect((await request.put(`/api/reports/${licenseId}/shortcuts`, { headers: bearer(token), data: entries })).ok()).toBe(true);
}

/** The shortcuts table's rows as 'report kind order-or-type'. */
async function shortcutRows(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Report shortcuts' }).getByRole('row');
  const texts: string[] = [];
  for (const row of (await rows.all()).slice(1)) {
    const cells = await row.getByRole('cell').allTextContents();
    texts.push(cells.slice(0, 3).join(' '));
  }
  return texts;
}

test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('opens the settings from the licence view, adds a basic and a dashboard shortcut, reorders and deletes them', async ({ page, request }) => {
    await page.goto('/');
    const token = await sessionToken(page);
    const licenseId = await licenseIdOf(request, token, 'Northwind Construction');
    const before = await shortcutsOf(request, token, licenseId);
    try {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'License', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Northwind Construction' })).toBeVisible();
      await page.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(new RegExp(`/license/${licenseId}/settings#configuration$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Northwind Construction' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Configuration', selected: true })).toBeVisible();

      await page.getByRole('tab', { name: 'Report Shortcuts' }).click();
      await expect(page).toHaveURL(/#shortcuts$/);
      // The demo's: two basic shortcuts in their order, then the dashboard ones.
      await expect
        .poll(() => shortcutRows(page))
        .toEqual(['Progress Summary Basic 1', 'Earned Value Basic 2', 'Overdue Shipments Dashboard Shipments', 'Stock On Hand Dashboard Inventory']);
      await expectAccessible(page, 'the report shortcuts');

      // ---- a basic shortcut: the next order
      await page.getByRole('button', { name: 'Add shortcut' }).click();
      let dialog = page.getByRole('dialog', { name: 'Add shortcut' });
      await expect(dialog.getByRole('combobox', { name: 'Report' }).getByRole('option', { name: 'Progress Summary' })).toHaveCount(0);
      // Dashboard types another report has are not offered.
      const types = dialog.getByRole('combobox', { name: 'Type' });
      await expect(types.getByRole('option', { name: 'Inventory' })).toHaveCount(0);
      await expect(types.getByRole('option', { name: 'Shipments' })).toHaveCount(0);
      await expect(types.getByRole('option', { name: 'Tools' })).toHaveCount(1);
      await expectAccessible(page, 'the Add shortcut dialog');
      await dialog.getByRole('combobox', { name: 'Report' }).selectOption({ label: 'Hours By Trade' });
      await expect(types).toHaveValue('basic');
      await dialog.getByRole('button', { name: 'Add shortcut' }).click();
      await expect(toast(page, 'Shortcuts updated')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => shortcutRows(page)).toContain('Hours By Trade Basic 3');

      // ---- a dashboard shortcut: a type, no order
      await page.getByRole('button', { name: 'Add shortcut' }).click();
      dialog = page.getByRole('dialog', { name: 'Add shortcut' });
      await dialog.getByRole('combobox', { name: 'Report' }).selectOption({ label: 'Calibration Due' });
      await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Tools' });
      await dialog.getByRole('button', { name: 'Add shortcut' }).click();
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => shortcutRows(page)).toContain('Calibration Due Dashboard Tools');

      // ---- reorder by keyboard: saved at once, announced, focus kept on the moved row
      const up = page.getByRole('button', { name: 'Move up Hours By Trade' });
      await up.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Hours By Trade moved up, to position 2 of 3.' })).toBeAttached();
      await expect
        .poll(() => shortcutRows(page))
        .toEqual([
          'Progress Summary Basic 1',
          'Hours By Trade Basic 2',
          'Earned Value Basic 3',
          'Overdue Shipments Dashboard Shipments',
          'Stock On Hand Dashboard Inventory',
          'Calibration Due Dashboard Tools',
        ]);
      await expect(up).toBeFocused();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => shortcutRows(page).then((rows) => rows.slice(0, 3)))
        .toEqual(['Hours By Trade Basic 1', 'Progress Summary Basic 2', 'Earned Value Basic 3']);
      // First now: Move up does nothing more, so focus is on its Move down.
      await expect(up).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByRole('button', { name: 'Move down Hours By Trade' })).toBeFocused();
      expect((await shortcutsOf(request, token, licenseId)).filter((s) => s.order !== null).map((s) => [s.reportName, s.order])).toEqual([
        ['Hours By Trade', 1],
        ['Progress Summary', 2],
        ['Earned Value', 3],
      ]);

      // ---- delete, after a confirmation
      await page.getByRole('button', { name: 'Delete Calibration Due' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete shortcut' });
      await expect(confirm).toContainText('Delete the Tools dashboard shortcut of Calibration Due?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(confirm).toHaveCount(0);
      await expect.poll(() => shortcutRows(page)).not.toContain('Calibration Due Dashboard Tools');
      await page.getByRole('button', { name: 'Delete Hours By Trade' }).click();
      await page.getByRole('dialog', { name: 'Delete shortcut' }).getByRole('button', { name: 'Delete' }).click();
      // The column shows each basic shortcut's position, so no gap is left where the deleted one was.
      await expect
        .poll(() => shortcutRows(page))
        .toEqual(['Progress Summary Basic 1', 'Earned Value Basic 2', 'Overdue Shipments Dashboard Shipments', 'Stock On Hand Dashboard Inventory']);
      await expectAccessible(page, 'the report shortcuts after the changes');

      // ---- every change is in the licence's History
      await page.getByRole('link', { name: 'license’s History' }).click();
      await expect(page.getByRole('tab', { name: 'History', selected: true })).toBeVisible();
      await expect(page.getByRole('table', { name: 'History' })).toContainText('Hours By Trade');
    } finally {
      await restoreShortcuts(request, token, licenseId, before);
    }
  });

  test('sees the licence’s configs and resource properties mounted in #configuration, and saves a config through the mount', async ({ page, request }) => {
    await page.goto('/');
    const token = await sessionToken(page);
    const licenseId = await licenseIdOf(request, token, 'Northwind Construction');
    const removeAdded = async () => {
      const configs = (await (await request.get(`/api/license/${licenseId}/configs`, { headers: bearer(token) })).json()) as {
        id: number;
        systemConfigId?: number | null;
        name: string;
      }[];
      for (const config of configs.filter((c) => c.name === 'SessionTimeout'))
        await request.delete(`/api/license/${licenseId}/configs/${config.systemConfigId ?? config.id}`, { headers: bearer(token) });
    };
    await removeAdded();
    try {
      await page.goto(`/license/${licenseId}/settings`);
      await expect(page).toHaveURL(/#configuration$/);
      const configs = page.getByRole('region', { name: 'License configuration' });
      // The demo's UserPassword licence config, in the editor remote-projects-sites exposes.
      await expect(configs.getByRole('tab', { name: 'UserPassword' })).toBeVisible();
      await expect(configs.getByRole('spinbutton', { name: 'Minimum length' })).toHaveValue('10');
      const properties = page.getByRole('region', { name: 'Resource properties' });
      await expect(properties.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      await expect(properties.getByText(/could not be loaded/)).toHaveCount(0);
      await expect(
        properties
          .getByRole('button', { name: /Resource Propert/ })
          .or(properties.getByRole('button', { name: 'Save' }))
          .first(),
      ).toBeVisible();
      await expectAccessible(page, 'the licence configuration');

      // ---- one edit and save through the mount: a config added from the defaults, changed, saved
      await configs.getByRole('combobox', { name: 'Add Config' }).selectOption('SessionTimeout');
      await configs.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(toast(page, 'New License configuration added.')).toBeVisible();
      await expect(configs.getByRole('tab', { name: 'SessionTimeout', selected: true })).toBeVisible();
      await configs.getByRole('spinbutton', { name: 'Session length in minutes' }).fill('600');
      await configs.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'License configuration updated.')).toBeVisible();
      await page.reload();
      await page.getByRole('region', { name: 'License configuration' }).getByRole('tab', { name: 'SessionTimeout' }).click();
      await expect(page.getByRole('region', { name: 'License configuration' }).getByRole('spinbutton', { name: 'Session length in minutes' })).toHaveValue(
        '600',
      );
    } finally {
      await removeAdded();
    }
  });

  test('the mounted config editors fail alone while remote-projects-sites is down, and load on Retry once it is up', async ({ page, request }) => {
    await page.goto('/');
    const licenseId = await licenseIdOf(request, await sessionToken(page), 'Northwind Construction');
    await page.route('**/remotes/projects-sites/**', (route) => route.abort());
    await page.goto(`/license/${licenseId}/settings#configuration`);
    const configs = page.getByRole('region', { name: 'License configuration' });
    await expect(configs.getByText('The license configuration could not be loaded. The rest of the page keeps working.')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Resource properties' }).getByText('The resource properties could not be loaded. The rest of the page keeps working.'),
    ).toBeVisible();
    await expectAccessible(page, 'the licence configuration’s fallback');

    // The rest of the settings works: the shortcuts are remote-licensing's own.
    await page.getByRole('tab', { name: 'Report Shortcuts' }).click();
    await expect(page).toHaveURL(/#shortcuts$/);
    await expect(page.getByRole('button', { name: 'Add shortcut' })).toBeVisible();

    // Opened again while still down it fails again; once the section is up, Retry loads it with no reload.
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await expect(configs.getByText('The license configuration could not be loaded. The rest of the page keeps working.')).toBeVisible();
    await page.unroute('**/remotes/projects-sites/**');
    await configs.getByRole('button', { name: 'Retry' }).click();
    await expect(configs.getByRole('tab', { name: 'UserPassword' })).toBeVisible();
  });

  test('has no internal configuration (its URL opens Configuration), and another licence’s settings are not found', async ({ page, browser, request }) => {
    await page.goto('/');
    const token = await sessionToken(page);
    const licenseId = await licenseIdOf(request, token, 'Northwind Construction');
    await page.goto(`/license/${licenseId}/settings#intelliwavesettings`);
    await expect(page.getByRole('tab', { name: 'Configuration', selected: true })).toBeVisible();
    await expect(page).toHaveURL(/#configuration$/);
    await expect(page.getByRole('tab', { name: 'Internal configuration' })).toHaveCount(0);
    await expect(page.getByRole('tab')).not.toHaveCount(0);
    await page.goto('/');
    await page.goto(`/license/${licenseId}/settings#no-such-tab`);
    await expect(page.getByRole('tab', { name: 'Configuration', selected: true })).toBeVisible();

    // Another licence (its id read as a super administrator) answers 404: not found.
    const superContext = await browser.newContext({ storageState: stateFile('superAdmin') });
    const superPage = await superContext.newPage();
    await superPage.goto('/');
    const harbour = await licenseIdOf(request, await sessionToken(superPage), 'Harbour Bridge JV');
    await superContext.close();
    await page.goto(`/license/${harbour}/settings#shortcuts`);
    await expect(page.getByText('License not found')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
  });
});

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('saves the customer code, opportunity id and a project override, and sees them after a reload', async ({ page, request }) => {
    await page.goto('/');
    const token = await sessionToken(page);
    const licenseId = await licenseIdOf(request, token, 'Northwind Construction');
    const before = (await (await request.get(`/api/license/${licenseId}/intelliwave-config`, { headers: bearer(token) })).json()) as {
      config: Record<string, unknown>;
      projects: { projectId: number; name: string }[];
    };
    const tower = before.projects.find((project) => project.name === 'Northwind Tower A')!;
    const stamp = Date.now() % 100000;
    try {
      await page.goto(`/license/${licenseId}/view`);
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('tab', { name: 'Internal configuration' }).click();
      await expect(page).toHaveURL(/#intelliwavesettings$/);
      const save = page.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();
      await page.getByRole('textbox', { name: 'Customer code' }).fill(`NWC-E2E-${stamp}`);
      await page.getByRole('textbox', { name: 'Opportunity id' }).fill(`OPP-${stamp}`);
      await page.getByRole('button', { name: 'Add override' }).click();
      const row = page.getByRole('group', { name: /^Override \d+$/ }).last();
      await expect(row.getByRole('combobox', { name: 'Project' })).toBeFocused();
      await row.getByRole('combobox', { name: 'Project' }).selectOption({ label: `${tower.name} (${tower.projectId})` });
      await row.getByRole('textbox', { name: 'Type' }).fill('e2eRegion');
      await row.getByRole('textbox', { name: 'Value' }).fill(`north-${stamp}`);
      await expectAccessible(page, 'the internal configuration with a new override');
      await save.click();
      await expect(toast(page, 'Internal configuration saved.')).toBeVisible();
      await expect(save).toBeDisabled();

      await page.reload();
      await expect(page.getByRole('tab', { name: 'Internal configuration', selected: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Customer code' })).toHaveValue(`NWC-E2E-${stamp}`);
      await expect(page.getByRole('textbox', { name: 'Opportunity id' })).toHaveValue(`OPP-${stamp}`);
      // The override's row, wherever the stored order puts it.
      const rows = await page.getByRole('group', { name: /^Override \d+$/ }).all();
      const types = await Promise.all(rows.map((group) => group.getByRole('textbox', { name: 'Type' }).inputValue()));
      expect(types).toContain('e2eRegion');
      const saved = rows[types.indexOf('e2eRegion')]!;
      await expect(saved.getByRole('combobox', { name: 'Project' })).toHaveValue(String(tower.projectId));
      await expect(saved.getByRole('textbox', { name: 'Value' })).toHaveValue(`north-${stamp}`);
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    } finally {
      expect((await request.post(`/api/license/${licenseId}/intelliwave-config`, { headers: bearer(token), data: before.config })).ok()).toBe(true);
    }
  });
});

test.describe('at a phone’s width', () => {
  test.use({ storageState: stateFile('superAdmin'), viewport: { width: 390, height: 844 } });

  test('each tab of the licence settings fits and has no accessibility violation', async ({ page, request }) => {
    await page.goto('/');
    const licenseId = await licenseIdOf(request, await sessionToken(page), 'Northwind Construction');
    await page.goto(`/license/${licenseId}/settings`);
    for (const name of ['Configuration', 'Report Shortcuts', 'Internal configuration']) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expect(page.getByRole('tab', { name, exact: true, selected: true })).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
      expect(width.page, `${name} is no wider than the phone`).toBeLessThanOrEqual(width.phone);
      await expectAccessible(page, `the ${name} tab at 390 px`);
    }
  });
});
