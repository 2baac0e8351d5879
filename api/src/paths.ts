/** Paths inside the api package, the same from src/ (tsx, jest) and from the bundled dist/. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'api') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The api package folder was not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

const apiRoot = findApiRoot();

export function apiPath(...parts: string[]): string {
  return path.join(apiRoot, ...parts);
}

/** The workspace root (the folder above api/). */
export function workspacePath(...parts: string[]): string {
  return path.join(apiRoot, '..', ...parts);
}
