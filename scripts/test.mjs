// `npm test`: installs, typechecks and lints, runs every jest suite (the API's against a real
// database), builds the production bundles, and runs the Playwright suite against them in
// Debian's Chromium (installed with apt when missing).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pnpmCommand, root, run, runAll, step } from './lib.mjs';
import { ensurePostgres, startPostgres } from './postgres.mjs';

const started = Date.now();
const pnpm = pnpmCommand();
// Debian's Chromium in its headless build (the package chromium-headless-shell, what Playwright
// itself runs for headless tests): the same engine without the desktop browser's compositor and
// GPU process, about 1.5 times faster per test on 2 cores. The full browser when the shell cannot
// be installed; CHROMIUM_PATH names another binary.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

function aptInstall(packages) {
  const asRoot = process.getuid?.() === 0;
  const apt = (args) =>
    spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (apt(['install', '-y', '--no-install-recommends', ...packages])) return;
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', ...packages]);
}

function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    console.error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`);
    process.exit(1);
  }
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  step(`Installing Debian's Chromium headless shell (${HEADLESS_SHELL} is missing)`);
  aptInstall(['chromium-headless-shell']);
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (existsSync(FULL_CHROMIUM)) return FULL_CHROMIUM;
  step(`Installing Debian's Chromium (${FULL_CHROMIUM} is missing)`);
  aptInstall(['chromium']);
  if (existsSync(FULL_CHROMIUM)) return FULL_CHROMIUM;
  console.error(`Chromium is still missing (${HEADLESS_SHELL}, ${FULL_CHROMIUM}); set CHROMIUM_PATH to a Chromium binary.`);
  process.exit(1);
}

step('Installing dependencies (pnpm)');
run(pnpm, ['install', '--frozen-lockfile']);

step('Typecheck');
// The front-end packages as one program (tsconfig.console.json: the kernel, the contracts and the
// kit checked once, not again in every remote), beside the API and the e2e suite: tsc uses one core.
await runAll([
  [pnpm, ['exec', 'tsc', '-p', 'tsconfig.console.json']],
  [pnpm, ['--dir', 'api', 'typecheck']],
  [pnpm, ['--dir', 'e2e', 'typecheck']],
]);

step('Lint');
// ESLint and the formatter's check each use one core: side by side, then the import cycles.
await runAll([
  [pnpm, ['exec', 'eslint', '.', '--max-warnings=0']],
  [pnpm, ['run', '--silent', 'format:check']],
]);
run(process.execPath, ['scripts/import-cycles.mjs']);

// The API's restart test and its PostgreSQL pass need Debian's PostgreSQL.
ensurePostgres();

step('Unit tests of the kernel, the contracts, the kit, the host and the remotes (jest)');
// One jest run over every front-end package (jest.config.mjs): one pool of workers for all, so
// no package waits on its last suite while a core idles. (Side by side with the API's passes it
// was slower, and timing-sensitive UI tests failed: the cores are busy enough.)
run(pnpm, ['exec', 'jest', '--config', 'jest.config.mjs']);

step('The API tests of the embedded database, on PGlite (jest)');
// The API's suites that depend on the embedded database (api/jest.config.js); every API suite
// runs on PostgreSQL next.
run(pnpm, ['--dir', 'api', 'test'], { env: { ...process.env, DATABASE_URL: '', API_TESTS: 'pglite' } });

step('Every API test on PostgreSQL');
{
  // DATABASE_URL names a server to use; otherwise a private cluster lives for this step only.
  const cluster = process.env.DATABASE_URL ? undefined : await startPostgres();
  const result = spawnSync(pnpm, ['--dir', 'api', 'test'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL || cluster.url },
  });
  cluster?.stop();
  if (result.status !== 0) {
    console.error(`\n✗ The API tests on PostgreSQL failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

// A small bench of the API (a few hundred users, short rounds), so `npm run bench` cannot break
// unseen. It stays a report: it fails only when the bench itself cannot run, never on a timing.
step('Bench smoke (the API, 300 users, short rounds; a report in bench/smoke.md)');
run(process.execPath, ['scripts/bench.mjs', '--api', '--users', '300', '--report', 'smoke'], {
  env: { ...process.env, DATABASE_URL: '', BENCH_AUTH_SECONDS: '1', BENCH_LIST_REQUESTS: '100', BENCH_RUNS: '1', BENCH_SCIM_USERS: '200' },
});

step('Production build');
run(pnpm, ['-r', '--workspace-concurrency=2', '--filter=!e2e', '--filter=!shared', 'build']);

const chromium = ensureChromium();
step(`End-to-end tests (Playwright, ${chromium}, production build)`);
run(pnpm, ['--dir', 'e2e', 'test'], { env: { ...process.env, CHROMIUM_PATH: chromium } });

step('Done');
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n✓ Every suite passed (${minutes} min).`);
