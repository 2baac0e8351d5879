/**
 * Users from a CSV file (issue 39) end to end, as a licence administrator of Northwind: 'Import
 * users' on the users list, a file with new, changed and broken rows dropped on the page, its
 * preview (counts, refused rows with line, column and message, a changed row's before → after,
 * the unknown group), Apply, the users listed afterwards, and the History saying 'Imported'.
 */
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { expect, expectAccessible, test } from './test';
import { stateFile } from './support';
import { asAdmin, toast, unique } from './data';

test.use({ storageState: stateFile('licenseAdmin') });

test('import users from a file: preview new, changed and broken rows, apply, see them listed and their History', async ({ page, request }) => {
  test.slow();
  const tag = unique();
  const headers = await asAdmin(request);
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'Northwind Construction')!.licenseId;
  // A group of the test's own (no product licence: it takes no seat), and a user the file changes.
  const group = `E2E import crew ${tag}`;
  expect(
    (await request.post('/api/userGroup/create', { headers, data: { LicenseId: licenseId, Name: group, RoleIds: [], ProjectIds: [], AddOnIds: [] } })).ok(),
  ).toBe(true);
  const known = `zz.import.${tag}.known`;
  expect(
    (
      await request.post(`/api/users/${known}`, {
        headers,
        data: { userName: known, firstName: 'Kim', lastName: 'Known', email: `${known}@import.example`, position: 'Rigger', licenseId },
      })
    ).ok(),
  ).toBe(true);

  const fresh = [`zz.import.${tag}.ann`, `zz.import.${tag}.bob`];
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'user-import-')), 'users.csv');
  fs.writeFileSync(
    file,
    '\uFEFF' +
      [
        'userName;firstName;lastName;email;position;userGroups',
        `${fresh[0]};Ann;Import;${fresh[0]}@import.example;Welder;${group}`,
        `${fresh[1]};Bob;Import;${fresh[1]}@import.example;Fitter;`,
        `${known};Kim;Known;${known}@import.example;Crane operator;`,
        `zz.import.${tag}.broken;;Import;not-an-email;;`,
        `zz.import.${tag}.lost;Lou;Import;lou@import.example;;No such crew ${tag}`,
        '',
      ].join('\r\n'),
  );

  // ---- the list's 'Import users' opens the import page
  await page.goto('/users');
  await page.getByRole('link', { name: 'Import users' }).click();
  await expect(page).toHaveURL(/\/users\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download template' })).toBeVisible();
  await expectAccessible(page, 'the import page');

  // ---- the file, chosen: its preview
  await page.getByLabel('User file (CSV)').setInputFiles(file);
  await expect(page.getByText('5 rows: 2 new, 1 changed, 0 unchanged, 2 refused.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'User groups that do not exist' })).toContainText(`No such crew ${tag}`);
  const rows = page.getByRole('table', { name: 'The file’s rows' });
  // Refused rows are shown first, with their line, column and the form's message.
  await expect(rows.getByRole('row', { name: /broken/ })).toContainText('firstName: Please enter a first name.');
  await expect(rows.getByRole('row', { name: /broken/ })).toContainText('email: Please enter a valid email.');
  await expect(
    rows
      .getByRole('row', { name: /broken/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('5');
  await expect(rows.getByRole('row', { name: /lost/ })).toContainText(`userGroups: There is no user group No such crew ${tag} in this license.`);
  await expectAccessible(page, 'the preview');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('changed');
  await expect(rows.getByRole('row', { name: new RegExp(known.replace(/\./g, '\\.')) })).toContainText('Position');
  await expect(rows.getByRole('row', { name: new RegExp(known.replace(/\./g, '\\.')) })).toContainText(/Rigger.*→.*Crane operator/);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('new');
  for (const name of fresh) await expect(rows.getByRole('row', { name: new RegExp(name.replace(/\./g, '\\.')) })).toBeVisible();

  // ---- apply: the valid rows are written, the broken ones left out
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, '2 users created, 1 changed.')).toBeVisible();
  const result = page.getByRole('status').filter({ hasText: 'Users imported' });
  await expect(result).toContainText('2 users created, 1 changed.');
  await expectAccessible(page, 'the result');
  await result.getByRole('link', { name: 'Back to the users list' }).click();

  // ---- the users listed
  await expect(page).toHaveURL(/\/users([?#]|$)/);
  await page.getByRole('searchbox').first().fill(`zz.import.${tag}`);
  const list = page.getByRole('table').first();
  for (const name of [...fresh, known]) await expect(list.getByRole('row', { name: new RegExp(name.replace(/\./g, '\\.')) })).toBeVisible();
  await expect(list.getByRole('row', { name: /broken/ })).toHaveCount(0);

  // ---- History: 'Imported'
  await list.getByRole('row', { name: new RegExp(fresh[0]!.replace(/\./g, '\\.')) }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('Imported', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'the History of an imported user');
});
