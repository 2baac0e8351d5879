/**
 * History on every view, and the audit log: a change made in the console shows in the view's
 * History tab at once, field by field, newest first; the licence's audit log finds it by who
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
  expect((await request.post(`/api/users/${name}`, { headers, data: { userName: name, firstName: 'Hana', lastName: 'Story', email: `${name}@example.test`, position: 'Rigger', licenseId } })).ok()).toBe(true);

  await page.goto(`/users/${name}/view`);
  await page.getByRole('textbox', { name: 'Position' }).fill('Crane operator');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'User saved.')).toBeVisible();

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/#history$/);
  const history = page.getByRole('table', { name: 'History' });
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('e2e.admin');
  await expect(newest).toContainText(`PUT /api/users/${name}`);
  await expect(newest).toContainText('position');
  await expect(newest).toContainText('from Rigger → to Crane operator');
  // The creation by the super administrator is the older entry.
  await expect(history.getByRole('row').nth(2)).toContainText('admin');
  await expectAccessible(page, 'the History tab');

  // The licence's audit log finds it by who and by kind, and keeps the filters in the URL.
  await openSection(page, 'Audit Log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Who' }).fill('e2e.admin');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('user');
  await expect(page).toHaveURL(/actor=e2e\.admin/);
  await expect(page).toHaveURL(/kind=user/);
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: 'from Rigger → to Crane operator' })).toBeVisible();
  await expectAccessible(page, 'the audit log');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Who' })).toHaveValue('e2e.admin');
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'from Rigger → to Crane operator' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit.csv');
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
  expect(text).toContain('When,Who,Entity,Entity Id,Call,Status,Changes');
  expect(text).toContain('position: Rigger → Crane operator');
});
