/**
 * The site screens (spec 1 §2–§6, spec 2's site calls and texts): the project view's Sites tab
 * (cards, trees with search, Show Archived Sites for ADMINISTER_SITE, the default storage
 * location), New Site and the site view's Properties with every name rule's message and a
 * sibling named alike in another case refused, bulk entry's problems, preview and creation in one
 * call, the hierarchy editor, archive (with the children) and unarchive, the Copy tab's active
 * sites with the unarchive question, a site's History, another licence's site as not found, and
 * every screen at 390 px. The demo's super administrator holds every role, ADMINISTER_SITE too;
 * each test makes its own project through the API in SiteSense Internal.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, signIn, stateFile } from './support';
import { toast, asAdmin, unique, makeProject, makeSites, findSite, type Headers } from './data';

/** The site view ('Edit Site', spec 1 §2) of the site `name`: the heading, and the name under it and at the end of its path. */
async function expectSiteView(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Site' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Site path' }).locator('[aria-current="page"]')).toHaveText(name);
}

/** The site texts (spec 1 §5, spec 2 and ours), as the console shows them. */
const TEXT = {
  nameBlank: 'Name can not be blank',
  special: 'Site names cannot have special characters.',
  tooLong: 'Site names cannot have more than 50 characters.',
  siblings: "Siblings can't have the same name.",
  invalidSave: 'The site name is invalid. Please correct the errors and try again.',
  bulkEmpty: 'Please enter some sites to build.',
  added: 'Added site to the project',
  saved: 'Site saved',
  hierarchySaved: 'Site hierarchy saved',
  storageUpdated: 'Default storage location updated',
  archiveChildren: 'All of its child sites are archived too.',
  unarchivePermission: 'Some of the sites you are copying are archived. Continuing will unarchive the site.',
  noSites: 'This project has no sites yet. Add one, or several at once with Bulk Add Sites.',
};

type Site = { siteId: number; name: string; active: boolean; children: Site[] };

/** The project's sites (archived ones too), through the API. */
async function sitesOf(request: APIRequestContext, headers: Headers, projectId: number): Promise<Site[]> {
  const answer = await request.get(`/api/project/${projectId}/sites?includeArchived=true`, { headers });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Site[];
}

/** Signs in as the demo's super administrator (every role, ADMINISTER_SITE among them). */
async function signInAsAdmin(page: Page) {
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('the demo’s super administrator (ADMINISTER_SITE)', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test(
    'adds a site and a child with every name rule’s message, is refused a sibling named alike in another ' + 'case, edits the site and reads its History',
    async ({ page, request }) => {
      const headers = await asAdmin(request);
      const name = `Sites ${unique()}`;
      const projectId = await makeProject(request, headers, name);
      await signInAsAdmin(page);
      await page.goto(`/projects/${projectId}/view#sites`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText(TEXT.noSites)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download Site Barcodes' })).toBeDisabled();
      await expectAccessible(page, 'a project without sites');

      // ---- New Site: each rule's message, the invalid save's
      await page.getByRole('link', { name: 'Manually Add Site' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New Site' })).toBeVisible();
      const siteName = page.getByRole('textbox', { name: 'Name' });
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(siteName).toHaveAccessibleDescription(TEXT.nameBlank);
      await expect(page.getByText(TEXT.invalidSave)).toBeVisible();
      await siteName.fill('Yard/North');
      await expect(siteName).toHaveAccessibleDescription(TEXT.special);
      await siteName.fill('Y'.repeat(51));
      await expect(siteName).toHaveAccessibleDescription(TEXT.tooLong);
      // No class for a top-level site.
      await expect(page.getByRole('group', { name: 'Class' })).toHaveCount(0);
      await expectAccessible(page, 'New Site with a name’s message');
      await siteName.fill('  Yard  ');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, TEXT.added)).toBeVisible();
      await expectSiteView(page, 'Yard');
      const yard = findSite(await sitesOf(request, headers, projectId), 'Yard')!;
      await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/site/${yard.siteId}#properties$`));

      // ---- a child, with its class and types
      await page.getByRole('link', { name: 'Add child site' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New Site' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Parent site' })).toHaveValue(String(yard.siteId));
      await page.getByRole('textbox', { name: 'Name' }).fill('Rack A');
      await page.getByRole('group', { name: 'Class' }).getByRole('radio', { name: 'Bin' }).check();
      await page.getByRole('checkbox', { name: 'Receivable' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, TEXT.added)).toBeVisible();
      await expectSiteView(page, 'Rack A');
      await expect(page.getByRole('navigation', { name: 'Site path' }).getByRole('link', { name: 'Yard' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Class' }).getByRole('radio', { name: 'Bin' })).toBeChecked();

      // ---- a sibling named alike in another case: said as it is typed, and the server refuses it too
      await page.getByRole('navigation', { name: 'Site path' }).getByRole('link', { name: 'Yard' }).click();
      await page.getByRole('link', { name: 'Add child site' }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill('RACK a');
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(TEXT.siblings);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(TEXT.invalidSave)).toBeVisible();
      const refused = await request.post(`/api/projects/${projectId}/sites/`, {
        headers,
        data: [{ site: { name: 'RACK a', parentId: yard.siteId }, children: [] }],
      });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { Message: string }).Message).toBe('Site with name RACK a already exists');
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Discard changes' }).click();

      // ---- edit: a property and an overlay, saved; then its History
      await page.getByRole('link', { name: 'Rack A' }).click();
      await expectSiteView(page, 'Rack A');
      await page.getByRole('button', { name: 'Add property' }).click();
      const property = page.getByRole('group', { name: 'Property 1' });
      await property.getByRole('textbox', { name: 'Key' }).fill('Aisle');
      await property.getByRole('textbox', { name: 'Value' }).fill('North');
      await page.getByRole('button', { name: 'Add overlay' }).click();
      const overlay = page.getByRole('group', { name: 'Overlay 1' });
      await overlay.getByRole('textbox', { name: 'Overlay name' }).fill('Floor plan');
      await overlay.getByRole('textbox', { name: 'Link' }).fill('https://example.test/plan.png');
      await page.getByRole('checkbox', { name: 'Quarantine' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, TEXT.saved)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
      const rack = findSite(await sitesOf(request, headers, projectId), 'Rack A') as Site & {
        siteType: Record<string, boolean>;
        properties: { userProperties: Record<string, { value: string }> };
      };
      expect(rack.siteType.quarantine).toBe(true);
      expect(rack.properties.userProperties.Aisle?.value).toBe('North');

      await page.getByRole('tab', { name: 'History' }).click();
      const history = page.getByRole('table', { name: 'History' });
      await expect(history.getByRole('row').nth(1)).toContainText(`/api/site/${rack.siteId}/update`);
      await expect(history.getByRole('row').filter({ hasText: new RegExp(`/api/projects/${projectId}/sites`) })).toHaveCount(1);
      await expectAccessible(page, 'a site’s History');
    },
  );

  test(
    'bulk entry: problems with their lines, a preview marking New and Existing, everything created in one ' +
      'call; the tree’s search; the hierarchy editor saves renames and new sites',
    async ({ page, request }) => {
      const headers = await asAdmin(request);
      const name = `Bulk ${unique()}`;
      const projectId = await makeProject(request, headers, name);
      await makeSites(request, headers, projectId, [{ name: 'Site 1' }]);
      await signInAsAdmin(page);
      await page.goto(`/projects/${projectId}/view#sites`);
      await page.getByRole('link', { name: 'Bulk Add Sites' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bulk Add Sites' })).toBeVisible();
      const lines = page.getByRole('textbox', { name: 'Sites' });
      await expect(lines).toHaveAttribute('placeholder', 'Site 1>Area A>Zone F>Bin 1');

      await page.getByRole('button', { name: 'Validate' }).click();
      await expect(page.getByRole('alert').filter({ hasText: TEXT.bulkEmpty })).toBeVisible();
      await lines.fill('Site 1>Area A\nSite 1>Area:B');
      await page.getByRole('button', { name: 'Validate' }).click();
      await expect(page.getByRole('alert').filter({ hasText: `Line 2: ${TEXT.special}` })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Create/ })).toHaveCount(0);

      await lines.fill('site 1>Area A>Zone F>Bin 1\nSite 1>area a>Zone F>Bin 2\nSite 2');
      await page.getByRole('button', { name: 'Validate' }).click();
      await expect(page.getByRole('heading', { name: 'Preview: 5 new sites' })).toBeVisible();
      const preview = page.getByRole('tree', { name: 'Sites after bulk entry' });
      await expect(preview.getByRole('treeitem')).toHaveText(['Site 1Existing', 'Area ANew', 'Zone FNew', 'Bin 1New', 'Bin 2New', 'Site 2New']);
      await expectAccessible(page, 'bulk entry’s preview');
      await page.getByRole('button', { name: 'Create 5 sites' }).click();
      await expect(toast(page, 'Added 5 sites to the project')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/view#sites$`));
      expect(findSite(await sitesOf(request, headers, projectId), 'Bin 2')).toBeDefined();

      // ---- the card's tree: a level opens on request, a search shows the matches and their ancestors
      const card = page.getByRole('region', { name: 'Site 1' });
      const tree = card.getByRole('tree', { name: 'Sites of Site 1' });
      await expect(tree.getByRole('treeitem')).toHaveText(['Area A']);
      await card.getByRole('button', { name: 'Expand Area A' }).click();
      await expect(tree.getByRole('treeitem')).toHaveText(['Area A', 'Zone F']);
      await card.getByRole('searchbox', { name: 'Search the sites of Site 1' }).fill('BIN 2');
      await expect(tree.getByRole('treeitem')).toHaveText(['Area A', 'Zone F', 'Bin 2']);
      await tree.getByRole('link', { name: 'Bin 2' }).click();
      await expectSiteView(page, 'Bin 2');
      await expect(page.getByRole('navigation', { name: 'Site path' })).toContainText('Site 1›Area A›Zone F›Bin 2');

      // ---- the hierarchy editor: names checked as typed, Save only when all are valid
      await page.getByRole('main').getByRole('link', { name: 'Sites', exact: true }).click();
      await page.getByRole('region', { name: 'Site 1' }).getByRole('link', { name: 'Hierarchy of Site 1' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Site hierarchy' })).toBeVisible();
      const save = page.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();
      await page.getByRole('textbox', { name: 'Name of Area A' }).fill('Area North');
      await page.getByRole('button', { name: 'Add child site to Site 1' }).click();
      const fresh = page.getByRole('textbox', { name: 'Name of new site 1' });
      await expect(fresh).toHaveAccessibleDescription(TEXT.nameBlank);
      await expect(save).toBeDisabled();
      await fresh.fill('AREA north');
      await expect(fresh).toHaveAccessibleDescription(TEXT.siblings);
      await expect(save).toBeDisabled();
      await expectAccessible(page, 'the hierarchy editor with a repeated name');
      await fresh.fill('Area South');
      await expect(save).toBeEnabled();
      await save.click();
      await expect(toast(page, TEXT.hierarchySaved)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/view#sites$`));
      const after = await sitesOf(request, headers, projectId);
      expect(
        findSite(after, 'Site 1')!
          .children.map((site) => site.name)
          .sort(),
      ).toEqual(['Area North', 'Area South']);
      expect(findSite(after, 'Area North')!.children.map((site) => site.name)).toEqual(['Zone F']);
    },
  );

  test(
    'the hierarchy editor moves a site with its subtree by keyboard and by drag, refuses a sibling’s ' +
      'name, saves the moves with the rest, and the site’s History says Moved',
    async ({ page, request }) => {
      const headers = await asAdmin(request);
      const projectId = await makeProject(request, headers, `Moves ${unique()}`);
      await makeSites(request, headers, projectId, [
        {
          name: 'Yard',
          children: [
            { name: 'Row 1', children: [{ name: 'Bin 1', children: [{ name: 'Shelf A' }] }] },
            { name: 'Row 2', children: [{ name: 'bin 1' }] },
            { name: 'Row 3' },
          ],
        },
      ]);
      await signInAsAdmin(page);
      await page.goto(`/projects/${projectId}/view#sites`);
      await page.getByRole('region', { name: 'Yard' }).getByRole('link', { name: 'Hierarchy of Yard' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Site hierarchy' })).toBeVisible();
      const status = page.getByRole('status').filter({ hasText: /moved|not moved/ });
      const save = page.getByRole('button', { name: 'Save' });
      await page.getByRole('button', { name: 'Expand Row 1' }).click();
      await page.getByRole('button', { name: 'Expand Bin 1', exact: true }).click();

      // ---- by keyboard: Row 3's handle; right puts it under Row 2, the site above it; left moves it back out
      const row3 = page.getByRole('button', { name: 'Move Row 3' });
      await row3.focus();
      await page.keyboard.press('ArrowRight');
      await expect(status).toHaveText('Row 3 moved under Yard › Row 2.');
      await expect(row3).toBeFocused();
      await expect(page.getByText('Moved from Yard')).toBeVisible();
      await expect(save).toBeEnabled();
      await page.keyboard.press('ArrowLeft');
      await expect(status).toHaveText('Row 3 moved under Yard.');
      await expect(page.getByText('Moved from Yard')).toHaveCount(0);
      await expect(save).toBeDisabled();

      // ---- a move beside a sibling of the same name (any case) is refused with the spec's message
      const bin1 = page.getByRole('button', { name: 'Move Bin 1', exact: true });
      await bin1.dragTo(page.getByRole('textbox', { name: 'Name of Row 2' }));
      await expect(status).toHaveText(`Bin 1 was not moved: ${TEXT.siblings}`);
      await expect(save).toBeDisabled();

      // ---- by drag: Bin 1, with Shelf A under it, onto Row 3
      await bin1.dragTo(page.getByRole('textbox', { name: 'Name of Row 3' }));
      await expect(status).toHaveText('Bin 1 moved under Yard › Row 3.');
      await expect(page.getByText('Moved from Row 1')).toBeVisible();
      // ---- and by keyboard again: Row 3 (with Bin 1) under Row 2
      await row3.focus();
      await page.keyboard.press('ArrowRight');
      await expect(status).toHaveText('Row 3 moved under Yard › Row 2.');
      await expect(page.getByText('0 renamed, 2 moved, 0 new.')).toBeVisible();
      await expectAccessible(page, 'the hierarchy editor after moves');
      await save.click();
      await expect(toast(page, TEXT.hierarchySaved)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/view#sites$`));

      const after = await sitesOf(request, headers, projectId);
      expect(
        findSite(after, 'Yard')!
          .children.map((site) => site.name)
          .sort(),
      ).toEqual(['Row 1', 'Row 2']);
      expect(
        findSite(after, 'Row 2')!
          .children.map((site) => site.name)
          .sort(),
      ).toEqual(['bin 1', 'Row 3'].sort());
      expect(findSite(after, 'Row 3')!.children.map((site) => site.name)).toEqual(['Bin 1']);
      const bin = findSite(findSite(after, 'Row 3')!.children, 'Bin 1')!;
      expect(bin.children.map((site) => site.name)).toEqual(['Shelf A']);

      // ---- the moved site's History: where from and where to
      await page.goto(`/projects/${projectId}/site/${bin.siteId}#history`);
      await expectSiteView(page, 'Bin 1');
      const newest = page.getByRole('table', { name: 'History' }).getByRole('row').nth(1);
      await expect(newest).toContainText('Moved');
      await expect(newest).toContainText('from Yard › Row 1 → to Yard › Row 2 › Row 3');
      await expectAccessible(page, 'a moved site’s History');
    },
  );

  test(
    'archives a site with its children, shows them with Show Archived Sites, unarchives with and without ' + 'the children; sets the default storage location',
    async ({ page, request }) => {
      const headers = await asAdmin(request);
      const name = `Archive ${unique()}`;
      const projectId = await makeProject(request, headers, name);
      const yard = findSite(
        await makeSites(request, headers, projectId, [{ name: 'Yard', children: [{ name: 'Rack A', children: [{ name: 'Bin 1' }] }] }, { name: 'Gate' }]),
        'Yard',
      );
      await signInAsAdmin(page);
      await page.goto(`/projects/${projectId}/view#sites`);

      // ---- the default storage location, saved at once
      const storage = page.getByRole('combobox', { name: 'Default storage location' });
      await storage.selectOption({ label: 'Yard > Rack A' });
      await expect(toast(page, TEXT.storageUpdated)).toBeVisible();
      await page.reload();
      await expect(storage).toHaveValue(String(yard!.children[0]!.siteId));

      // ---- archive Yard: its children go with it
      await page.getByRole('region', { name: 'Yard' }).getByRole('link', { name: 'Yard', exact: true }).click();
      await page.getByRole('button', { name: 'Archive', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Archive Yard?' });
      await expect(dialog).toContainText(TEXT.archiveChildren);
      await expectAccessible(page, 'the archive question');
      await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
      await expect(toast(page, 'Site archived')).toBeVisible();
      await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Child sites (1)' }).getByText('Archived')).toBeVisible();
      let sites = await sitesOf(request, headers, projectId);
      expect([findSite(sites, 'Yard')!.active, findSite(sites, 'Rack A')!.active, findSite(sites, 'Bin 1')!.active, findSite(sites, 'Gate')!.active]).toEqual([
        false,
        false,
        false,
        true,
      ]);

      // ---- the tab hides them until asked; the default storage location was cleared with them
      await page.getByRole('main').getByRole('link', { name: 'Sites', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Gate' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Yard' })).toHaveCount(0);
      await expect(storage).toHaveValue('');
      await page.getByRole('switch', { name: 'Show Archived Sites' }).click();
      const card = page.getByRole('region', { name: 'Yard' });
      // The card's badge, and each archived site of its tree its own.
      await expect(card.getByText('Archived', { exact: true }).first()).toBeVisible();
      await expect(card.getByRole('treeitem', { name: /Rack A/ })).toContainText('Archived');
      await card.getByRole('button', { name: 'Expand Rack A' }).click();
      await expect(card.getByRole('treeitem', { name: /Bin 1/ })).toContainText('Archived');
      await expectAccessible(page, 'archived sites shown');

      // ---- unarchive with the children
      await card.getByRole('link', { name: 'Yard', exact: true }).click();
      await page.getByRole('button', { name: 'Unarchive site and child sites' }).click();
      await expect(toast(page, 'Site unarchived')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();
      sites = await sitesOf(request, headers, projectId);
      expect([findSite(sites, 'Yard')!.active, findSite(sites, 'Rack A')!.active, findSite(sites, 'Bin 1')!.active]).toEqual([true, true, true]);

      // ---- archived again, and unarchived alone: the children stay archived
      await page.getByRole('button', { name: 'Archive', exact: true }).click();
      await page.getByRole('dialog', { name: 'Archive Yard?' }).getByRole('button', { name: 'Archive', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Unarchive site', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Unarchive site', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();
      sites = await sitesOf(request, headers, projectId);
      expect([findSite(sites, 'Yard')!.active, findSite(sites, 'Rack A')!.active]).toEqual([true, false]);
    },
  );

  test(
    'copies a project’s active sites into another: one the target holds active is not copyable, one it ' + 'holds archived is unarchived after the question',
    async ({ page, request }) => {
      const headers = await asAdmin(request);
      const tag = unique();
      const source = await makeProject(request, headers, `Site Source ${tag}`);
      const target = await makeProject(request, headers, `Site Target ${tag}`);
      const made = await makeSites(request, headers, source, [{ name: 'Yard', children: [{ name: 'Rack A' }] }, { name: 'Gate' }, { name: 'Old Shed' }]);
      expect((await request.post('/api/site/archive', { headers, data: { siteId: findSite(made, 'Old Shed')!.siteId } })).ok()).toBe(true);
      const targetYard = findSite(await makeSites(request, headers, target, [{ name: 'gate' }, { name: 'Yard' }]), 'Yard');
      expect((await request.post('/api/site/archive', { headers, data: { siteId: targetYard!.siteId } })).ok()).toBe(true);

      await signInAsAdmin(page);
      await page.goto(`/projects/${target}/view#copy`);
      await page.getByRole('combobox', { name: 'Copy from project' }).selectOption({ label: `Site Source ${tag}` });
      const section = page.getByRole('region', { name: 'Active sites' });
      await expect(section.getByRole('checkbox')).toHaveCount(2);
      await expect(section.getByRole('checkbox', { name: 'Copy Old Shed' })).toHaveCount(0);
      await section.getByRole('checkbox', { name: 'Copy Yard' }).check();
      await section.getByRole('checkbox', { name: 'Copy Gate' }).check();
      await section.getByRole('button', { name: 'Copy sites' }).click();

      const question = page.getByRole('dialog', { name: 'Unarchive sites?' });
      await expect(question).toContainText(TEXT.unarchivePermission);
      await expect(question.getByRole('listitem')).toHaveText(['Yard']);
      await expectAccessible(page, 'the unarchive question');
      await question.getByRole('button', { name: 'Continue' }).click();
      await expect(toast(page, 'Sites copied to the project')).toBeVisible();
      await expect(section.getByRole('alert')).toContainText('Gate: Site with name Gate already exists');
      await expect(section.getByRole('listitem').filter({ hasText: 'Copy Yard' }).getByText('Copied')).toBeVisible();

      const sites = await sitesOf(request, headers, target);
      expect(findSite(sites, 'Yard')!.active).toBe(true);
      expect(findSite(sites, 'Yard')!.children.map((site) => site.name)).toEqual(['Rack A']);
      // The target's Sites tab shows them.
      await page.getByRole('tab', { name: 'Sites' }).click();
      await expect(page.getByRole('region', { name: 'Yard' })).toBeVisible();
    },
  );

  test('every site screen fits a phone', async ({ page, request }) => {
    const headers = await asAdmin(request);
    const name = `Phone ${unique()}`;
    const projectId = await makeProject(request, headers, name);
    const [yard] = await makeSites(request, headers, projectId, [
      { name: 'Yard with a rather long name to wrap', children: [{ name: 'Rack A', children: [{ name: 'Bin 1' }] }] },
    ]);
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = async (label: string) => {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
      expect(width.page, `${label} is no wider than the phone`).toBeLessThanOrEqual(width.phone);
      await expectAccessible(page, `${label} at 390 px`);
    };
    await page.goto(`/projects/${projectId}/view#sites`);
    await expect(page.getByRole('tree', { name: `Sites of ${yard!.name}` })).toBeVisible();
    await fits('the Sites tab');
    await page.goto(`/projects/${projectId}/site/new`);
    await fits('New Site');
    await page.goto(`/projects/${projectId}/site/bulk`);
    await page.getByRole('textbox', { name: 'Sites' }).fill('Yard with a rather long name to wrap>Rack A>Bin 2');
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByRole('tree', { name: 'Sites after bulk entry' })).toBeVisible();
    await fits('bulk entry with its preview');
    await page.goto(`/projects/${projectId}/site/${yard!.siteId}/tree`);
    await fits('the hierarchy editor');
    // The Map tab (the GeoZone editor) is tried by its own spec.
    for (const tab of ['Properties', 'History']) {
      await page.goto(`/projects/${projectId}/site/${yard!.children[0]!.siteId}#${tab.toLowerCase()}`);
      await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
      await fits(`the site view, tab ${tab}`);
    }
  });
});

test.describe('a licence administrator without ADMINISTER_SITE', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('has no Show Archived Sites, and another licence’s site is not found', async ({ page, request }) => {
    const headers = await asAdmin(request);
    const projectId = await makeProject(request, headers, `Elsewhere ${unique()}`);
    const [shed] = await makeSites(request, headers, projectId, [{ name: 'Shed' }]);
    const projects = (await (await request.get('/api/projects?state=all', { headers })).json()) as { projectId: number; name: string }[];
    const towerA = projects.find((project) => project.name === 'Northwind Tower A')!.projectId;

    await page.goto(`/projects/${towerA}/view#sites`);
    await expect(page.getByRole('searchbox', { name: 'Filter sites' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Show Archived Sites' })).toHaveCount(0);
    await expectAccessible(page, 'the Sites tab of a licence administrator');

    await page.goto(`/projects/${projectId}/site/${shed!.siteId}`);
    await expect(page.getByText('Site not found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Shed' })).toHaveCount(0);
  });
});
