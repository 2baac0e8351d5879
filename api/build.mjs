// Bundles the server (with the workspace packages `shared` and `contracts` inlined) into dist/ for `pnpm start`.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { apiBuildOptions } from './build-options.mjs';

const outdir = fileURLToPath(new URL('./dist', import.meta.url));
rmSync(outdir, { recursive: true, force: true });
await build(apiBuildOptions({ entryPoints: ['src/server.ts', 'src/seed/cli.ts'], outdir }));
console.log('api: built dist/server.js');
