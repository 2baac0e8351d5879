/**
 * The API's version: api/package.json's, which a release bumps. The build writes it in
 * (esbuild's `define`); run from source (tests, `pnpm dev`), it is read from the file.
 * It is the OpenAPI document's `info.version`, health's `version` and the console's
 * fallback version.
 */
import { readFileSync } from 'node:fs';

declare const __API_VERSION__: string | undefined;

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export const API_VERSION: string = typeof __API_VERSION__ === 'string' ? __API_VERSION__ : packageVersion();
