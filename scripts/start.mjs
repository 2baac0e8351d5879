// `npm start`: installs with pnpm, builds the API and the console for production, then serves
// both on one port with the demo data on the embedded database (PGlite in api/data).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pnpmCommand, root, run, start, step } from './lib.mjs';

const pnpm = pnpmCommand();
step('Installing dependencies (pnpm)');
run(pnpm, ['install', ...(existsSync(path.join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [])]);

if (process.env.SKIP_BUILD === '1') {
  console.log('SKIP_BUILD=1: using the existing builds.');
} else {
  step('Building the API and the console (production bundles)');
  // Two at a time: more webpack builds in parallel only fight over the cores.
  run(pnpm, ['-r', '--workspace-concurrency=2', '--filter=!e2e', '--filter=!shared', 'build']);
}

step('Starting the server');
// The server alone runs as production; `npm start` is the demo, and says so.
start(process.execPath, ['dist/server.js'], { cwd: path.join(root, 'api'), env: { DEMO: 'true', ...process.env } });
