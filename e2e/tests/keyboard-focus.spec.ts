/**
 * Keyboard and screen-reader use, as a licence administrator of Northwind: a dialog gives
 * focus back to the control that opened it (Escape, Cancel, done: the bulk review, 'Discard
 * unsaved changes?', Auto Reset); a focused tab panel shows a focus ring; row checkboxes are
 * named after their row; an invalid submit moves focus to the first field in error; after the
 * sign-in and after a link the next page replaces, focus starts at Skip to content.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, stateFile, userNameField } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();

/** Whether focus is on `control`, or (the control being busy or gone after the change) on the container holding it: never the page's body. */
const focusIsBackOn = (control: Locator) =>
  control.evaluate((element) => {
    const active = document.activeElement;
    return Boolean(active && active !== document.body && (active === element || active.contains(element)));
  });

/** Two Northwind users of the test's own, with e-mail and SiteSense, and a group of its own, made through the API. */
async function makeUsersAndGroup(request: APIRequestContext, tag: string): Promise<{ users: [string, string]; group: string }> {
  const login = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === 'Northwind Construction')!.licenseId;
  const users: [string, string] = [`zz.focus.${tag}.a`, `zz.focus.${tag}.b`];
  for (const name of users) {
    const made = await request.post(`/api/users/${name}`, {
      headers,
      data: { userName: name, firstName: 'Focus', lastName: name, email: `${name}@focus.example`, company: 'Focus Co', licenseId },
    });
    expect(made.ok()).toBe(true);
    expect((await request.put(`/api/users/${name}/addons`, { headers, data: [{ addOnId: 1 }] })).ok()).toBe(true);
  }
  const group = `Zz focus ${tag}`;
  const created = await request.post('/api/userGroup/create', {
    headers,
    data: { LicenseId: licenseId, Name: group, RoleIds: [], ProjectIds: [], AddOnIds: [] },
  });
  expect(created.ok()).toBe(true);
  return { users, group };
}

test('the bulk review gives focus back to the control that opened it, on Escape, Cancel and once applied', async ({ page, request }) => {
  test.slow();
  const { users, group } = await makeUsersAndGroup(request, String(Date.now()));
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(users[0].replace(/\.a$/, ''));
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(3);
  // Each row's box is named after the row, never 'Select row'.
  for (const user of users) await page.getByRole('checkbox', { name: `Select ${user}`, exact: true }).check();
  await expect(page.getByRole('checkbox', { name: 'Select row' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'User group' }).selectOption({ label: `${group} (0)` });
  const assign = page.getByRole('button', { name: 'Assign to group' });
  const review = page.getByRole('dialog', { name: 'Review the change' });

  await assign.focus();
  await page.keyboard.press('Enter');
  await expect(review.getByRole('button', { name: 'Apply the change' })).toBeEnabled();
  await expectAccessible(page, 'the bulk review');
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();
  await expect(assign).toBeFocused();

  await page.keyboard.press('Enter');
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toBeHidden();
  await expect(assign).toBeFocused();

  await page.keyboard.press('Enter');
  await review.getByRole('button', { name: 'Apply the change' }).click();
  await expect(toast(page, `2 users added to ${group}.`)).toBeVisible();
  await expect.poll(() => focusIsBackOn(assign)).toBe(true);
});

test('"Discard unsaved changes?" gives focus back to the tab that asked, on Escape, Stay and Discard changes', async ({ page, request }) => {
  const { users } = await makeUsersAndGroup(request, `d${Date.now()}`);
  await page.goto(`/users/${users[0]}/view`);
  await page.getByRole('textbox', { name: 'Position' }).fill('Rigger');
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  const roles = page.getByRole('tab', { name: 'Roles' });
  const details = page.getByRole('tab', { name: 'Details' });

  await roles.click();
  await expect(question).toBeVisible();
  await expectAccessible(page, 'the unsaved-changes question');
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(roles).toBeFocused();
  await expect(details).toHaveAttribute('aria-selected', 'true');

  // By keyboard: the arrow key asks; Stay leaves focus on the tab that stays selected.
  await details.focus();
  await page.keyboard.press('ArrowRight');
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(details).toBeFocused();

  await roles.click();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(roles).toHaveAttribute('aria-selected', 'true');
  await expect(roles).toBeFocused();
});

test('Auto Reset gives focus back to its button, on Escape, Cancel and once the password is sent', async ({ page, request }) => {
  const { users } = await makeUsersAndGroup(request, `r${Date.now()}`);
  await page.goto(`/users/${users[0]}/view#password`);
  const autoReset = page.getByRole('button', { name: 'Auto Reset' });
  const confirm = page.getByRole('dialog', { name: 'Reset the password?' });

  await autoReset.click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(autoReset).toBeFocused();

  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(autoReset).toBeFocused();

  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Reset and e-mail' }).click();
  await expect(confirm).toBeHidden();
  await expect(autoReset).toBeFocused();
});

test('a focused tab panel shows a focus ring', async ({ page }) => {
  await page.goto('/users/jsmith/view');
  const details = page.getByRole('tab', { name: 'Details' });
  await details.focus();
  await page.keyboard.press('Tab');
  const panel = page.getByRole('tabpanel', { name: 'Details' });
  await expect(panel).toBeFocused();
  const ring = await panel.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBe('2px');
});

test('an invalid submit moves focus to the first field in error', async ({ page }) => {
  await page.goto('/users/new');
  const create = page.getByRole('button', { name: 'Create user' });
  await create.click();
  await expect(page.getByText('Please enter a username.', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Username' }).fill(`zz.focus.${Date.now()}`);
  await page.keyboard.press('Enter');
  // The form's next field in error, in its order: Email.
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expectAccessible(page, 'the new-user form with its messages');
});

test('after signing in with the keyboard, and after a link the next page replaces, focus starts at Skip to content, as on a page just loaded', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login?returnTo=%2Fusers');
  // The user name field has the focus as the page opens: a key typed before it would be lost.
  await expect(userNameField(page)).toBeFocused();
  await page.keyboard.type('licadmin');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  // The Login button is gone: focus is on the page's first stop, shown, not lost on the body.
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('header')))).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // Without it the first Tab went past the header, the navigation and the tab strip, into the Users panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab', { name: 'Users' })).toBeFocused();

  // A link the next page replaces (a row's Copy): focus starts at Skip to content too.
  const copy = page
    .getByRole('table', { name: 'Users' })
    .getByRole('link', { name: /^Copy / })
    .first();
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users\/[^/]+\/duplicate$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Duplicate / })).toBeVisible();
  await expect(skip).toBeFocused();
  await context.close();
});
