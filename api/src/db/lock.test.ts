import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { DataDirInUseError, lockDataDir } from './lock';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));

describe('lockDataDir', () => {
  it('refuses a second open of the same folder with a clear message, and allows it after release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another running server \(pid \d+\)/);
    release();
    lockDataDir(dir)();
  });

  it('reclaims a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(dir, 'server.lock'), gone);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('creates missing parent folders', () => {
    const dir = path.join(tempDir(), 'a', 'b');
    lockDataDir(dir)();
    expect(fs.existsSync(dir)).toBe(true);
  });
});
