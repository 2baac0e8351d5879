// Helpers for the root commands: find (or fetch) pnpm, and run commands with clear output.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '10.34.9';

/** pnpm 10 from PATH, or one installed into .tools/ with npm (no global install needed). */
export function pnpmCommand() {
  const onPath = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (onPath.status === 0 && onPath.stdout.trim().startsWith('10.')) return 'pnpm';
  const local = path.join(root, '.tools', 'node_modules', '.bin', process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm');
  if (!existsSync(local)) {
    console.log(`Installing pnpm ${PNPM_VERSION} into .tools/ …`);
    run('npm', ['install', '--prefix', path.join(root, '.tools'), '--no-audit', '--no-fund', `pnpm@${PNPM_VERSION}`]);
  }
  return local;
}

/** Runs a command to completion; exits with its status when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/** Starts a long-running command; Ctrl+C and termination reach it. */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32', ...options });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

let current;

/** Prints a step's title, and how long the step before it took (what the README's test timings come from). */
export function step(title) {
  const now = Date.now();
  if (current) console.log(`\n  (${current.title}: ${((now - current.at) / 60_000).toFixed(1)} min)`);
  current = { title, at: now };
  console.log(`\n▶ ${title}`);
}

/** Runs commands at once (each `[command, args]`), their output as it comes; exits with the first failure's status once all are done. */
export async function runAll(commands) {
  const statuses = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
          child.on('close', (code, signal) => resolve({ command: [command, ...args].join(' '), status: code ?? (signal ? 1 : 0) }));
        }),
    ),
  );
  const failed = statuses.filter((one) => one.status !== 0);
  for (const one of failed) console.error(`\n✗ ${one.command} failed (exit ${one.status}).`);
  if (failed.length > 0) process.exit(failed[0].status);
}
