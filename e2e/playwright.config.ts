import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);

/** Debian's Chromium, never a downloaded browser; the suite runs against the production build. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // No retries: a flaky test is a bug to find, in the test or in the product.
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace (a screencast and DOM snapshots of every step) doubled each test's time
    // on 2 cores; a failure keeps its screenshot and page snapshot. E2E_TRACE=1 records traces
    // and keeps those of failed tests.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // No transitions: axe measures colours as they end, not halfway through a toast's fade-in.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath:
        process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // Signs in once per role and saves the state (tests/auth.setup.ts).
    { name: 'setup', testMatch: /.*\.setup\.ts$/, use: { browserName: 'chromium' } },
    { name: 'chromium', use: { browserName: 'chromium' }, dependencies: ['setup'] },
  ],
});
