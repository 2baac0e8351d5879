/**
 * The project view's Project Config and Resource Properties Config tabs (spec 1 §2, §3, §5) and
 * the Copy tab's configs: on Northwind Tower A (the demo: EnforceStorageLevels 2..4, ReceiptPost
 * 'Main Warehouse > Aisle 1 > Shelf A', resource properties Heat Number and Paint System) every
 * rule's message as a licence administrator types, nothing saved; on projects of the test's own
 * (made through the API in SiteSense Internal) adding a config from the dropdown, saving with the
 * toast, the JSON view of super administrators, the History's diff, compare with and reset to the
 * default, the custom-integration notice, deleting, resource properties saved, copying configs
 * with the overwrite question, and two administrators saving one config.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { stateFile } from './support';
import { toast, asAdmin, unique, makeProject, type Headers } from './data';

/** The config messages (spec 1 §5, spec 2 and ours), as the console shows them. */
const TEXT = {
  negative: 'Value cannot be negative.',
  minAboveMax: 'The minimum value cannot be greater than the maximum!',
  conflict: 'Conflict with the (ReceiptPost -> Direct Handover Pick Location) config, which has 3 level(s).',
  separator: "Location name may not contain '>' except to separate levels",
  levels: 'Location must have at least 2 and at most 4 levels (EnforceStorageLevels config)',
  nameBlank: 'Property names cannot be blank.',
  selectionRequired: 'Properties with restricted selection must have selections to choose from.',
  repeated: 'Property name "Heat Number" is used more than once without specifying resource types.',
  repeatedForTypes: 'Property name "Heat Number" is used more than once for the following resource types: Material',
  customIntegration: 'The following project configs require custom integration logic to have an effect.',
  changedSince: 'This config was changed by someone else since you opened it. It now shows their version: make your change again.',
  overwrite: 'This configuration already exists. Would you like to overwrite?',
  copyWarning: 'Copying a configuration will overwrite existing configuration of the same type.',
};

async function projectIdOf(request: APIRequestContext, headers: Headers, name: string): Promise<number> {
  const projects = (await (await request.get('/api/projects?state=all', { headers })).json()) as { projectId: number; name: string }[];
  const found = projects.find((project) => project.name === name);
  expect(found, `the project ${name}`).toBeDefined();
  return found!.projectId;
}

type Parameter = { name: string; value: unknown; label_name?: string; inputType?: string };
type Config = { id: number; name: string; version: number; data: { configs: { property: string; parameters: Parameter[] }[] } };

/** The project's configs, read through the API. */
async function configsOf(request: APIRequestContext, headers: Headers, projectId: number): Promise<Config[]> {
  const answer = await request.get(`/api/configs/${projectId}`, { headers });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Config[];
}

/** Adds project 1's config `name` to the project, its parameters' values changed by `values`. */
async function addConfig(request: APIRequestContext, headers: Headers, projectId: number, name: string, values: Record<string, unknown> = {}): Promise<Config> {
  const fallback = (await configsOf(request, headers, 1)).find((config) => config.name === name)!;
  const data = {
    configs: fallback.data.configs.map((entry) => ({
      ...entry,
      parameters: entry.parameters.map((p) => (p.name in values ? { ...p, value: values[p.name] } : p)),
    })),
  };
  const made = await request.post('/api/configs', { headers, data: { name, projectId, data } });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as Config;
}

const valueOf = (config: Config | undefined, parameter: string) =>
  config?.data.configs.flatMap((entry) => entry.parameters).find((p) => p.name === parameter)?.value;

test.describe('a licence administrator on Northwind Tower A', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test(
    'every config rule’s message shows under its field as they type and Save waits; every resource ' + 'property message; no JSON view; both tabs fit a phone',
    async ({ page, request }) => {
      const towerA = await projectIdOf(request, await asAdmin(request), 'Northwind Tower A');
      await page.goto(`/projects/${towerA}/view#config`);
      await expect(page.getByRole('heading', { level: 1, name: 'Northwind Tower A' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'EnforceStorageLevels', selected: true })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'ReceiptPost' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'ResourceProperties' })).toHaveCount(0);
      await expect(page.getByRole('switch', { name: 'JSON view' })).toHaveCount(0);
      await expect(page.getByRole('combobox', { name: 'Add Config' })).toBeVisible();
      await expectAccessible(page, 'Tower A’s Project Config');

      // ---- EnforceStorageLevels (2..4 saved) against ReceiptPost's three-level pick location
      const min = page.getByRole('spinbutton', { name: 'MinimumLevels' });
      const max = page.getByRole('spinbutton', { name: 'MaximumLevels' });
      const save = page.getByRole('button', { name: 'Save' });
      await expect(min).toHaveValue('2');
      await expect(save).toBeDisabled();
      await min.fill('-1');
      await expect(min).toHaveAccessibleDescription(TEXT.negative);
      await expect(save).toBeDisabled();
      await min.fill('5');
      await expect(min).toHaveAccessibleDescription(TEXT.minAboveMax);
      await expect(save).toBeDisabled();
      await expectAccessible(page, 'a rule’s message under its field');
      await max.fill('6');
      await expect(min).toHaveAccessibleDescription(TEXT.conflict);
      await expect(save).toBeDisabled();
      await min.fill('3');
      await expect(min).not.toHaveAccessibleDescription(TEXT.conflict);
      await expect(save).toBeEnabled();
      await page.getByRole('button', { name: 'Discard' }).click();
      await expect(max).toHaveValue('4');

      // ---- ReceiptPost against the saved EnforceStorageLevels
      await page.getByRole('tab', { name: 'ReceiptPost' }).click();
      const location = page.getByRole('textbox', { name: 'DirectHandoverPickLocation' });
      await expect(location).toHaveValue('Main Warehouse > Aisle 1 > Shelf A');
      await location.fill('Main Warehouse>Aisle 1');
      await expect(location).toHaveAccessibleDescription(TEXT.separator);
      await expect(save).toBeDisabled();
      await location.fill('Main Warehouse');
      await expect(location).toHaveAccessibleDescription(TEXT.levels);
      await expect(save).toBeDisabled();
      await location.fill('Main Warehouse > Aisle 1');
      await expect(location).not.toHaveAccessibleDescription(/./);
      await expect(save).toBeEnabled();
      await page.getByRole('button', { name: 'Discard' }).click();

      // ---- resource properties: each of the spec's messages, as typed
      await page.getByRole('tab', { name: 'Resource Properties Config' }).click();
      const heat = page.getByRole('group', { name: 'Heat Number', exact: true });
      await expect(heat.getByRole('textbox', { name: 'Name' })).toHaveValue('Heat Number');
      await expect(heat.getByText('Resource types: Material')).toBeVisible();
      const paint = page.getByRole('group', { name: 'Paint System', exact: true });
      await expect(paint.getByRole('list', { name: 'Selections of Paint System' }).getByRole('listitem')).toHaveCount(3);
      const problems = page.getByRole('alert').filter({ hasText: 'These properties cannot be saved:' });
      await expect(problems).toHaveCount(0);
      await expectAccessible(page, 'Tower A’s resource properties');

      await page.getByRole('button', { name: 'Add property' }).click();
      await expect(problems).toContainText(TEXT.nameBlank);
      await expect(save).toBeDisabled();
      const added = page.getByRole('group', { name: 'Property 3', exact: true });
      await added.getByRole('textbox', { name: 'Name' }).fill('heat number');
      const again = page.getByRole('group', { name: 'heat number', exact: true });
      await expect(problems).toContainText(TEXT.repeated);
      await again.getByText('Resource types: none specified').click();
      await again.getByRole('checkbox', { name: 'Material' }).check();
      await expect(problems).toContainText(TEXT.repeatedForTypes);
      await again.getByRole('checkbox', { name: 'Material' }).uncheck();
      await again.getByRole('checkbox', { name: 'Equipment' }).check();
      await expect(problems).toHaveCount(0);
      await expect(save).toBeEnabled();
      for (const choice of ['Zinc primer', 'Intumescent', 'None']) await paint.getByRole('button', { name: `Remove selection ${choice}` }).click();
      await expect(problems).toContainText(TEXT.selectionRequired);
      await expect(save).toBeDisabled();
      await expectAccessible(page, 'the resource properties’ messages');
      // Only a super administrator marks a property as requiring elevated privileges.
      await expect(again.getByRole('checkbox', { name: 'Requires elevated privileges' })).toBeDisabled();

      // Another tab asks first; Discard changes leaves it as saved.
      await page.getByRole('tab', { name: 'Info' }).click();
      await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard changes' }).click();
      await page.getByRole('tab', { name: 'Resource Properties Config' }).click();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(2);

      // ---- at a phone's width
      await page.setViewportSize({ width: 390, height: 844 });
      for (const name of ['Project Config', 'Resource Properties Config', 'Copy']) {
        await page.getByRole('tab', { name, exact: true }).click();
        await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
        const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
        expect(width.page, `${name} is no wider than the phone`).toBeLessThanOrEqual(width.phone);
        await expectAccessible(page, `${name} at 390 px`);
      }
    },
  );
});

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test(
    'adds a config from the dropdown, saves it with the toast, edits its JSON, reads the diff in its ' +
      'History, compares it with the default, resets it, and deletes a config',
    async ({ page, request }) => {
      test.slow();
      const headers = await asAdmin(request);
      const name = `Configs ${unique()}`;
      const projectId = await makeProject(request, headers, name);
      await addConfig(request, headers, projectId, 'ReceiptPost', { DirectHandoverPickLocation: 'Yard > Rack 2 > Bin 4' });

      await page.goto(`/projects/${projectId}/view#config`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'ReceiptPost', selected: true })).toBeVisible();
      await expect(page.getByText(TEXT.customIntegration)).toHaveCount(0);

      // ---- add EnforceStorageLevels from the dropdown: the defaults the project lacks, no ResourceProperties
      const add = page.getByRole('combobox', { name: 'Add Config' });
      await expect(add.getByRole('option', { name: 'EnforceStorageLevels' })).toHaveCount(1);
      await expect(add.getByRole('option', { name: 'ReceiptPost' })).toHaveCount(0);
      await expect(add.getByRole('option', { name: 'ResourceProperties' })).toHaveCount(0);
      await add.selectOption('EnforceStorageLevels');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(toast(page, 'Configuration added.')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'EnforceStorageLevels', selected: true })).toBeVisible();
      const min = page.getByRole('spinbutton', { name: /^Minimum levels/ });
      const max = page.getByRole('spinbutton', { name: /^Maximum levels/ });
      await expect(min).toHaveValue('0');

      // ---- edit and save: 2..4 fits the three-level pick location
      await max.fill('2');
      await min.fill('3');
      await expect(min).toHaveAccessibleDescription(TEXT.minAboveMax);
      await max.fill('4');
      await min.fill('2');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Config saved.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
      let saved = (await configsOf(request, headers, projectId)).find((config) => config.name === 'EnforceStorageLevels');
      expect([valueOf(saved, 'MinimumLevels'), valueOf(saved, 'MaximumLevels'), saved?.version]).toEqual([2, 4, 2]);

      // ---- the JSON view, checked by the same rules
      await page.getByRole('switch', { name: 'JSON view' }).click();
      const json = page.getByRole('textbox', { name: 'JSON of EnforceStorageLevels' });
      await expect(json).toHaveValue(/"MinimumLevels"/);
      await json.fill('{ "configs": ');
      await expect(json).toHaveAccessibleDescription(/^This is not valid JSON of a config/);
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
      await expectAccessible(page, 'the JSON view with invalid JSON');
      const withMax = (value: number) =>
        JSON.stringify(
          {
            configs: [
              { ...saved!.data.configs[0]!, parameters: saved!.data.configs[0]!.parameters.map((p) => (p.name === 'MaximumLevels' ? { ...p, value } : p)) },
            ],
          },
          null,
          2,
        );
      await json.fill(withMax(1));
      await expect(page.getByRole('alert').filter({ hasText: 'This config cannot be saved:' })).toContainText(TEXT.minAboveMax);
      await json.fill(withMax(3));
      // The first save's toast may still be in sight: wait for this save's answer.
      const [put] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/configs') && r.request().method() === 'PUT'),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect(put.status()).toBe(200);
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
      saved = (await configsOf(request, headers, projectId)).find((config) => config.name === 'EnforceStorageLevels');
      expect(valueOf(saved, 'MaximumLevels')).toBe(3);

      // ---- its History: each save's data as a line diff
      await page.getByRole('button', { name: 'History', exact: true }).click();
      const history = page.getByRole('table', { name: 'History' });
      const newest = history.getByRole('row').nth(1);
      const diff = newest.getByRole('figure', { name: 'Changes of Configuration' });
      await expect(diff.locator('del')).toHaveText(/^- Removed: +"value": 4/);
      await expect(diff.locator('ins')).toHaveText(/^\+ Added: +"value": 3/);
      await expect(diff).toContainText('1 line added, 1 removed.');
      await expectAccessible(page, 'a config’s History with its diff');

      // ---- compare with the default (0..0), then reset to it
      await page.getByRole('button', { name: 'Compare with default' }).click();
      const compare = page.getByRole('dialog', { name: 'Compare EnforceStorageLevels with the default' });
      await expect(compare.getByRole('figure')).toContainText('2 lines added, 2 removed.');
      await expect(compare.locator('del').first()).toHaveText(/"value": 0/);
      await expect(compare.locator('ins').first()).toHaveText(/"value": 2/);
      await expectAccessible(page, 'the comparison with the default');
      await compare.getByRole('button', { name: 'Close' }).first().click();
      await page.getByRole('button', { name: 'Reset to default' }).click();
      const reset = page.getByRole('dialog', { name: 'Reset EnforceStorageLevels to the default?' });
      await expect(reset.locator('ins').first()).toHaveText(/"value": 0/);
      await reset.getByRole('button', { name: 'Reset to default' }).click();
      await expect(toast(page, 'Config reset to the default.')).toBeVisible();
      await expect(reset).toHaveCount(0);
      await expect(min).toHaveValue('0');
      await expect(max).toHaveValue('0');

      // ---- a config that needs custom integration is named in the notice; Delete asks first
      await page.getByRole('combobox', { name: 'Add Config' }).selectOption('CustomSiteBarcode');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(toast(page, 'Configuration added.')).toBeVisible();
      const notice = page.getByRole('status').filter({ hasText: TEXT.customIntegration });
      await expect(notice.getByRole('listitem')).toHaveText(['CustomSiteBarcode']);
      await page.getByRole('button', { name: 'Delete' }).click();
      const question = page.getByRole('dialog', { name: 'Delete CustomSiteBarcode?' });
      await expect(question).toContainText('The config CustomSiteBarcode is removed from this project.');
      await question.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Config deleted.')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'CustomSiteBarcode' })).toHaveCount(0);
      await expect(notice).toHaveCount(0);
      expect((await configsOf(request, headers, projectId)).map((config) => config.name)).toEqual(['EnforceStorageLevels', 'ReceiptPost']);
    },
  );

  test('adds the resource properties config, saves a property marked as requiring elevated privileges, and reads it in the History', async ({
    page,
    request,
  }) => {
    const headers = await asAdmin(request);
    const name = `Properties ${unique()}`;
    const projectId = await makeProject(request, headers, name);
    await page.goto(`/projects/${projectId}/view#resource-properties`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Add Resource Properties Config' }).click();
    await expect(toast(page, 'Configuration added.')).toBeVisible();
    await expect(page.getByText('There are no resource properties yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add property' }).click();
    const row = page.getByRole('group', { name: 'Property 1', exact: true });
    await row.getByRole('textbox', { name: 'Name' }).fill('Coating');
    const coating = page.getByRole('group', { name: 'Coating', exact: true });
    await coating.getByRole('combobox', { name: 'Type' }).selectOption('selection');
    await expect(page.getByRole('alert')).toContainText(TEXT.selectionRequired);
    await coating.getByRole('textbox', { name: 'Selections' }).fill('Galvanised');
    await coating.getByRole('textbox', { name: 'Selections' }).press('Enter');
    await coating.getByText('Resource types: none specified').click();
    await coating.getByRole('checkbox', { name: 'Material' }).check();
    await coating.getByRole('checkbox', { name: 'Requires elevated privileges' }).check();
    await expectAccessible(page, 'a new resource property');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Config saved.')).toBeVisible();
    const stored = (await configsOf(request, headers, projectId)).find((config) => config.name === 'ResourceProperties')!;
    expect(stored.data.configs).toHaveLength(1);
    const parameter = stored.data.configs[0]!.parameters[0]!;
    expect(parameter.label_name).toBe('Coating');
    expect(JSON.parse(parameter.name)).toEqual({ type: 'selection', selection: ['Galvanised'], requiresElevated: true });

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const diff = page.getByRole('table', { name: 'History' }).getByRole('row').nth(1).getByRole('figure', { name: 'Changes of Configuration' });
    await expect(diff.locator('ins').first()).toBeVisible();
    await expect(diff).toContainText('"label_name": "Coating"');
  });

  test(
    'copies a project’s configs: one that breaks a rule in the target fails alone as a warning; names the ' +
      'target has are asked about once, then overwritten',
    async ({ page, request }) => {
      const headers = await asAdmin(request);
      const tag = unique();
      const source = await makeProject(request, headers, `Config Source ${tag}`);
      const target = await makeProject(request, headers, `Config Target ${tag}`);
      await addConfig(request, headers, source, 'EnforceStorageLevels', { MinimumLevels: 0, MaximumLevels: 5 });
      await addConfig(request, headers, source, 'ReceiptPost', { DirectHandoverPickLocation: 'Yard > Rack > Bin > Shelf' });
      await addConfig(request, headers, target, 'EnforceStorageLevels', { MinimumLevels: 1, MaximumLevels: 3 });

      await page.goto(`/projects/${target}/view#copy`);
      await expect(page.getByRole('heading', { level: 1, name: `Config Target ${tag}` })).toBeVisible();
      await page.getByRole('combobox', { name: 'Copy from project' }).selectOption({ label: `Config Source ${tag}` });
      const configs = page.getByRole('region', { name: 'Configs' });
      await expect(configs).toContainText(TEXT.copyWarning);
      await expect(configs.getByRole('checkbox')).toHaveCount(2);
      await expect(configs.getByRole('checkbox', { name: 'Copy EnforceStorageLevels' })).toBeChecked();
      await expect(configs.getByRole('checkbox', { name: 'Copy ReceiptPost' })).toBeChecked();
      await expectAccessible(page, 'the Copy tab’s configs');

      // ReceiptPost alone: its four levels break the target's 1..3, and it fails alone.
      await configs.getByRole('checkbox', { name: 'Copy EnforceStorageLevels' }).uncheck();
      await configs.getByRole('button', { name: 'Copy configs' }).click();
      const warning = configs.getByRole('alert').filter({ hasText: 'Not copied' });
      await expect(warning).toContainText('ReceiptPost: Location must have at least 1 and at most 3 levels (EnforceStorageLevels config)');
      await expectAccessible(page, 'a config copy that failed');

      // Both: the target has EnforceStorageLevels, so it asks once, naming it; then copies both.
      await configs.getByRole('checkbox', { name: 'Copy EnforceStorageLevels' }).check();
      await configs.getByRole('button', { name: 'Copy configs' }).click();
      const ask = page.getByRole('dialog', { name: TEXT.overwrite });
      await expect(ask.getByRole('listitem')).toHaveText(['EnforceStorageLevels']);
      await expectAccessible(page, 'the overwrite question');
      await ask.getByRole('button', { name: 'Overwrite' }).click();
      await expect(toast(page, 'Updated configs')).toBeVisible();
      await expect(warning).toHaveCount(0);
      const copied = await configsOf(request, headers, target);
      expect(copied.map((config) => config.name)).toEqual(['EnforceStorageLevels', 'ReceiptPost']);
      const levels = copied.find((config) => config.name === 'EnforceStorageLevels');
      expect([valueOf(levels, 'MinimumLevels'), valueOf(levels, 'MaximumLevels'), levels?.version]).toEqual([0, 5, 2]);
      expect(
        valueOf(
          copied.find((config) => config.name === 'ReceiptPost'),
          'DirectHandoverPickLocation',
        ),
      ).toBe('Yard > Rack > Bin > Shelf');
    },
  );

  test('two administrators save one config: the second is told it changed since they read it and sees the first’s value', async ({ browser, request }) => {
    const headers = await asAdmin(request);
    const projectId = await makeProject(request, headers, `Concurrent ${unique()}`);
    await addConfig(request, headers, projectId, 'EnforceStorageLevels', { MinimumLevels: 2, MaximumLevels: 4 });
    const contexts = await Promise.all([
      browser.newContext({ storageState: stateFile('superAdmin') }),
      browser.newContext({ storageState: stateFile('superAdmin') }),
    ]);
    try {
      const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
      const max = (admin: Page) => admin.getByRole('spinbutton', { name: /^Maximum levels/ });
      for (const admin of [first!, second!]) {
        await admin.goto(`/projects/${projectId}/view#config`);
        await expect(max(admin)).toHaveValue('4');
      }

      await max(first!).fill('5');
      await first!.getByRole('button', { name: 'Save' }).click();
      await expect(toast(first!, 'Config saved.')).toBeVisible();

      await max(second!).fill('3');
      await second!.getByRole('button', { name: 'Save' }).click();
      await expect(toast(second!, TEXT.changedSince)).toBeVisible();
      await expect(second!.getByRole('alert').filter({ hasText: TEXT.changedSince })).toBeVisible();
      await expect(max(second!)).toHaveValue('5');
      await expect(second!.getByRole('button', { name: 'Save' })).toBeDisabled();
      await expectAccessible(second!, 'the second save, refused');
      const stored = (await configsOf(request, headers, projectId))[0];
      expect([valueOf(stored, 'MaximumLevels'), stored?.version]).toEqual([5, 2]);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });
});
