import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { DataDirInUseError, lockDataDir } from './lock';

const readStat = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return '';
  }
};

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
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
  });

  it('creates missing parent folders', () => {
    const dir = path.join(tempDir(), 'a', 'b');
    lockDataDir(dir)();
    expect(fs.existsSync(dir)).toBe(true);
  });
});

describe('lockDataDir after a crash', () => {
  /** Takes the lock of `dir` and answers who the lock file names then, and whether a second open is refused while it is held. */
  const takeOver = (dir: string) => {
    const release = lockDataDir(dir);
    const holder = fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').split(' ')[0];
    let secondRefused = false;
    try {
      lockDataDir(dir);
    } catch (error) {
      secondRefused = error instanceof DataDirInUseError;
    }
    release();
    return { holder, secondRefused };
  };

  it('reclaims a lock naming this very process when it does not hold it (a restarted container reuses pids)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.pid));
    expect(takeOver(dir)).toEqual({ holder: String(process.pid), secondRefused: true });
  });

  it('reclaims a lock whose pid now belongs to a process that started at another time', () => {
    const dir = tempDir();
    // The parent is alive, but it is not the server that wrote this lock.
    fs.writeFileSync(path.join(dir, 'server.lock'), `${process.ppid} 1`);
    expect(takeOver(dir)).toEqual({ holder: String(process.pid), secondRefused: true });
  });

  it('refuses a live server, then takes over at once after it is killed with SIGKILL, every time', async () => {
    const { spawn } = await import('node:child_process');
    const lockModule = path.resolve('src/db/lock.ts');
    for (let round = 0; round < 5; round++) {
      const dir = tempDir();
      const holder = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('${lockModule}').then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); })`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
        holder.on('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
      });
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${holder.pid}\\)`));
      holder.kill('SIGKILL');
      // As soon as the kernel has ended it — a zombie until this process reaps it, which the
      // event loop would do and this synchronous wait does not let happen.
      const sleeper = new Int32Array(new SharedArrayBuffer(4));
      for (let i = 0; i < 200 && !/\) [ZX] /.test(readStat(holder.pid!)); i++) Atomics.wait(sleeper, 0, 0, 5);
      expect(readStat(holder.pid!)).toMatch(/\) Z /);
      lockDataDir(dir)();
      holder.removeAllListeners('exit');
    }
  }, 60_000);
});
