// Bundles the server (with the workspace packages `shared` and `contracts` inlined) into dist/ for `pnpm start`.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { apiBuildOptions } from './build-options.mjs';

const outdir = fileURLToPath(new URL('./dist', import.meta.url));
rmSync(outdir, { recursive: true, force: true });
// dist/server.js is start.ts: it loads tracing (when configured) before the server's modules.
await build(apiBuildOptions({ entryPoints: [{ in: 'src/start.ts', out: 'server' }, 'src/seed/cli.ts'], outdir }));
console.log('api: built dist/server.js');
