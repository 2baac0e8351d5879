/**
 * Where the built console is: CONSOLE_DIR when set (the host's files at its root, each
 * remote under remotes/<id>/), otherwise each workspace package's dist folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { workspacePath } from '../paths';

/** A remote's folder name: lower-case words joined by '-' (identity, projects-sites, workflows-2). */
const REMOTE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface ConsoleLayout {
  hostDir: string;
  /**
   * The folder served at /remotes/<id>/, or undefined for a name that cannot be one. No list
   * of remotes here: a deployment adds or moves one with its folder and remotes.json alone.
   */
  remoteDir(id: string): string | undefined;
}

export function consoleLayout(consoleDir: string | undefined): ConsoleLayout {
  if (consoleDir) {
    return { hostDir: consoleDir, remoteDir: (id) => (REMOTE_ID.test(id) ? path.join(consoleDir, 'remotes', id) : undefined) };
  }
  return { hostDir: workspacePath('host', 'dist'), remoteDir: (id) => (REMOTE_ID.test(id) ? workspacePath(`remote-${id}`, 'dist') : undefined) };
}

/** Reads the host build's version.json, again only when the file changes (a deploy). */
export function consoleVersionReader(hostDir: string, fallback: string): () => Promise<string> {
  const file = path.join(hostDir, 'version.json');
  let cached: { mtimeMs: number; version: string } | undefined;
  return async () => {
    try {
      const stat = await fs.promises.stat(file);
      if (!cached || cached.mtimeMs !== stat.mtimeMs) {
        const parsed = JSON.parse(await fs.promises.readFile(file, 'utf8')) as { version?: unknown };
        cached = { mtimeMs: stat.mtimeMs, version: typeof parsed.version === 'string' ? parsed.version : fallback };
      }
      return cached.version;
    } catch {
      return fallback;
    }
  };
}
