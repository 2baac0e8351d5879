// A private PostgreSQL cluster for a test or bench run: Debian's PostgreSQL (installed with apt
// when missing), a fresh data folder in the temp directory, a free port on 127.0.0.1, trust
// authentication for the cluster's own superuser, stopped and removed at the end.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const asRoot = process.getuid?.() === 0;

/** The newest installed PostgreSQL's bin folder, or undefined. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : undefined;
}

/** Installs Debian's PostgreSQL when it is missing; answers its bin folder. */
export function ensurePostgres() {
  let bin = postgresBin();
  if (bin) return bin;
  console.log("Installing Debian's PostgreSQL (it is missing)");
  const apt = (args) => {
    const result = spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
  };
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'postgresql', 'postgresql-contrib']);
  bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is still missing after apt-get install postgresql.');
  return bin;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a private cluster. `fast` trades durability for speed (tests: fsync off); a bench
 * keeps PostgreSQL's defaults. Answers its URL and stop()/restart().
 */
export async function startPostgres({ fast = true } = {}) {
  const bin = ensurePostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  const as = (command, args, options = {}) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], options) : execFileSync(command, args, options);
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  as(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-instructions', '-E', 'UTF8'], { stdio: 'ignore' });
  const settings = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
  if (fast) settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const pgCtl = (args) => as(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', ...args], { stdio: 'ignore' });
  pgCtl(['-o', settings.join(' '), 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    /** Stops the server (fast: open connections are ended, as a restart does). */
    stopServer: () => pgCtl(['-m', 'fast', 'stop']),
    startServer: () => pgCtl(['-o', settings.join(' '), 'start']),
    /** Restarts the server: every open connection ends with 57P01. */
    restart: () => pgCtl(['-m', 'fast', '-o', settings.join(' '), 'restart']),
    stop() {
      try {
        pgCtl(['-m', 'immediate', 'stop']);
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
