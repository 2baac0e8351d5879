// `npm run dev`: the API (reloading on change) and every app's dev server at once. Open
// http://localhost:3000 (the host proxies /api to the API on 8080).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pnpmCommand, root, run, step } from './lib.mjs';

const pnpm = pnpmCommand();
step('Installing dependencies (pnpm)');
run(pnpm, ['install']);

const apps = [
  {
    name: 'api',
    dir: 'api',
    args: ['dev'],
    env: { DEMO: 'true', PUBLIC_URL: 'http://localhost:3000', APP_ENV: 'development', DATA_DIR: './data-dev', CONSOLE_VERSION: 'dev' },
  },
  { name: 'host', dir: 'host', args: ['dev'] },
  { name: 'identity', dir: 'remote-identity', args: ['dev'] },
  { name: 'licensing', dir: 'remote-licensing', args: ['dev'] },
  { name: 'projects', dir: 'remote-projects-sites', args: ['dev'] },
  { name: 'workflows', dir: 'remote-workflows', args: ['dev'] },
];
const colours = [36, 35, 32, 33, 34, 31];
const children = apps.map((app, i) => {
  const child = spawn(pnpm, app.args, { cwd: path.join(root, app.dir), env: { ...process.env, ...app.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[${colours[i]}m${app.name.padEnd(9)}\x1b[0m│ `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code) => process.stdout.write(`${prefix}exited (${code})\n`));
  return child;
});
console.log('\nThe console: http://localhost:3000 (the API on http://localhost:8080). Ctrl+C stops everything.\n');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
