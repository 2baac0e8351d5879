/**
 * PGlite takes no lock of its own: two processes on one data folder silently lose writes.
 * The server holds a lock file in the folder (its pid and start time) and refuses a second
 * open; a lock left by a process that no longer runs — killed, a zombie, or a pid since
 * taken by another process — is reclaimed.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data folder ${dir} is in use by another running server (pid ${pid}). ` +
        'Stop that server, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server).',
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** State and start time (clock ticks since boot) of a process, from /proc on Linux; undefined elsewhere. */
function procInfo(pid: number): { state: string; start: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, start: fields[19]! };
  } catch {
    return undefined;
  }
}

/** Lock files this process holds, so that a second open in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * Whether the pid in a lock file is a server that still holds the folder. Not when it is
 * this very process without holding the lock (a restarted container often gets the same pid),
 * a zombie (killed, not yet reaped), or another process that took the pid later (its start
 * time differs from the one written in the lock).
 */
function holdsLock(lockPath: string, pid: number, start: string | undefined): boolean {
  if (pid === process.pid) return heldHere.has(lockPath);
  if (!isRunning(pid)) return false;
  const info = procInfo(pid);
  if (!info) return true;
  if (info.state === 'Z' || info.state === 'X') return false;
  return !start || info.start === start;
}

/** Takes the folder's lock; the returned function gives it back. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'server.lock');
  const mine = `${process.pid} ${procInfo(process.pid)?.start ?? ''}`.trim();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      heldHere.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === mine) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to give back.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let content: string;
      try {
        content = fs.readFileSync(lockPath, 'utf8').trim();
      } catch {
        continue; // Removed meanwhile: try again.
      }
      const [pidText, start] = content.split(/\s+/);
      const pid = Number.parseInt(pidText ?? '', 10);
      if (Number.isInteger(pid) && pid > 0 && holdsLock(lockPath, pid, start)) throw new DataDirInUseError(dir, pid);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dir}.`);
}
