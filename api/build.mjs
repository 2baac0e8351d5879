// Bundles the server (with the workspace packages `shared` and `contracts` inlined) into dist/ for `pnpm start`.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== 'shared' && name !== 'contracts');

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/seed/cli.ts'],
  outbase: 'src',
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  define: { __API_VERSION__: JSON.stringify(pkg.version) },
  sourcemap: true,
  logLevel: 'warning',
});
console.log('api: built dist/server.js');
