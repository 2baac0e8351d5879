/**
 * History on every view, and the audit log: a change made in the console shows in the view's
 * History tab at once, in words ('Changed position', 'Password set by admin'), field by field
 * under the form's labels, the call behind Details, newest first; the licence's audit log finds it by who
 * and by kind, keeps its filters in the URL and exports CSV.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, stateFile, openSection } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a user’s change shows in their History and in the audit log', async ({ page, request }) => {
  const name = `e2e.history.${Date.now()}`;
  const login = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'Northwind Construction')!.licenseId;
  expect(
    (
      await request.post(`/api/users/${name}`, {
        headers,
        data: { userName: name, firstName: 'Hana', lastName: 'Story', email: `${name}@example.test`, position: 'Rigger', licenseId },
      })
    ).ok(),
  ).toBe(true);

  await page.goto(`/users/${name}/view`);
  await page.getByRole('textbox', { name: 'Position' }).fill('Crane operator');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'User saved.')).toBeVisible();

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/#history$/);
  const history = page.getByRole('table', { name: 'History' });
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('e2e.admin');
  // In words (issue 36 item 16): what it did, the field as the form names it; the call only behind Details.
  await expect(newest.getByText('Changed position', { exact: true })).toBeVisible();
  await expect(newest.getByText('Position', { exact: true })).toBeVisible();
  await expect(newest).toContainText('from Rigger → to Crane operator');
  const call = newest.getByText(`PUT /api/users/${name}`);
  await expect(call).toBeHidden();
  await newest.getByText('Details', { exact: true }).click();
  await expect(call).toBeVisible();
  // The creation by the super administrator is the older entry.
  const creation = history.getByRole('row').nth(2);
  await expect(creation).toContainText('admin');
  await expect(creation.getByText('Created user', { exact: true })).toBeVisible();
  await expect(creation.getByText('First name', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the History tab');

  // A password set by an administrator: said so, and the secret only as 'changed'.
  expect((await request.put(`/api/users/${name}/password`, { headers, data: { mode: 'manual', password: 'Chosen-For-You-123' } })).ok()).toBe(true);
  await page.reload();
  const password = page.getByRole('table', { name: 'History' }).getByRole('row').nth(1);
  await expect(password.getByText('Password set by admin', { exact: true })).toBeVisible();
  await expect(password).toContainText('Password: changed');
  await expect(page.getByRole('table', { name: 'History' })).not.toContainText('redacted');
  await expect(page.getByRole('table', { name: 'History' })).not.toContainText('isSsoUser');

  // The licence's audit log finds it by who and by kind, and keeps the filters in the URL.
  await openSection(page, 'Audit Log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Who' }).fill('e2e.admin');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('user');
  await expect(page).toHaveURL(/actor=e2e\.admin/);
  await expect(page).toHaveURL(/kind=user/);
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: 'from Rigger → to Crane operator' })).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'from Rigger → to Crane operator' })).toContainText('Changed position');
  await expectAccessible(page, 'the audit log');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Who' })).toHaveValue('e2e.admin');
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'from Rigger → to Crane operator' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit.csv');
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
  expect(text).toContain('When,Who,What,Entity,Entity Id,Call,Status,Changes');
  expect(text).toContain('Changed position');
  expect(text).toContain('Position: Rigger → Crane operator');
});
