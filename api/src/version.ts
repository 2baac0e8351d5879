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

declare const __KERNEL_VERSION__: string | undefined;

/**
 * The console's kernel version (shared/package.json's): a release channel's build for another
 * kernel is refused at registration (routes/remotes). Written in by the build like the API's.
 */
export const CONSOLE_KERNEL_VERSION: string =
  typeof __KERNEL_VERSION__ === 'string'
    ? __KERNEL_VERSION__
    : (JSON.parse(readFileSync(new URL('../../shared/package.json', import.meta.url), 'utf8')) as { version: string }).version;
