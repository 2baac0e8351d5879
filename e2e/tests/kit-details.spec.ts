/**
 * The kit's small things as users meet them: a select shows the whole name it holds; the
 * user, user group and API key views lay their tabs out alike (tabs and panel in one card),
 * and a link to a tab's hash opens it; two toasts at once sit one above the other, neither
 * covering the other.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { sessionToken, stateFile } from './support';

/** Whether the select's chosen option's text fits in it, beside its arrow. */
const showsWholeName = (select: Locator) =>
  select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = element.selectedOptions[0]?.text ?? '';
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, fits: context.measureText(text).width <= room };
  });

/** Whether the view's tab list and its panel sit in one and the same card. */
const tabsInOneCard = (page: Page) =>
  page.evaluate(() => {
    const card = document.querySelector('[role="tablist"]')?.closest('section');
    return Boolean(card && card === document.querySelector('[role="tabpanel"]')?.closest('section'));
  });

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('the licence selects show the whole licence name', async ({ page }) => {
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    for (const select of await page.getByRole('combobox', { name: 'License' }).all()) {
      await select.selectOption({ label: 'Northwind Construction' });
      // The choice goes through the URL: read the select once it shows it again.
      await expect.poll(() => showsWholeName(select)).toEqual({ text: 'Northwind Construction', fits: true });
    }
    // The bulk bar's groups, named with their counts.
    const groups = page.getByRole('combobox', { name: 'User group' });
    await expect(groups.getByRole('option', { name: /^Site Supervisors/ })).toBeAttached();
    await groups.selectOption({ label: (await groups.getByRole('option', { name: /^Site Supervisors/ }).textContent())! });
    expect((await showsWholeName(groups)).fits).toBe(true);
  });
});

test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('the user, user group and API key views lay out their tabs alike: tabs and panel in one card', async ({ page, request }) => {
    await page.goto('/users/jsmith/view');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    expect(await tabsInOneCard(page)).toBe(true);
    // A link to a tab's hash opens that tab, also from the view itself.
    await page.goto('/users/jsmith/view#password');
    await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/#password$/);

    await page.goto('/users#groups');
    await page.getByRole('row', { name: /Site Supervisors/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Site Supervisors' })).toBeVisible();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    expect(await tabsInOneCard(page)).toBe(true);

    const token = await sessionToken(page);
    const licenseId = await page.evaluate(() => JSON.parse(localStorage.getItem('console-session') ?? '{}').state?.licenseId as number);
    const made = await request.post('/api/apikeys', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `Zz layout ${Date.now()}`, licenseId, isActive: true, allProjects: false },
    });
    const { apiKeyId } = (await made.json()) as { apiKeyId: number };
    await page.goto(`/apikeys/${apiKeyId}/view`);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    expect(await tabsInOneCard(page)).toBe(true);
  });

  test('two toasts at once sit one above the other, neither covering the other', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/apikeys/new');
    await page.getByRole('textbox', { name: 'Name' }).fill(`Zz toasts ${Date.now()}`);
    await page.getByRole('button', { name: 'Create API key' }).click();
    const added = page.locator('[data-sonner-toast]').filter({ hasText: 'API key successfully added.' });
    await expect(added).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
    const copied = page.locator('[data-sonner-toast]').filter({ hasText: 'Copied to clipboard!' });
    await expect(copied).toBeVisible();
    // Once both have settled where they stay.
    await expect(async () => {
      const [a, b] = [(await added.boundingBox())!, (await copied.boundingBox())!];
      const apart = a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart).toBe(true);
    }).toPass();
    await expect(added).toBeVisible();
  });
});
