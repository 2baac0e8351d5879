/**
 * Unsaved changes are never lost without a question: another tab of the view, another page,
 * a reload, another licence's projects. Nothing here saves: the user is a demo user, left as it was.
 */
import { expect, expectAccessible, test } from './test';
import { stateFile, openSection } from './support';

test.use({ storageState: stateFile('licenseAdmin') });

test('leaving a user’s unsaved details asks first: Stay keeps them, Discard changes leaves', async ({ page }) => {
  await page.goto('/users/alex.nguyen/view#details');
  const position = page.getByRole('textbox', { name: 'Position' });
  await expect(position).toHaveValue('Rigger');
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });

  // Nothing changed: tabs and links move at once.
  await page.getByRole('tab', { name: 'Projects' }).click();
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(question).toBeHidden();

  await position.fill('Crane rigger');
  // Another tab of the view.
  await page.getByRole('tab', { name: 'Projects' }).click();
  await expect(question).toBeVisible();
  await expectAccessible(page, 'the unsaved-changes question');
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(position).toHaveValue('Crane rigger');

  // Another page, through the navigation.
  await openSection(page, 'Projects');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/users\/alex\.nguyen\/view/);
  await expect(position).toHaveValue('Crane rigger');

  // A reload: the browser's own question.
  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.dismiss())));
  await page.reload({ timeout: 2_000 }).catch(() => undefined);
  expect(await asked).toBe('beforeunload');
  await expect(position).toHaveValue('Crane rigger');

  await openSection(page, 'Projects');
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/projects/);
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Position' })).toHaveValue('Rigger');
});

test('a new user group typed but not made asks before its page is left', async ({ page }) => {
  await page.goto('/userGroups/new');
  await page.getByRole('textbox', { name: /User Group Name/ }).fill('Night shift');
  await page.getByRole('link', { name: 'User groups' }).click();
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/users#groups$/);
  await expect(page.getByRole('table', { name: 'User groups' })).toBeVisible();
});

test.describe('as a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('a user’s projects tab shows another licence’s projects, and asks before dropping unsaved ticks', async ({ page }) => {
    await page.goto('/users/alex.nguyen/view#projects');
    const license = page.getByRole('combobox', { name: 'License' });
    await expect(page.getByRole('checkbox', { name: /Northwind Tower A/ })).toBeVisible();
    await license.selectOption({ label: 'Harbour Bridge JV (0)' });
    await expect(page.getByRole('checkbox', { name: /Harbour Bridge Deck/ })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Northwind Tower A/ })).toHaveCount(0);

    // Another licence's projects are shown but cannot be given without Access Other Projects (issue 36 item 15).
    await expect(page.getByRole('checkbox', { name: /Harbour Bridge Deck/ })).toBeDisabled();

    // A tick not saved yet in the user's own licence: another licence asks first.
    await license.selectOption({ label: 'Northwind Construction (1)' });
    const tick = page.getByRole('checkbox', { name: /Northwind/, checked: false, disabled: false }).first();
    const checked = page.getByRole('checkbox', { checked: true });
    const before = await checked.count();
    await tick.check();
    await expect(checked).toHaveCount(before + 1);
    await license.selectOption({ label: 'Harbour Bridge JV (0)' });
    const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(checked).toHaveCount(before + 1);
    await expect(license.locator('option:checked')).toHaveText('Northwind Construction (1)');

    await license.selectOption({ label: 'Harbour Bridge JV (0)' });
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByRole('checkbox', { name: /Harbour Bridge Deck/ })).toBeVisible();
    await expect(license.locator('option:checked')).toHaveText('Harbour Bridge JV (0)');
  });
});
