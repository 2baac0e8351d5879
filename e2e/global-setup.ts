/**
 * Before the suite: a fresh data folder with the demo data, the suite's users created
 * through the API (fixtures/create-users.ts), a copy of the built
 * console laid out as it is deployed (host at the root, remotes under remotes/<id>), and
 * the real server (api/dist/server.js) on it. The copy lets a test deploy a "new version".
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createE2eUsers } from './fixtures/create-users';
import { ADMIN_PASSWORD, DEMO_PASSWORD, LEGACY_FIXTURE, OUTBOX_KEY } from './fixtures/users';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const STATE_FILE = path.join(os.tmpdir(), `console-e2e-${E2E_PORT}.json`);

const REMOTES = ['identity', 'licensing', 'projects-sites', 'workflows'];

function copyConsole(target: string) {
  const need = [
    path.join(root, 'host', 'dist', 'index.html'),
    ...REMOTES.map((id) => path.join(root, `remote-${id}`, 'dist', 'mf-manifest.json')),
    path.join(root, 'api', 'dist', 'server.js'),
    path.join(root, 'api', 'dist', 'seed', 'cli.js'),
  ];
  const missing = need.filter((file) => !fs.existsSync(file));
  if (missing.length) throw new Error(`Build first (pnpm -r build); missing: ${missing.join(', ')}`);
  fs.cpSync(path.join(root, 'host', 'dist'), target, { recursive: true });
  for (const id of REMOTES) fs.cpSync(path.join(root, `remote-${id}`, 'dist'), path.join(target, 'remotes', id), { recursive: true });
}

async function waitForHealth(url: string, child: ReturnType<typeof spawn>, log: () => string) {
  // Generous: on a loaded 2-core machine the first start (migrations, reference data) can take a minute.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // Not left running: a server that never answered would hold its port for the next run.
  child.kill();
  throw new Error(`The server did not answer ${url} in time:\n${log()}`);
}

export default async function globalSetup() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const dataDir = path.join(work, 'data');
  const consoleDir = path.join(work, 'console');
  copyConsole(consoleDir);
  const publicUrl = `http://localhost:${E2E_PORT}`;
  const env = {
    ...process.env,
    DEMO: 'true',
    OUTBOX_KEY,
    PORT: String(E2E_PORT),
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    CONSOLE_DIR: consoleDir,
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    APP_ENV: 'uat',
    DEMO_IDP: 'true',
  };
  // The demo data, through the API's own seed command (no source imported), and data as the
  // platform's own database may hold it (fixtures/users.ts, LEGACY_FIXTURE).
  const legacy = path.join(work, 'legacy-fixture.json');
  fs.writeFileSync(legacy, JSON.stringify(LEGACY_FIXTURE));
  const seed = spawnSync(process.execPath, [path.join(root, 'api', 'dist', 'seed', 'cli.js'), '--fixture', legacy], { env, cwd: work, encoding: 'utf8' });
  if (seed.status !== 0) throw new Error(`Seeding failed:\n${seed.stdout}\n${seed.stderr}`);

  let output = '';
  const server = spawn(process.execPath, [path.join(root, 'api', 'dist', 'server.js')], { env, cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  await waitForHealth(`${publicUrl}/api/health`, server, () => output.slice(-4000));
  // The suite's users, made the way an administrator makes them (issue 9: through POST users/{name}).
  await createE2eUsers(publicUrl);
  fs.writeFileSync(STATE_FILE, JSON.stringify({ pid: server.pid, work, consoleDir, publicUrl }));
  process.env.E2E_CONSOLE_DIR = consoleDir;
}
