import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('http://localhost:4300/login?returnTo=%2Fusers');
  await page.getByRole('textbox', { name: 'User name' }).fill('licadmin');
  await page.getByLabel(/^Password\*?$/).fill('Demo-Password-1');
  await page.waitForLoadState('networkidle');
  if (run === 2) await browser.startTracing(page, { path: '/tmp/trace/tl.json', categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8'] });
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator('tbody tr td').first().waitFor();
  if (run === 2) await browser.stopTracing();
  await context.close();
}
await browser.close();
