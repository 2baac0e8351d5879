// `npm run bench`: a report (bench/report.md and .json), never a pass/fail test.
// - bundle sizes of every app's production build (raw and gzip);
// - what Chromium downloads for the first load (login page) and for each route after sign-in;
// - API timings of the main list calls on a database with the demo data and a 10,000-user licence.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { pnpmCommand, root, run, step } from './lib.mjs';

const APPS = ['host', 'remote-identity', 'remote-licensing', 'remote-projects-sites', 'remote-workflows'];
const PORT = Number(process.env.BENCH_PORT ?? 4199);
const BASE = `http://localhost:${PORT}`;
const USERS = Number(process.env.BENCH_USERS ?? 10000);
const ADMIN_PASSWORD = 'Bench-Admin-Password-1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const pnpm = pnpmCommand();
const built = APPS.every((app) => fs.existsSync(path.join(root, app, 'dist'))) && fs.existsSync(path.join(root, 'api', 'dist', 'server.js'));
if (!built || process.env.BENCH_BUILD === '1') {
  step('Building (production)');
  run(pnpm, ['-r', '--workspace-concurrency=2', '--filter=!e2e', '--filter=!shared', 'build']);
}

// ------------------------------------------------------------------ bundle sizes
step('Bundle sizes');
const bundles = APPS.map((app) => {
  const dir = path.join(root, app, 'dist');
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const body = fs.readFileSync(path.join(dir, f));
      return { file: f, raw: body.length, gzip: gzipSync(body).length };
    })
    .sort((a, b) => b.raw - a.raw);
  return { app, files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
});
for (const b of bundles) console.log(`${b.app.padEnd(22)} ${kb(b.raw).padStart(10)} raw ${kb(b.gzip).padStart(10)} gzip (${b.files.length} files)`);

// ------------------------------------------------------------------ a server on a seeded database
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-'));
const env = { ...process.env, DATA_DIR: path.join(work, 'data'), PORT: String(PORT), PUBLIC_URL: BASE, ADMIN_PASSWORD, DEMO_PASSWORD: 'Bench-Demo-Password-1', DEMO_IDP: 'false' };
step(`Seeding the demo data and a ${USERS}-user licence`);
run(pnpm, ['--dir', 'api', 'seed', '--users', String(USERS)], { env });
const server = spawn(process.execPath, [path.join(root, 'api', 'dist', 'server.js')], { env, cwd: work, stdio: 'ignore' });
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
};
process.on('exit', stop);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${BASE}/api/health`)).ok) break;
  } catch {
    // Not up yet.
  }
  if (i > 300) throw new Error('The server did not start.');
  await new Promise((r) => setTimeout(r, 200));
}

// ------------------------------------------------------------------ first load and routes in Chromium
step('Loading in Chromium');
const require = createRequire(path.join(root, 'e2e', 'package.json'));
const playwright = await import(pathToFileURL(require.resolve('@playwright/test')).href);
const chromium = playwright.chromium ?? playwright.default.chromium;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage();
let downloads = [];
page.on('response', async (response) => {
  const type = response.request().resourceType();
  if (type !== 'script' && type !== 'stylesheet') return;
  const body = await response.body().catch(() => Buffer.alloc(0));
  downloads.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
});
const measure = async (label, action, ready) => {
  downloads = [];
  const started = performance.now();
  await action();
  await ready();
  await page.waitForLoadState('networkidle');
  const ms = Math.round(performance.now() - started);
  const files = [...downloads];
  return { label, ms, files: files.length, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0), detail: files };
};
const loads = [];
loads.push(await measure('First load: /login', () => page.goto(`${BASE}/login`), () => page.getByRole('button', { name: 'Login' }).waitFor()));
await page.getByRole('textbox', { name: 'User name' }).fill('admin');
await page.getByLabel(/^Password\*?$/).fill(ADMIN_PASSWORD);
loads.push(await measure('Sign in → licence view', () => page.getByRole('button', { name: 'Login' }).click(), () => page.getByRole('heading', { name: 'SiteSense Internal' }).waitFor()));
for (const [label, link, heading] of [
  ['Route /users', 'Users', 'Users'],
  ['Route /projects', 'Projects', 'Projects'],
  ['Route /workflow', 'Workflows', 'Workflows'],
  ['Route /license/list', 'Licenses', 'Licenses'],
]) {
  loads.push(await measure(label, () => page.getByRole('link', { name: link, exact: true }).click(), () => page.getByRole('heading', { name: heading, exact: true }).waitFor()));
}
const token = await page.evaluate(() => JSON.parse(localStorage.getItem('console-session')).state.token);
await browser.close();
for (const l of loads) console.log(`${l.label.padEnd(28)} ${String(l.ms).padStart(6)} ms ${kb(l.raw).padStart(10)} raw ${kb(l.gzip).padStart(10)} gzip (${l.files} files)`);

// ------------------------------------------------------------------ API timings
step('API timings');
const licences = await (await fetch(`${BASE}/api/license`, { headers: { authorization: `Bearer ${token}` } })).json();
const bench = licences.find((l) => l.name === `Benchmark ${USERS}`);
const calls = [
  ['GET users (demo, page 1)', 'users?page=0&pageSize=25'],
  [`GET users (${USERS} users, page 1)`, `users?licenseId=${bench?.licenseId}&page=0&pageSize=25`],
  [`GET users (${USERS} users, page 200)`, `users?licenseId=${bench?.licenseId}&page=199&pageSize=25`],
  [`GET users (${USERS} users, filter)`, `users?licenseId=${bench?.licenseId}&filter=user99&pageSize=25`],
  ['GET projects', 'projects?state=all'],
  ['GET license', 'license'],
  ['GET health', 'health'],
];
const timings = [];
for (const [label, url] of calls) {
  const samples = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    const response = await fetch(`${BASE}/api/${url}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (!response.ok) throw new Error(`${label} answered ${response.status}`);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(1);
  timings.push({ label, median: Number(at(0.5)), p95: Number(at(0.95)) });
  console.log(`${label.padEnd(36)} median ${at(0.5).padStart(7)} ms  p95 ${at(0.95).padStart(7)} ms`);
}

// ------------------------------------------------------------------ the report
const report = { date: new Date().toISOString(), machine: `${os.cpus().length} cores, Node ${process.version}`, database: 'PGlite', bundles, loads, timings };
fs.mkdirSync(path.join(root, 'bench'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'report.json'), JSON.stringify(report, null, 2));
const md = [
  `# Benchmark report`,
  ``,
  `${report.date} · ${report.machine} · database ${report.database} · ${USERS}-user licence. Sizes are of the production build; gzip at the default level.`,
  ``,
  `## Bundles`,
  ``,
  `| app | raw | gzip | files | largest |`,
  `|---|---:|---:|---:|---|`,
  ...bundles.map((b) => `| ${b.app} | ${kb(b.raw)} | ${kb(b.gzip)} | ${b.files.length} | ${b.files[0]?.file} (${kb(b.files[0]?.gzip ?? 0)} gzip) |`),
  ``,
  `## In the browser (Chromium, loopback)`,
  ``,
  `What each step downloads (scripts and stylesheets) and how long until its screen is ready.`,
  ``,
  `| step | time | raw | gzip | files |`,
  `|---|---:|---:|---:|---:|`,
  ...loads.map((l) => `| ${l.label} | ${l.ms} ms | ${kb(l.raw)} | ${kb(l.gzip)} | ${l.files} |`),
  ``,
  `## API (30 calls each, over HTTP on loopback)`,
  ``,
  `| call | median | p95 |`,
  `|---|---:|---:|`,
  ...timings.map((t) => `| ${t.label} | ${t.median} ms | ${t.p95} ms |`),
  ``,
].join('\n');
fs.writeFileSync(path.join(root, 'bench', 'report.md'), md);
console.log(`\nReport: bench/report.md (and bench/report.json).`);
process.exit(0);
