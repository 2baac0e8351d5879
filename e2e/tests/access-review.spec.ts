/**
 * Access review end to end (issue 41), as a licence administrator of Northwind: 'who can do
 * what' for a permission shows a user holding it directly and one through a user group; a
 * review of that permission is started, one holding removed and one kept with a comment,
 * signed off, and its PDF report downloaded and read for the decisions.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { stateFile } from './support';
import { asAdmin, toast, unique, type Headers } from './data';

test.use({ storageState: stateFile('licenseAdmin') });

const PERMISSION = 'EDIT_WORKFLOW';

/**
 * Two Northwind users of the test's own (through the API, as the super administrator): one
 * given EDIT_WORKFLOW directly, the other through a new user group.
 */
async function makeHolders(request: APIRequestContext, headers: Headers, tag: string) {
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'Northwind Construction')!.licenseId;
  const catalogue = (await (await request.get('/api/roles', { headers })).json()) as { roles: { roleId: number; name: string }[] }[];
  const roleId = catalogue.flatMap((group) => group.roles).find((role) => role.name === PERMISSION)!.roleId;
  const ids: number[] = [];
  const names = [`zz.review.${tag}.direct`, `zz.review.${tag}.group`];
  for (const name of names) {
    const made = await request.post(`/api/users/${name}`, {
      headers,
      data: { userName: name, firstName: 'Review', lastName: tag, email: `${name}@crew.example`, licenseId },
    });
    expect(made.ok(), await made.text()).toBe(true);
    expect((await request.put(`/api/users/${name}/addons`, { headers, data: [{ addOnId: 1 }] })).ok()).toBe(true);
    ids.push(((await (await request.get(`/api/users/${name}`, { headers })).json()) as { userId: number }).userId);
  }
  expect((await request.post('/api/updateRoles', { headers, data: { userId: ids[0], roleIds: [roleId] } })).ok()).toBe(true);
  const group = await request.post('/api/userGroup/create', {
    headers,
    data: { LicenseId: licenseId, Name: `Review crew ${tag}`, RoleIds: [roleId], ProjectIds: [], AddOnIds: [1] },
  });
  expect(group.status(), await group.text()).toBe(201);
  const userGroupId = ((await group.json()) as { userGroupId: number }).userGroupId;
  expect((await request.post('/api/userGroup/update/users', { headers, data: { userGroupId, userIds: [ids[1]] } })).ok()).toBe(true);
  return { direct: names[0]!, viaGroup: names[1]!, groupName: `Review crew ${tag}`, licenseId, roleId };
}

/**
 * The text a PDF draws: its content streams inflated, each hex string shown with Tj decoded
 * (pdf-lib writes standard-font text as hex in WinAnsi, which is Latin-1 for these letters).
 */
function pdfText(bytes: Buffer): string {
  const pdf = bytes.toString('latin1');
  const texts: string[] = [];
  for (const match of pdf.matchAll(/\/FlateDecode[^]*?stream\r?\n([^]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) texts.push(Buffer.from(shown[1]!, 'hex').toString('latin1'));
  }
  return texts.join('\n');
}

async function pickPermission(page: Page) {
  await page.getByRole('combobox', { name: 'Look up' }).selectOption('role');
  await page.getByRole('searchbox', { name: 'Search' }).fill(PERMISSION);
  const permission = page.getByRole('combobox', { name: 'Permission' });
  await expect(permission.locator('option')).toHaveCount(2);
  await permission.selectOption({ index: 1 });
}

test('who can do what shows a direct and a group holder; a review is started, decided, signed off and its PDF holds the decisions', async ({
  page,
  request,
}) => {
  test.slow();
  const tag = unique();
  const headers = await asAdmin(request);
  const holders = await makeHolders(request, headers, tag);

  // ---- who can do what
  await page.goto('/access/who');
  await expect(page.getByRole('heading', { level: 1, name: 'Who can do what' })).toBeVisible();
  await expect(page.getByText('Choose what to look up.')).toBeVisible();
  await pickPermission(page);
  await page.getByRole('searchbox', { name: 'Filter holders' }).fill(tag);
  const table = page.getByRole('table', { name: 'Who can do what' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: new RegExp(`${holders.direct}.*Direct`) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`${holders.viaGroup}.*User Group: ${holders.groupName}`) })).toBeVisible();
  await expect(table.getByRole('link', { name: holders.direct })).toHaveAttribute('href', `/users/${holders.direct}/view`);
  await expectAccessible(page, 'who can do what');

  // ---- start a review of the permission
  await page.goto('/access/reviews');
  await page.getByRole('link', { name: 'Start a review' }).click();
  await page.getByRole('textbox', { name: /Name/ }).fill(`E2E review ${tag}`);
  await page.getByRole('combobox', { name: 'Review' }).selectOption('role');
  await page.getByRole('searchbox', { name: 'Search' }).fill(PERMISSION);
  await page.getByRole('checkbox', { name: 'Edit Workflow' }).check();
  await page.getByRole('checkbox', { name: /^e2e\.admin/ }).check();
  await expectAccessible(page, 'a new access review');
  await page.getByRole('button', { name: 'Start review' }).click();
  await expect(toast(page, 'Review started with')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `E2E review ${tag}` })).toBeVisible();

  // ---- decide: remove the direct holding, keep the group's with a comment
  await page.getByRole('checkbox', { name: `Select Edit Workflow of ${holders.direct}` }).check();
  await page.getByRole('button', { name: 'Remove selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove 1 holding?' });
  await expectAccessible(page, 'the removal confirmation');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, '1 decision saved, 1 holding removed.')).toBeVisible();
  await page.getByRole('checkbox', { name: `Select Edit Workflow of ${holders.viaGroup}` }).check();
  await page.getByRole('textbox', { name: 'Comment' }).fill('Still runs the site');
  await page.getByRole('button', { name: 'Keep selected' }).click();
  await expect(toast(page, '1 decision saved.')).toBeVisible();
  await expect(page.getByText(`Kept by e2e.admin: “Still runs the site”`)).toBeVisible();
  await expectAccessible(page, 'an access review being decided');

  // The removal reached the user: who can do what no longer lists them; the group's member stays.
  const after = await request.get(`/api/access/holders?kind=role&id=${holders.roleId}&licenseId=${holders.licenseId}&filter=${tag}`, { headers });
  expect(((await after.json()) as { items: { holderName: string }[] }).items.map((h) => h.holderName)).toEqual([holders.viaGroup]);

  // ---- sign off; the review becomes read-only
  await page.getByRole('button', { name: 'Sign off' }).click();
  await page.getByRole('dialog', { name: 'Sign off the review?' }).getByRole('button', { name: 'Sign off' }).click();
  await expect(toast(page, 'Review signed off.')).toBeVisible();
  await expect(page.getByText(/Signed off by e2e\.admin/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove selected' })).toHaveCount(0);

  // ---- the PDF report holds the decisions
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Report PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^access-review-\d+\.pdf$/);
  const text = pdfText(fs.readFileSync(await download.path()));
  expect(text).toContain(`Access review: E2E review ${tag}`);
  expect(text).toMatch(/Signed off by e2e\.admin/);
  const block = (name: string) => text.slice(text.indexOf(name), text.indexOf(name) + 400);
  expect(block(holders.direct)).toMatch(/Decision: Remove by e2e\.admin/);
  expect(block(holders.viaGroup)).toMatch(/User Group: Review crew/);
  expect(block(holders.viaGroup)).toMatch(/Decision: Keep by e2e\.admin .*Comment: Still runs the site/);
  await expectAccessible(page, 'a signed-off access review');
});
