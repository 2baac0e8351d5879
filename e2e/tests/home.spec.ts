/**
 * Home that says what needs attention (issue 41): for the signed-in administrator's licence(s),
 * cards that count what needs them and show the most urgent few, each opening the screen that
 * acts on it — nothing the user may not open, nothing of another licence's. On the demo data:
 * Harbour Bridge JV expires in 30 days and Old Mill Renovation's third product licence is at
 * its limit with dormant accounts holding seats (seat-dashboard.spec.ts); Northwind's
 * administrator sees only Northwind's.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { sessionToken, stateFile } from './support';

type Attention = { cards: { id: string; count: number; items: { title: string }[] }[] };

const TITLES: Record<string, string> = {
  'licenses-expiring': 'Licenses expiring',
  'seats-nearly-full': 'Product licenses nearly full',
  'dormant-accounts': 'Dormant accounts',
  'second-factor-missing': 'Second factor not set up',
  'imports-failed': 'Failed imports',
};

const attentionRegion = (page: Page) => page.getByRole('region', { name: 'Needs your attention' });
/** A card, by its heading. */
const card = (page: Page, title: string): Locator =>
  attentionRegion(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title }) });

async function attentionOf(page: Page, request: APIRequestContext): Promise<Attention> {
  const answer = await request.get('/api/home/attention', { headers: { authorization: `Bearer ${await sessionToken(page)}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Attention;
}

/** Home at desktop width and at 390 px: no sideways scroll, no accessibility violation. */
async function checkWidths(page: Page, who: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(attentionRegion(page)).toBeVisible();
    const size = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(size.page, `${who}'s home at ${width} px scrolls sideways`).toBeLessThanOrEqual(size.window);
    await expectAccessible(page, `${who}'s home at ${width} px`);
  }
}

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('sees every licence’s cards, the spec’s home text above them, and each card opens its screen', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByText(/^Use the links across the top to manage /)).toBeVisible();
    const expiring = card(page, 'Licenses expiring');
    await expect(expiring.getByRole('link', { name: 'Harbour Bridge JV' })).toBeVisible();
    await expect(
      card(page, 'Product licenses nearly full')
        .getByText(/Old Mill Renovation/)
        .first(),
    ).toBeVisible();
    await expect(card(page, 'Dormant accounts')).toBeVisible();
    // Only cards whose screens the role opens: e2e.super does not administer import systems.
    await expect(card(page, 'Failed imports')).toHaveCount(0);

    // Every card the API counts is on the page, with its count.
    for (const counted of (await attentionOf(page, request)).cards) {
      await expect(card(page, TITLES[counted.id]!).getByTitle(`${counted.count.toLocaleString('en-US')} in all`)).toBeVisible();
    }
    await checkWidths(page, 'a super administrator');

    await expiring.getByRole('link', { name: 'Harbour Bridge JV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Bridge JV' })).toBeVisible();
    await page.goBack();
    await card(page, 'Licenses expiring').getByRole('link', { name: 'Licenses expiring' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Licenses' })).toBeVisible();
    await page.goBack();
    await card(page, 'Dormant accounts').getByRole('listitem').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/license\/\d+\/view#addons$/);
    await expect(page.getByRole('table', { name: 'Product license usage' })).toBeVisible();
  });
});

test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('sees only their own licence’s cards, each opening its screen, by mouse and keyboard', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    const attention = await attentionOf(page, request);
    // The demo's Northwind has accounts holding seats that have not signed in for 90 days.
    expect(attention.cards.map((c) => c.id)).toContain('dormant-accounts');
    await expect(attentionRegion(page).getByRole('heading', { level: 3 })).toHaveText(attention.cards.map((c) => TITLES[c.id]!));
    // Nothing of another licence's (Harbour Bridge expires in 30 days; Old Mill is nearly full).
    await expect(page.getByText('Harbour Bridge JV')).toHaveCount(0);
    await expect(page.getByText(/Old Mill/)).toHaveCount(0);
    await expect(card(page, 'Licenses expiring')).toHaveCount(0);
    await expect(card(page, 'Failed imports')).toHaveCount(0);
    await checkWidths(page, 'a licence administrator');

    // The card's heading opens their own licence's seat dashboard, from the keyboard too.
    const heading = card(page, 'Dormant accounts').getByRole('link', { name: 'Dormant accounts', exact: true });
    await heading.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Construction' })).toBeVisible();
    await expect(page).toHaveURL(/#addons$/);
    await expect(page.getByRole('table', { name: 'Product license usage' })).toBeVisible();
  });
});
