// `npm test`: installs, typechecks and lints, runs every jest suite (the API's against a real
// database), builds the production bundles, and runs the Playwright suite against them in
// Debian's Chromium (installed with apt when missing).
import { existsSync } from 'node:fs';
import { pnpmCommand, run, step } from './lib.mjs';

const started = Date.now();
const pnpm = pnpmCommand();
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  step(`Installing Debian's Chromium (${CHROMIUM} is missing)`);
  const asRoot = process.getuid?.() === 0;
  const apt = (args) => run(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'chromium']);
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium is still missing at ${CHROMIUM}; set CHROMIUM_PATH to a Chromium binary.`);
    process.exit(1);
  }
}

step('Installing dependencies (pnpm)');
run(pnpm, ['install', '--frozen-lockfile']);

step('Typecheck');
run(pnpm, ['-r', 'typecheck']);

step('Lint');
run(pnpm, ['exec', 'eslint', '.', '--max-warnings=0']);

step('Unit and API tests (jest)');
// One package at a time: each suite already uses both cores.
run(pnpm, ['-r', '--workspace-concurrency=1', '--filter=!e2e', 'test']);

step('Production build');
run(pnpm, ['-r', '--workspace-concurrency=2', '--filter=!e2e', '--filter=!shared', 'build']);

ensureChromium();
step('End-to-end tests (Playwright, Chromium, production build)');
run(pnpm, ['--dir', 'e2e', 'test'], { env: { ...process.env, CHROMIUM_PATH: CHROMIUM } });

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n✓ Every suite passed (${minutes} min).`);
