/**
 * The licence view (spec 1: LicenseIdView): its details and stats table, the product licence
 * add-on usage, the monthly users report of super administrators (Current or one month and
 * year, as a table and a chart, both exported as CSV), the integrations and the History; a
 * licence administrator sees their own licence without the report, and another licence as
 * not found.
 */
import fs from 'node:fs';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { sessionToken, stateFile } from './support';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface ReportMonth {
  year: number;
  month: number;
  addOns: { addOnId: number; name: string; users: number }[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

async function downloaded(page: Page, button: Locator): Promise<{ name: string; lines: string[] }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  return { name: download.suggestedFilename(), lines: text.trimEnd().split(/\r\n/) };
}

async function licenseIdOf(request: APIRequestContext, token: string, name: string): Promise<number> {
  const licenses = (await (await request.get('/api/license', { headers: bearer(token) })).json()) as { licenseId: number; name: string }[];
  const found = licenses.find((license) => license.name === name);
  expect(found, `the licence ${name}`).toBeDefined();
  return found!.licenseId;
}

test.describe('a super administrator', () => {
  test.use({ storageState: stateFile('superAdmin') });

  test('sees Northwind’s usage, its users report as a table and a chart for Current and a past month, its integrations and History', async ({
    page,
    request,
  }) => {
    await page.goto('/license/list');
    await page.getByRole('cell', { name: 'Northwind Construction', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Construction' })).toBeVisible();
    const licenseId = Number(/\/license\/(\d+)\/view/.exec(page.url())![1]);

    // ---- details: the stats table, the expiry line (400 days away: no days-left badge)
    await expect(page.getByRole('tab', { name: 'Details', selected: true })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Projects/ })).toContainText('10');
    await expect(page.getByRole('row', { name: /^Users/ })).toContainText('80');
    await expect(page.getByText(/^Expires on /)).toBeVisible();
    await expect(page.getByText(/days? left$/)).toHaveCount(0);
    await expectAccessible(page, 'the licence details');

    // ---- product licence add-on usage: a bar when the maximum is above 0, 'Unlimited' and 'N/A' otherwise
    await page.getByRole('tab', { name: 'Product Licenses' }).click();
    await expect(page).toHaveURL(/#addons$/);
    const siteSense = page.getByRole('row', { name: /^SiteSense/ });
    await expect(siteSense.getByRole('cell').nth(2)).toHaveText('80');
    await expect(siteSense.getByRole('progressbar', { name: 'SiteSense usage' })).toHaveAttribute('aria-valuetext', /^\d+%$/);
    const sensors = page.getByRole('row', { name: /^Sensors/ });
    await expect(sensors.getByRole('cell').nth(2)).toHaveText('Unlimited');
    await expect(sensors.getByRole('progressbar', { name: 'Sensors usage' })).toHaveAttribute('aria-valuetext', 'N/A');
    await expect(
      page
        .getByRole('row', { name: /^Material Control/ })
        .getByRole('cell')
        .nth(2),
    ).toHaveText('40');
    await expectAccessible(page, 'the product licence usage');

    // ---- the users report: Current first, as a table and a chart
    const report = (await (
      await request.get(`/api/licenses/${licenseId}/usersreport?startMonth=10&startYear=2018`, { headers: bearer(await sessionToken(page)) })
    ).json()) as {
      monthlyReports: ReportMonth[];
      current: ReportMonth;
    };
    expect(report.monthlyReports.length).toBeGreaterThan(12);
    await page.getByRole('tab', { name: 'Users Report' }).click();
    const month = page.getByRole('combobox', { name: 'Month' });
    await expect(month).toHaveValue('current');
    await expect(month.getByRole('option').first()).toHaveText('Current');
    // One month and year per report, none before October 2018.
    await expect(month.getByRole('option')).toHaveCount(report.monthlyReports.length + 1);
    const table = page.getByRole('table', { name: 'Users report, Current' });
    for (const addon of report.current.addOns) await expect(table.getByRole('row', { name: new RegExp(`^${addon.name}`) })).toBeVisible();
    const chart = page.getByRole('img', { name: /^Line chart of users per product license from / });
    await expect(chart).toBeVisible();
    await expect(chart.locator('.recharts-line')).toHaveCount(report.current.addOns.length);
    await expectAccessible(page, 'the users report, Current');

    // ---- a past month: a year ago, its stored figures in the table, the table's CSV, the chart's CSV
    const past = report.monthlyReports.at(-12)!;
    const label = `${MONTHS[past.month - 1]} ${past.year}`;
    await month.selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`\\?month=${past.year}-${String(past.month).padStart(2, '0')}#users-report$`));
    const pastTable = page.getByRole('table', { name: `Users report, ${label}` });
    for (const addon of past.addOns)
      await expect(
        pastTable
          .getByRole('row', { name: new RegExp(`^${addon.name}`) })
          .getByRole('cell')
          .nth(1),
      ).toHaveText(String(addon.users));
    const csv = await downloaded(page, page.getByRole('button', { name: 'Export CSV', exact: true }));
    expect(csv.name).toMatch(/^users-report-Northwind-Construction-\d{4}-\d{2}\.csv$/);
    expect(csv.lines).toEqual(['Product License,Users', ...past.addOns.map((addon) => `${addon.name},${addon.users}`)]);
    const chartCsv = await downloaded(page, page.getByRole('button', { name: 'Export chart CSV' }));
    expect(chartCsv.name).toBe('users-report-Northwind-Construction-by-month.csv');
    // One column per product licence of any month or today (one that month lacked reads 0).
    const header = chartCsv.lines[0]!.split(',');
    expect(header[0]).toBe('Month');
    expect(new Set(header.slice(1))).toEqual(new Set([...report.monthlyReports, report.current].flatMap((m) => m.addOns.map((addon) => addon.name))));
    const pastRow = chartCsv.lines.find((line) => line.startsWith(`${label},`))!.split(',');
    header.slice(1).forEach((name, i) => expect(pastRow[i + 1]).toBe(String(past.addOns.find((addon) => addon.name === name)?.users ?? 0)));
    expect(chartCsv.lines.at(-1)).toMatch(/^Current,/);
    await expectAccessible(page, 'the users report for a past month');
    // The month is in the URL: a reload shows it again.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(`${past.year}-${String(past.month).padStart(2, '0')}`);

    // ---- integrations: cards with the name, the integration's image and the description, and a Setup on each (issue 36 item 19)
    await page.getByRole('tab', { name: 'Integrations' }).click();
    const cards = page.getByRole('list', { name: 'Integrations' }).getByRole('listitem');
    await expect(cards.filter({ hasText: 'Procore' })).toContainText('Projects, RFIs and submittals.');
    await expect(cards.filter({ hasText: 'Microsoft Power BI' })).toContainText('Report datasets.');
    const logo = cards.filter({ hasText: 'Procore' }).getByRole('img', { name: 'Procore logo' });
    await expect(logo).toHaveAttribute('src', '/integrations/procore.svg');
    // Served by our own host, drawn, and a picture rather than the initials in a box.
    const svg = await page.request.get('/integrations/procore.svg');
    expect(svg.status()).toBe(200);
    expect(await svg.text()).not.toContain('<text');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // One Setup per card, named by its integration.
    await expect(cards.getByRole('link', { name: /^Setup / })).toHaveCount(await cards.count());
    await expect(cards.filter({ hasText: 'Procore' }).getByRole('link', { name: 'Setup Procore' })).toBeVisible();
    await expectAccessible(page, 'the integrations');

    // ---- History
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('tab', { name: 'History', selected: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expectAccessible(page, 'the licence History');

    // A card's Setup opens the licence's integrations in its editor, at that integration.
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await page.getByRole('link', { name: 'Setup Microsoft Power BI' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Northwind Construction' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Microsoft Power BI' })).toBeFocused();
    await expect(page.getByRole('checkbox', { name: 'Microsoft Power BI' })).toBeInViewport();
  });
});

test.describe('a licence administrator', () => {
  test.use({ storageState: stateFile('licenseAdmin') });

  test('sees their own licence without the users report, and another licence as not found', async ({ page, browser, request }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'License', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Construction' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Users Report' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Product Licenses' }).click();
    await expect(page.getByRole('row', { name: /^SiteSense/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await expect(page.getByRole('list', { name: 'Integrations' }).getByRole('listitem').filter({ hasText: 'Procore' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Setup/ })).toHaveCount(0);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('tab', { name: 'History', selected: true })).toBeVisible();
    // The report's own address does not help either.
    const own = new URL(page.url()).pathname;
    await page.goto('/');
    await page.goto(`${own}#users-report`);
    await expect(page.getByRole('tab', { name: 'Details', selected: true })).toBeVisible();

    // Another licence (its id read as a super administrator) answers 404: not found.
    const superContext = await browser.newContext({ storageState: stateFile('superAdmin') });
    const superPage = await superContext.newPage();
    await superPage.goto('/');
    const harbour = await licenseIdOf(request, await sessionToken(superPage), 'Harbour Bridge JV');
    await superContext.close();
    await page.goto(`/license/${harbour}/view`);
    await expect(page.getByText('License not found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Bridge JV' })).toHaveCount(0);
    await expectAccessible(page, 'another licence');
  });
});
