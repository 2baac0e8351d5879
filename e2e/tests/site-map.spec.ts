/**
 * The site view's Map tab (spec 1 §2 site view, §5 site drawing, §9): on a project of the test's
 * own (made through the API in SiteSense Internal, a tree four deep and a neighbour with a zone)
 * a top-level site's GeoZone drawn by clicking on the map, its colour and opacity changed, saved,
 * and still there after a reload (on screen and through GET site/simpleSite/{id}); Cancel taking
 * an unsaved change back; the search centring the map on another site's zone; a site four deep
 * showing the spec's note and no drawing; the map working with no tile URL (the default: nothing
 * asked of another host); the tab at 390 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { stateFile } from './support';
import { toast, asAdmin, unique, type Headers } from './data';

/** The site view ('Edit Site', spec 1 §2) of the site `name`: the heading, and the name under it and at the end of its path. */
async function expectSiteView(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Site' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Site path' }).locator('[aria-current="page"]')).toHaveText(name);
}

/** The texts (spec 1 and ours), as the console shows them. */
const TEXT = {
  depth: 'GeoZones are unavailable for sites deeper than 3 layers.',
  noBaseMap: 'No base map is configured: zones are drawn on a plain background.',
  saved: 'Site saved',
  drawn: 'Drag a corner to move it; drag an edge to add a corner.',
  noZone: 'This site has no zone: draw one.',
};

/** A zone around a point by the default centre (Sydney's Circular Quay), in longitude and latitude. */
const squareAt = (lon: number, lat: number, half = 0.002) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon - half, lat - half],
      [lon + half, lat - half],
      [lon + half, lat + half],
      [lon - half, lat + half],
      [lon - half, lat - half],
    ],
  ],
});

type CreatedSite = { siteId: number; name: string; depth: number; children: CreatedSite[] };
type SimpleSite = {
  siteId: number;
  location: { type: string; coordinates: number[][][] } | null;
  siteColor: string | null;
  borderColor: string | null;
  siteOpacity: number | null;
  borderOpacity: number | null;
};

/**
 * A project of the test's own with 'Yard > Area A > Zone F > Bin 1' (depths 1 to 4) and a top-level
 * 'Laydown East' holding a zone a few hundred metres east of the default centre.
 */
async function makeProjectWithSites(request: APIRequestContext, headers: Headers) {
  const name = `E2E Map ${unique()}`;
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'SiteSense Internal')!.licenseId;
  const made = await request.post('/api/project', { headers, data: { name, description: `Made by the e2e suite (${name}).`, licenseId } });
  expect(made.status(), await made.text()).toBe(201);
  const projectId = ((await made.json()) as { projectId: number }).projectId;
  const trees = [
    {
      site: { name: 'Yard', projectId },
      children: [{ site: { name: 'Area A' }, children: [{ site: { name: 'Zone F' }, children: [{ site: { name: 'Bin 1' } }] }] }],
    },
    { site: { name: 'Laydown East', projectId, location: squareAt(151.225, -33.8609) }, children: [] },
  ];
  const created = await request.post(`/api/projects/${projectId}/sites/`, { headers, data: trees });
  expect(created.status(), await created.text()).toBe(201);
  const [yard, laydown] = (await created.json()) as CreatedSite[];
  const bin = yard!.children[0]!.children[0]!.children[0]!;
  expect(bin.depth).toBe(4);
  return { projectId, yard: yard!, laydown: laydown!, bin };
}

async function simpleSite(request: APIRequestContext, headers: Headers, siteId: number): Promise<SimpleSite> {
  const answer = await request.get(`/api/site/simpleSite/${siteId}`, { headers });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as SimpleSite;
}

/** Requests the page makes to another host than the console's. */
function watchOtherHosts(page: Page, baseURL: string): string[] {
  const others: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) others.push(url);
  });
  return others;
}

/** Opens the site's Map tab and waits for the map. */
async function openMap(page: Page, projectId: number, siteId: number, name: string) {
  await page.goto(`/projects/${projectId}/site/${siteId}#map`);
  await expectSiteView(page, name);
  await expect(page.getByRole('tab', { name: 'Map', selected: true })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: `Map of ${name}` })
      .locator('canvas')
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

test.describe('the site map, as the super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('draws a zone on a top-level site, colours it, saves it, and finds it again after a reload; no other host is asked', async ({
    page,
    request,
    baseURL,
  }) => {
    const headers = await asAdmin(request);
    const { projectId, yard } = await makeProjectWithSites(request, headers);
    const others = watchOtherHosts(page, baseURL!);
    await openMap(page, projectId, yard.siteId, 'Yard');
    await expect(page.getByText(TEXT.noBaseMap)).toBeVisible();
    await expect(page.getByText(TEXT.noZone)).toBeVisible();
    const draw = page.getByRole('button', { name: 'Draw zone' });
    await expect(draw).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Clear zone' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectAccessible(page, 'a top-level site’s Map tab');

    // Four corners clicked on the canvas; a double-click on the last one finishes the zone.
    await draw.click();
    await expect(page.getByRole('button', { name: 'Finish zone' })).toBeVisible();
    const box = (await page.getByTestId('site-map').boundingBox())!;
    const at = (dx: number, dy: number) => [box.x + dx, box.y + dy] as const;
    await page.mouse.click(...at(120, 80));
    await page.mouse.click(...at(320, 90));
    await page.mouse.click(...at(300, 250));
    await page.mouse.dblclick(...at(140, 240));
    await expect(page.getByText(TEXT.drawn)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Draw zone' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Clear zone' })).toBeEnabled();

    // The colours and opacities are drawn live and saved with the zone.
    await page.getByLabel('Site colour').fill('#dc2626');
    await page.getByLabel('Border colour').fill('#14532d');
    await page.getByLabel('Site opacity').fill('0.7');
    await expect(page.getByLabel('Site opacity')).toHaveValue('0.7');
    await expectAccessible(page, 'a zone drawn, not saved');

    // Leaving the tab with the change asks first.
    await page.getByRole('tab', { name: 'Properties' }).click();
    const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByRole('tab', { name: 'Map', selected: true })).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, TEXT.saved)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    const saved = await simpleSite(request, headers, yard.siteId);
    expect(saved).toMatchObject({ siteColor: '#dc2626', borderColor: '#14532d', siteOpacity: 0.7, borderOpacity: 1 });
    expect(saved.location?.type).toBe('Polygon');
    const ring = saved.location!.coordinates[0]!;
    // Four corners and the first again, around the default centre (zoom 14: a few hundred metres).
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    for (const [lon, lat] of ring) {
      expect(Math.abs(lon! - 151.2108)).toBeLessThan(0.05);
      expect(Math.abs(lat! + 33.8609)).toBeLessThan(0.05);
    }

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Map', selected: true })).toBeVisible();
    await expect(page.getByText(TEXT.drawn)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Draw zone' })).toBeDisabled();
    await expect(page.getByLabel('Site colour')).toHaveValue('#dc2626');
    await expect(page.getByLabel('Border colour')).toHaveValue('#14532d');
    await expect(page.getByLabel('Site opacity')).toHaveValue('0.7');
    await expect(page.getByLabel('Border opacity')).toHaveValue('1');

    // Cancel takes an unsaved change back to what was saved.
    await page.getByRole('button', { name: 'Clear zone' }).click();
    await expect(page.getByText(TEXT.noZone)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(TEXT.drawn)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect((await simpleSite(request, headers, yard.siteId)).location?.type).toBe('Polygon');

    // The search offers the project's zones (this one and Laydown East) and centres on one.
    const search = page.getByRole('searchbox', { name: 'Find a site on the map' });
    await search.fill('laydown');
    await page
      .getByRole('list', { name: 'Sites found' })
      .getByRole('button', { name: /Laydown East/ })
      .click();
    await expectAccessible(page, 'the search’s results');
    expect(others, 'requests to another host').toEqual([]);
  });

  test('a site four deep shows the spec’s note and no drawing, with the other zones for reference', async ({ page, request }) => {
    const headers = await asAdmin(request);
    const { projectId, bin } = await makeProjectWithSites(request, headers);
    await openMap(page, projectId, bin.siteId, 'Bin 1');
    await expect(page.getByText(TEXT.depth)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Draw zone' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByLabel('Site colour')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Find a site on the map' }).fill('Laydown');
    await expect(page.getByRole('list', { name: 'Sites found' }).getByRole('button')).toHaveCount(1);
    await expectAccessible(page, 'a depth-4 site’s Map tab');
  });

  test('the Map tab fits a phone (390 px)', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const headers = await asAdmin(request);
    const { projectId, yard } = await makeProjectWithSites(request, headers);
    await openMap(page, projectId, yard.siteId, 'Yard');
    await page.getByRole('button', { name: 'Draw zone' }).click();
    // From the keyboard: points placed at the map's centre, moved with the arrow keys.
    const map = page.getByRole('region', { name: 'Map of Yard' });
    await page.getByRole('button', { name: 'Add point at centre' }).click();
    await map.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('button', { name: 'Add point at centre' }).click();
    await map.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('button', { name: 'Add point at centre' }).click();
    await page.getByRole('button', { name: 'Finish zone' }).click();
    await expect(page.getByText(TEXT.drawn)).toBeVisible();
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
    expect(width.page).toBeLessThanOrEqual(width.phone);
    await expectAccessible(page, 'the Map tab at 390 px');
  });
});
