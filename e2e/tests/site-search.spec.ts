/**
 * Sites in the header (ours: the spec's header names Sites, its route table has no site list) and
 * a project's site hierarchy as CSV (ours, beyond the spec): the header's Sites link, a search
 * across every project the user sees with each result's path and project, a result opening its
 * site, the search kept in the URL; Export CSV of a project, the file edited (a site renamed, one
 * added), Import CSV's preview (New, Renamed, what is not in the file), Apply, and the change on
 * the Sites tab with the site's id kept. At 1280 and at 390 px. Each test makes its own project
 * and sites through the API in SiteSense Internal, named by a word no other test uses.
 */
import fs from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { stateFile, openSection } from './support';
import { toast, asAdmin, makeProject, makeSites, findSite, type Headers } from './data';

/** The site view ('Edit Site', spec 1 §2) of the site `name`: the heading, and the name under it and at the end of its path. */
async function expectSiteView(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Site' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Site path' }).locator('[aria-current="page"]')).toHaveText(name);
}

type Site = { siteId: number; name: string; children: Site[] };

const TEXT = {
  searchEmpty: 'Type at least 2 characters of a site’s name to find it in every project you can see.',
  searchTooShort: 'Type at least 2 characters to search sites.',
  notInFile: '1 site of the project is not in the file: an import deletes nothing, so it stays as it is.',
};

/** A word no other test's sites hold (letters only, so it reads as part of a name). */
const word = () =>
  `Q${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}${'xyz'[Math.floor(Math.random() * 3)]}`;

async function sitesOf(request: APIRequestContext, headers: Headers, projectId: number): Promise<Site[]> {
  const answer = await request.get(`/api/project/${projectId}/sites`, { headers });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Site[];
}

/** The page fits the phone's width (a wide table scrolls in its own box). */
async function expectFits(page: Page) {
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(width.page).toBeLessThanOrEqual(width.screen);
}

for (const [label, viewport] of Object.entries({ '1280': { width: 1280, height: 800 }, '390': { width: 390, height: 844 } })) {
  test.describe(`at ${label} px, the demo's super administrator`, () => {
    test.use({ storageState: stateFile('superAdmin'), viewport });

    test('the header’s Sites searches every project’s sites by name, shows path and project, and a result opens its site', async ({
      page,
      request,
    }, testInfo) => {
      const headers = await asAdmin(request);
      const w = word();
      const north = `North ${w}`;
      const south = `South ${w}`;
      const northId = await makeProject(request, headers, north);
      const southId = await makeProject(request, headers, south);
      const [yard] = await makeSites(request, headers, northId, [{ name: 'Yard', children: [{ name: 'Rack 2', children: [{ name: `Bin ${w}` }] }] }]);
      await makeSites(request, headers, southId, [{ name: 'Gate', children: [{ name: `bin ${w}` }] }, { name: `Dock ${w}` }]);
      const bin = findSite([yard!], `Bin ${w}`)!;

      await page.goto('/');
      await openSection(page, 'Sites');
      await expect(page).toHaveURL(/\/sites$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
      await expect(page.getByText(TEXT.searchEmpty)).toBeVisible();
      await expectAccessible(page, 'Sites before a search');

      const search = page.getByRole('searchbox');
      await search.fill('b');
      await expect(page.getByText(TEXT.searchTooShort)).toBeVisible();
      await search.fill(w.toLowerCase());
      await expect(page).toHaveURL(new RegExp(`/sites\\?q=${w.toLowerCase()}$`));
      const table = page.getByRole('table', { name: 'Sites' });
      // By name, then path: the two Bin … (Gate's before Yard's), then Dock ….
      await expect(table.getByRole('row')).toHaveCount(4);
      await expect(table.getByRole('row').nth(1)).toContainText(`Gate > bin ${w}`);
      await expect(table.getByRole('row').nth(1)).toContainText(south);
      await expect(table.getByRole('row').nth(2)).toContainText(`Yard > Rack 2 > Bin ${w}`);
      await expect(table.getByRole('row').nth(2)).toContainText(north);
      await expect(table.getByRole('row').nth(3)).toContainText(`Dock ${w}`);
      await expect(page.getByText('1–3 of 3')).toBeVisible();
      if (label === '390') await expectFits(page);
      await expectAccessible(page, 'Sites with results');
      await page.screenshot({ path: testInfo.outputPath(`site-search-${label}.png`), fullPage: true });

      await table.getByRole('row').nth(2).getByText(`Yard > Rack 2 > Bin ${w}`).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${northId}/site/${bin.siteId}`));
      await expectSiteView(page, `Bin ${w}`);
      // Back: the search and its results are as they were.
      await page.goBack();
      await expect(page.getByRole('searchbox')).toHaveValue(w.toLowerCase());
      await expect(table.getByRole('row')).toHaveCount(4);
    });

    test('Export CSV of a project, edited (a site renamed, one added), imported back with its preview: ids kept, nothing deleted', async ({
      page,
      request,
    }, testInfo) => {
      const headers = await asAdmin(request);
      const w = word();
      const name = `Csv ${w}`;
      const projectId = await makeProject(request, headers, name);
      const [yard] = await makeSites(request, headers, projectId, [{ name: 'Yard', children: [{ name: 'Rack 1' }, { name: 'Rack 2' }] }]);
      const rack1 = findSite([yard!], 'Rack 1')!;

      await page.goto(`/projects/${projectId}/view#sites`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Yard' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`sites-tab-${label}.png`), fullPage: true });
      const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe(`project-${projectId}-sites.csv`);
      const file = fs.readFileSync((await download.path())!, 'utf8');
      expect(file.startsWith('\uFEFF')).toBe(true);
      const lines = file
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines).toEqual([
        'siteId,parentId,path,name,active,siteClass',
        `${yard!.siteId},,Yard,Yard,true,site`,
        `${rack1.siteId},${yard!.siteId},Yard > Rack 1,Rack 1,true,site`,
        `${findSite([yard!], 'Rack 2')!.siteId},${yard!.siteId},Yard > Rack 2,Rack 2,true,site`,
      ]);

      // As a spreadsheet would: Rack 1 renamed, a row added under Yard by its path; Rack 2's row removed.
      const edited = [lines[0], lines[1], lines[2]!.replace(/,Rack 1,true,/, ',Rack One,true,'), ',,Yard > Rack 3,Rack 3,,'].join('\r\n');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import sites from CSV' });
      await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
      await dialog.getByLabel('Site file (CSV)').setInputFiles({ name: 'sites.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
      await expect(dialog.getByText('3 rows: 1 new, 1 renamed, 0 moved, 1 unchanged.')).toBeVisible();
      await expect(dialog.getByText(TEXT.notInFile)).toBeVisible();
      const preview = dialog.getByRole('tree', { name: 'Sites after the import' });
      await expect(preview.getByRole('treeitem', { name: /^Rack One/ })).toContainText('Renamed from Rack 1');
      await expect(preview.getByRole('treeitem', { name: /^Rack 3/ })).toContainText('New');
      // Nothing is written before Apply.
      expect(findSite(await sitesOf(request, headers, projectId), 'Rack One')).toBeUndefined();
      if (label === '390') await expectFits(page);
      await expectAccessible(page, 'Import CSV’s preview');
      await page.screenshot({ path: testInfo.outputPath(`site-import-${label}.png`) });

      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect(toast(page, 'Sites imported: 1 new, 1 renamed, 0 moved.')).toBeVisible();
      await expect(dialog).toBeHidden();
      const after = await sitesOf(request, headers, projectId);
      expect(findSite(after, 'Rack One')?.siteId).toBe(rack1.siteId);
      expect(findSite(after, 'Rack 3')).toBeDefined();
      expect(findSite(after, 'Rack 2')).toBeDefined();
      // The Sites tab shows it: Yard's card lists its sites by name.
      const tree = page.getByRole('region', { name: 'Yard' }).getByRole('tree', { name: 'Sites of Yard' });
      await expect(tree.getByRole('treeitem')).toHaveText(['Rack 2', 'Rack 3', 'Rack One']);
    });
  });
}
