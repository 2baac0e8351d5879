/**
 * Barcode labels of sites (spec 1 §2, spec 2 §9): the Sites tab's Download Site Barcodes saves
 * 'site barcodes.pdf' (a real PDF), a card's Print saves ZPL for a label printer with the DPMM
 * chosen, and on a phone Print opens the SiteSense mobile app's link and, the app not being
 * there, says 'SiteSense mobile App is not installed.' after 2 seconds. Each test makes its own
 * project and sites through the API in SiteSense Internal, as sites.spec.ts does.
 */
import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { ADMIN_PASSWORD, signIn } from './support';
import { toast, asAdmin, unique, makeProject, makeSites } from './data';

/** A project with two top-level sites, one with a tree. */
async function projectWithSites(request: APIRequestContext, prefix: string): Promise<number> {
  const headers = await asAdmin(request);
  const projectId = await makeProject(request, headers, `${prefix} ${unique()}`);
  await makeSites(request, headers, projectId, [{ name: 'Yard', children: [{ name: 'Rack A', children: [{ name: 'Bin 1' }] }] }, { name: 'Dock' }]);
  return projectId;
}

async function openSitesTab(page: Page, projectId: number) {
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/projects/${projectId}/view#sites`);
  await expect(page.getByRole('region', { name: 'Yard' })).toBeVisible();
}

test.describe('barcode labels', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('Download Site Barcodes saves ‘site barcodes.pdf’; a card’s Print saves ZPL with the DPMM chosen', async ({ page, request }, testInfo) => {
    const projectId = await projectWithSites(request, 'Labels');
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSitesTab(page, projectId);

    // ---- every site the tab shows, as a PDF
    await page.getByRole('button', { name: 'Download Site Barcodes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print labels' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription('4 labels, one per site: every top-level site the tab shows and their child sites.');
    await expect(dialog.getByRole('radio', { name: 'PDF (desktop)' })).toBeChecked();
    await expectAccessible(page, 'Print labels (PDF)');
    await page.screenshot({ path: testInfo.outputPath('print-labels-1280.png') });
    const [pdf] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe('site barcodes.pdf');
    expect(
      fs
        .readFileSync(await pdf.path())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('%PDF');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Download Site Barcodes' })).toBeFocused();

    // ---- one card's site and its descendants, as ZPL at 12 dots/mm
    await page.getByRole('button', { name: 'Print labels of Yard' }).click();
    await expect(dialog).toHaveAccessibleDescription('3 labels, one per site: Yard and its 2 child sites.');
    await dialog.getByRole('radio', { name: 'Label printer (ZPL)' }).check();
    await dialog.getByRole('combobox', { name: 'Printer resolution (DPMM)' }).selectOption({ label: '12 dots/mm (300 dpi)' });
    await dialog.getByRole('combobox', { name: 'Sorting' }).selectOption({ label: 'Name A→Z' });
    await expectAccessible(page, 'Print labels (ZPL)');
    await page.screenshot({ path: testInfo.outputPath('print-labels-zpl-1280.png') });
    const [zpl] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download ZPL' }).click()]);
    expect(zpl.suggestedFilename()).toBe('site barcodes.zpl');
    const text = fs.readFileSync(await zpl.path(), 'utf8');
    expect(text).toContain('^XA');
    // 4 × 2 in at 12 dots/mm: 1219 dots wide.
    expect(text).toContain('^PW1219');
    const names = [...text.matchAll(/\^A0N[^\n]*\^FD([^^]+)\^FS/g)].map((match) => match[1]);
    expect(names).toEqual(['Bin 1', 'Rack A', 'Yard']);
    expect(text).not.toContain('Dock');
  });

  test('on a phone, Print opens the mobile app and says it is not installed after 2 seconds', async ({ browser, request, baseURL }, testInfo) => {
    const projectId = await projectWithSites(request, 'Phone labels');
    const context = await (browser as Browser).newContext({
      baseURL,
      isMobile: true,
      hasTouch: true,
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    try {
      await openSitesTab(page, projectId);
      await page.getByRole('button', { name: 'Print labels of Yard' }).click();
      const dialog = page.getByRole('dialog', { name: 'Print labels' });
      await expect(dialog.getByText('The labels go to the SiteSense mobile app as ZPL for its label printer.')).toBeVisible();
      await expect(dialog.getByRole('radio')).toHaveCount(0);
      await expectAccessible(page, 'Print labels on a phone');
      await page.screenshot({ path: testInfo.outputPath('print-labels-390.png') });
      const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
      expect(width.page).toBeLessThanOrEqual(width.phone);

      // The app's link: Chromium has no handler for the scheme, so the page stays where it is.
      // The links the page opens are noted to compare with the labels the API answered.
      await page.evaluate(() => {
        const links: string[] = [];
        (window as unknown as { mobileLinks: string[] }).mobileLinks = links;
        document.addEventListener(
          'click',
          (event) => {
            const href = (event.target as HTMLAnchorElement).href;
            if (href?.startsWith('ssmobilestandard:')) links.push(href);
          },
          true,
        );
      });
      const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/api/list/labels'));
      await dialog.getByRole('button', { name: 'Print in mobile app' }).click();
      const response = await answered;
      expect(response.url()).toContain('asBase64=true');
      const { Data } = (await response.json()) as { Data: string };
      const zpl = Buffer.from(Data, 'base64').toString('utf8');
      expect(zpl).toContain('^XA');
      expect(zpl).toContain('Rack A');
      const clicked = Date.now();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { mobileLinks: string[] }).mobileLinks))
        .toEqual([`ssmobilestandard:?data=${encodeURIComponent(Data)}`]);
      await expect(dialog).toBeHidden();
      await expect(toast(page, 'SiteSense mobile App is not installed.')).toBeVisible({ timeout: 5000 });
      expect(Date.now() - clicked).toBeGreaterThanOrEqual(1500);
      await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/view#sites$`));
      await expectAccessible(page, 'the phone’s Sites tab with the warning');
    } finally {
      await context.close();
    }
  });
});
