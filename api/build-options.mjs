// How the API server is bundled: one definition for `pnpm build` (api/build.mjs) and for the
// bench's own server bundle (scripts/bench.mjs), so the two cannot drift (the bench's once
// lacked the version define and its server exited at start).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const kernel = JSON.parse(readFileSync(new URL('../shared/package.json', import.meta.url), 'utf8'));

/** esbuild options bundling `entryPoints` (relative to api/) into `outdir`, with `shared` and `contracts` inlined. */
export function apiBuildOptions({ entryPoints, outdir }) {
  return {
    absWorkingDir: apiDir,
    entryPoints,
    outbase: 'src',
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The workspace's own packages (shared, contracts) are TypeScript sources: bundled in.
    external: Object.entries(pkg.dependencies)
      .filter(([, version]) => !String(version).startsWith('workspace:'))
      .map(([name]) => name),
    define: { __API_VERSION__: JSON.stringify(pkg.version), __KERNEL_VERSION__: JSON.stringify(kernel.version) },
    sourcemap: true,
    logLevel: 'warning',
  };
}
