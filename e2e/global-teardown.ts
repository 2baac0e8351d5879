import fs from 'node:fs';
import { STATE_FILE } from './global-setup';

export default async function globalTeardown() {
  if (!fs.existsSync(STATE_FILE)) return;
  const { pid, work } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as { pid: number; work: string };
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Already stopped.
  }
  await new Promise((r) => setTimeout(r, 1500));
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(STATE_FILE, { force: true });
}
