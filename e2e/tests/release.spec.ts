/**
 * Independent release (ARCHITECTURE.md): one remote is built on its own with a new call, a new
 * message and a new screen, and deployed beside the host build that is already there. Only
 * remotes.json changes; the host is not rebuilt. A remote built for another kernel major costs
 * only its section, with the reason.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { consoleDir, stateFile, openSection } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const release = path.join(root, 'e2e', 'fixtures', 'release');

test.use({ storageState: stateFile('licenseAdmin') });

/** Serves remotes.json to this page with the workflows remote moved, as a deployment edits it (page-scoped, so parallel tests keep the original). */
async function pointWorkflowsAt(page: Page, folder: string) {
  const map = JSON.parse(fs.readFileSync(path.join(consoleDir(), 'remotes.json'), 'utf8')) as { remotes: { id: string; entry: string }[] };
  for (const remote of map.remotes) if (remote.id === 'workflows') remote.entry = `/remotes/${folder}/mf-manifest.json`;
  await page.route('**/remotes.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(map) }));
}

/** A build tool as the remote's own build finds it: its package's, else the workspace's. */
function tool(name: string): string {
  const own = path.join(root, 'remote-workflows', 'node_modules', '.bin', name);
  return fs.existsSync(own) ? own : path.join(root, 'node_modules', '.bin', name);
}

/** Runs a build step; a failure says what the tool printed. */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  try {
    execFileSync(command, args, { cwd, stdio: 'pipe', env: { ...process.env, ...env } });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${path.basename(command)} failed: ${(error as Error).message}\n${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`, { cause: error });
  }
}

/** A copy of remote-workflows with the release's new screen, built on its own into `out`. */
function buildNextWorkflows(out: string) {
  const source = path.join(root, 'remote-workflows');
  // A sibling of the real remote, so its relative paths (the kernel's theme, the base tsconfig,
  // the workspace's tools and types) resolve exactly as in its own build.
  const work = fs.mkdtempSync(path.join(root, '.release-build-'));
  for (const name of ['package.json', 'tsconfig.json', 'webpack.config.mjs', 'postcss.config.mjs', 'src']) {
    if (fs.existsSync(path.join(source, name))) fs.cpSync(path.join(source, name), path.join(work, name), { recursive: true });
  }
  fs.symlinkSync(path.join(source, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  const feature = path.join(work, 'src', 'features', 'api-status');
  fs.mkdirSync(feature, { recursive: true });
  for (const file of fs.readdirSync(release)) fs.copyFileSync(path.join(release, file), path.join(feature, file));
  const routes = path.join(work, 'src', 'routes.tsx');
  const text = fs
    .readFileSync(routes, 'utf8')
    .replace("import { defineRemote } from 'shared';", "import { defineRemote, defineRoute } from 'shared';")
    // The remote's route list, whatever it holds, gains the new screen.
    .replace(
      /routes: \[(.*)\],/,
      "routes: [$1, defineRoute({ id: 'api-status', path: '/workflow/api-status', lazy: () => " +
        "import('./features/api-status/ApiStatusPage'), handle: { roles: 'signedIn', title: 'API status' } " +
        '})],',
    );
  expect(text).toContain("id: 'api-status'");
  fs.writeFileSync(routes, text);
  try {
    run(tool('tsc'), ['-p', 'tsconfig.json'], work);
    run(tool('webpack'), ['--mode', 'production'], work, { BUILD_VERSION: 'workflows-next' });
    fs.cpSync(path.join(work, 'dist'), out, { recursive: true });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

test('a remote built and released on its own ships a new call, message and screen, with only remotes.json changed', async ({ page }) => {
  test.setTimeout(240_000);
  const host = path.join(consoleDir(), 'index.html');
  const hostBefore = fs.readFileSync(host, 'utf8');
  const out = path.join(consoleDir(), 'remotes', 'workflows-next');
  if (!fs.existsSync(path.join(out, 'mf-manifest.json'))) buildNextWorkflows(out);
  expect(fs.readFileSync(host, 'utf8')).toBe(hostBefore);

  await pointWorkflowsAt(page, 'workflows-next');
  await page.goto('/workflow/api-status');
  await expect(page.getByRole('heading', { name: 'API status' })).toBeVisible();
  await expect(page.getByText(/^The API answers and its database \((pglite|postgres)\) is up\.$/)).toBeVisible();
  // The released remote keeps its existing screens, on the host's one session and client.
  await page.getByRole('link', { name: 'Workflows' }).click();
  await expect(page.getByRole('cell', { name: 'Steel Erection', exact: true })).toBeVisible();
  // The kernel still comes from the host; the area contract is the remote's own copy.
  const kernelFrom = await page.evaluate(() => {
    const share =
      (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>> } })
        .__FEDERATION__?.__SHARE__ ?? {};
    const found: string[] = [];
    for (const scopes of Object.values(share))
      for (const pkgs of Object.values(scopes))
        for (const [name, versions] of Object.entries(pkgs))
          for (const info of Object.values(versions))
            if (info.loaded && (name === 'shared' || name.startsWith('contracts'))) found.push(`${name}<-${info.from}`);
    return [...new Set(found)];
  });
  expect(kernelFrom).toEqual(['shared<-console_host']);
});

test('a remote built for another kernel major shows its section’s fallback with the reason, and the rest works', async ({ page }) => {
  const folder = path.join(consoleDir(), 'remotes', 'workflows-next-kernel');
  fs.rmSync(folder, { recursive: true, force: true });
  fs.cpSync(path.join(consoleDir(), 'remotes', 'workflows'), folder, { recursive: true });
  // What a build against the next kernel major would declare (its remote.json, which the host reads first).
  const file = path.join(folder, 'remote.json');
  const declaration = JSON.parse(fs.readFileSync(file, 'utf8')) as { kernel: string };
  const runs = Number(/^\^?(\d+)/.exec(declaration.kernel)?.[1]);
  declaration.kernel = `^${runs + 1}.0.0`;
  fs.writeFileSync(file, JSON.stringify(declaration));
  let codeRequested = false;
  page.on('request', (request) => {
    if (request.url().includes('/remotes/workflows-next-kernel/') && !request.url().endsWith('remote.json')) codeRequested = true;
  });
  await pointWorkflowsAt(page, 'workflows-next-kernel');
  await page.goto('/workflow');
  await expect(page.getByText('This section is unavailable right now.')).toBeVisible();
  await page.getByText('Technical details').click();
  await expect(page.getByText(`built for console kernel ${runs + 1}, this console runs ${runs}`)).toBeVisible();
  // None of its code was even fetched: the host read its declaration and stopped there.
  expect(codeRequested).toBe(false);
  await openSection(page, 'Users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});
