// A remote's declaration (kernel 4): its routes, navigation and exposed parts as data, made at
// build time from the remote's own routes module (src/routes.tsx) — the very defineRoute()s its
// screens are loaded by — so nothing is written twice. The module is bundled for Node with
// esbuild: 'shared' resolves to the kernel's browser-free entry (src/declaration.ts), styles to
// nothing, and every dynamic import() (the screens) is left unresolved, so no screen is read.
// The host fetches the result (remote.json, beside the manifest) at sign-in instead of the
// remote's code.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const sharedRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Between the importing file and the request in a screen's import, as the declaration's bundle keeps it. */
const SCREEN_MARK = '::screen::';

/**
 * Keeps every dynamic import() (a screen) out of the bundle: the declaration never loads one.
 * Each keeps the file it was written in beside its request, so the build can tell which chunks
 * a route's screen is made of (RemoteDeclarationPlugin: the route's `assets`).
 */
const screensStayOut = {
  name: 'screens-stay-out',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `${args.importer}${SCREEN_MARK}${args.path}`, external: true } : undefined,
    );
  },
};

/** The file and request of the screen a route's `lazy` imports, from the declaration's bundle; undefined when it is not one import. */
function screenOf(lazy) {
  const source = typeof lazy === 'function' ? lazy.toString() : '';
  const found = [...source.matchAll(/import\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]).filter((spec) => spec.includes(SCREEN_MARK));
  if (found.length !== 1) return undefined;
  const [importer, request] = found[0].split(SCREEN_MARK);
  return { importer, request };
}

/** The kernel as the build reads a routes module: its browser-free entry (its subpaths, 'shared/roles', resolve as usual). */
const browserFreeKernel = {
  name: 'browser-free-kernel',
  setup(b) {
    b.onResolve({ filter: /^shared$/ }, () => ({ path: path.join(sharedRoot, 'src', 'declaration.ts') }));
  },
};

/**
 * @param {object} options
 * @param {string} options.dir the remote's folder
 * @param {{ id: string; name: string }} options.remote its entry in REMOTES
 * @param {string} options.kernel the kernel range it is built against (^x.y.z)
 * @param {string} options.version its build version
 * @param {string[]} options.parts the parts it exposes beside ./routes
 * @returns {Promise<import('../src/federation/types').RemoteDeclaration>}
 */
export async function declareRemote({ dir, remote, kernel, version, parts }) {
  const result = await build({
    entryPoints: [path.join(dir, 'src', 'routes.tsx')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    jsx: 'automatic',
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    define: { __KERNEL_VERSION__: JSON.stringify(kernel.replace(/^\^/, '')), __BUILD_VERSION__: JSON.stringify(version) },
    plugins: [browserFreeKernel, screensStayOut],
  }).catch((error) => {
    throw new Error(
      `The declaration of remote '${remote.id}' could not be made from src/routes.tsx (it may take only browser-free names from 'shared'):\n${error.message}`,
    );
  });
  const work = mkdtempSync(path.join(os.tmpdir(), `declare-${remote.id}-`));
  const file = path.join(work, 'routes.mjs');
  writeFileSync(file, result.outputFiles[0].text);
  let definition;
  try {
    definition = (await import(pathToFileURL(file).href)).default;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!definition || definition.id !== remote.id)
    throw new Error(`src/routes.tsx of remote '${remote.id}' must export defineRemote({ id: '${remote.id}', … }) as its default.`);
  for (const entry of definition.nav) {
    if (typeof entry.to !== 'string')
      throw new Error(`Remote '${remote.id}': the nav entry '${entry.label}' must lead to a path or a pattern (:licenseId, :userName), not a function.`);
  }
  return {
    id: definition.id,
    kernel,
    version,
    basePath: definition.basePath,
    federation: { name: remote.name, entry: 'remoteEntry.js' },
    nav: definition.nav,
    // `screen` is the build's own: RemoteDeclarationPlugin turns it into the route's assets.
    routes: definition.routes.map(({ id, path: routePath, handle, lazy }) => ({ id, path: routePath, handle, screen: screenOf(lazy) })),
    parts,
  };
}
