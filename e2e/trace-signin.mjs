import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const path = process.argv[2] ?? '/users';
for (let run = 0; run < 4; run++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('http://localhost:4300/login?returnTo=' + encodeURIComponent(path));
  await page.getByRole('textbox', { name: 'User name' }).fill('licadmin');
  await page.getByLabel(/^Password\*?$/).fill('Demo-Password-1');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    performance.clearResourceTimings(); window.__lt = []; window.__ms = {};
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([e.startTime, Math.round(e.duration)]); }).observe({ type: 'longtask' });
    document.addEventListener('click', (e) => (window.__click ??= e.timeStamp), { capture: true, once: true });
    new MutationObserver(() => {
      const now = performance.now(); const m = window.__ms;
      const h = [...document.querySelectorAll('h1')].map((x) => x.textContent.trim()).join('|'); if (!m['h1:' + h]) m['h1:' + h] = now;
      const n = document.querySelectorAll('tbody tr').length; if (!m['rows' + n]) m['rows' + n] = now;
      if (document.querySelector('tbody tr td') && !m.td) m.td = now;
      const sp = [...document.querySelectorAll('[role=status],[aria-busy=true]')].map((x) => (x.getAttribute('aria-label') || x.textContent.trim()).slice(0, 30)).join('|'); if (!m['busy:' + sp]) m['busy:' + sp] = now;
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator('tbody tr td').first().waitFor();
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => ({ ms: Object.entries(window.__ms).map(([k, v]) => `${Math.round(v - window.__click)} ${k}`), lt: window.__lt.map(([s, d]) => [Math.round(s - window.__click), d]), res: performance.getEntriesByType('resource').map((e) => ({ n: e.name.replace(location.origin, '').slice(0, 70), s: Math.round(e.startTime - window.__click), e: Math.round(e.responseEnd - window.__click) })) }));
  console.log(`run ${run}: td at ${r.ms.find((x) => x.endsWith(' td'))}`);
  if (run >= 2) { console.log(r.ms.join('\n')); console.log('long tasks', JSON.stringify(r.lt)); for (const x of r.res) console.log(String(x.s).padStart(5), String(x.e).padStart(5), x.n); }
  await context.close();
}
await browser.close();
