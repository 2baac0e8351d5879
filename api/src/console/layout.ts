/**
 * Where the built console is: CONSOLE_DIR when set (the host's files at its root, each
 * remote under remotes/<id>/), otherwise each workspace package's dist folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { workspacePath } from '../paths';

export const REMOTE_IDS = ['identity', 'licensing', 'projects-sites', 'workflows'] as const;
export type RemoteId = (typeof REMOTE_IDS)[number];

export interface ConsoleLayout {
  hostDir: string;
  /** URL prefix (/remotes/<id>/) → folder. */
  remoteDirs: Record<RemoteId, string>;
}

export function consoleLayout(consoleDir: string | undefined): ConsoleLayout {
  if (consoleDir) {
    return {
      hostDir: consoleDir,
      remoteDirs: Object.fromEntries(REMOTE_IDS.map((id) => [id, path.join(consoleDir, 'remotes', id)])) as Record<RemoteId, string>,
    };
  }
  return {
    hostDir: workspacePath('host', 'dist'),
    remoteDirs: Object.fromEntries(REMOTE_IDS.map((id) => [id, workspacePath(`remote-${id}`, 'dist')])) as Record<RemoteId, string>,
  };
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
