// One webpack configuration for every app of the console: swc for TypeScript, Tailwind through
// PostCSS, and Module Federation for the remotes with the singleton list written once (the
// host is built without the plugin: it loads the runtime after sign-in). Apps call
// createAppConfig.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack from 'webpack';
import { declareRemote } from './declare.mjs';
import { API_DEV_PORT, HOST_DEV_PORT, REMOTES, remotesMap } from './remotes.mjs';

const sharedRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedPkg = JSON.parse(readFileSync(path.join(sharedRoot, 'package.json'), 'utf8'));

/**
 * Singletons: one React, one router, one store, one query client, one toaster, one kernel
 * (`shared`). The remotes take them from the share scope; the host provides each one in
 * host/src/federation/runtime.ts (e2e federation.spec.ts fails if a remote's manifest names
 * one the host does not provide).
 */
const SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'zustand', '@tanstack/react-query', 'sonner'];

/** The router, shared as the list of its exports the console uses (react-router.mjs). */
const ROUTER_EXPORTS = path.join(sharedRoot, 'build', 'react-router.mjs');
const routerPackage = path.dirname(createRequire(path.join(sharedRoot, 'package.json')).resolve('react-router/package.json'));
const routerVersion = JSON.parse(readFileSync(path.join(routerPackage, 'package.json'), 'utf8')).version;

const MONOLITH_RUNTIME = path.join(sharedRoot, 'build', 'monolith-runtime.mjs');

/** The version an app depends on for `name` (a subpath, 'react/jsx-runtime', is its package's). */
const dependencyVersion = (appPkg, name) => appPkg.dependencies?.[name] ?? appPkg.dependencies?.[name.split('/')[0]];

/** What the host provides, with the versions it provides (host/src/federation/runtime.ts). */
function sharedVersions(appPkg) {
  const exact = (name) => {
    const version = dependencyVersion(appPkg, name);
    if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) throw new Error(`The host must pin ${name} to an exact version (package.json has '${version}')`);
    return version;
  };
  return {
    ...Object.fromEntries(SINGLETONS.map((name) => [name, exact(name)])),
    'react-router': routerVersion,
    shared: sharedPkg.version,
    '@module-federation/runtime-core': exact('@module-federation/runtime-core'),
  };
}

function sharedConfig(appPkg) {
  const versionOf = (name) => dependencyVersion(appPkg, name);
  return {
    ...Object.fromEntries(SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: versionOf(name), strictVersion: false }])),
    'react-router': { singleton: true, import: ROUTER_EXPORTS, version: routerVersion, requiredVersion: versionOf('react-router'), strictVersion: false },
    // The kernel: the host provides it; a remote's manifest records the kernel it was built
    // against (requiredVersion ^x.y.z: that major, at least that minor), and the host refuses a
    // remote it cannot serve (remotes.store.ts).
    // Area contracts (contracts/<area>) are not listed: each remote bundles its own copy.
    shared: { singleton: true, version: sharedPkg.version, requiredVersion: `^${sharedPkg.version}`, strictVersion: false, import: 'shared' },
  };
}

/**
 * The build's version: BUILD_VERSION when set, 'dev' for the dev servers (the API reports the
 * same with CONSOLE_VERSION=dev), else the package version and the build time.
 */
function buildVersion(appPkg, production) {
  if (process.env.BUILD_VERSION) return process.env.BUILD_VERSION;
  if (!production) return 'dev';
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '.');
  return `${appPkg.version}+${stamp}`;
}

/**
 * Copies an app's `public/` folder into its build as it is (the host's integration logos, which
 * the console shows from its own server: the CSP allows images from nowhere else).
 */
class PublicFolderPlugin {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PublicFolderPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PublicFolderPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        if (!existsSync(this.dir)) return;
        for (const file of readdirSync(this.dir, { recursive: true, withFileTypes: true })) {
          if (!file.isFile()) continue;
          const full = path.join(file.parentPath ?? file.path, file.name);
          compilation.fileDependencies.add(full);
          compilation.emitAsset(path.relative(this.dir, full).split(path.sep).join('/'), new webpack.sources.RawSource(readFileSync(full)));
        }
      });
    });
  }
}

/** Emits a JSON file into the build. */
class EmitJsonPlugin {
  constructor(files) {
    this.files = files;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EmitJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitJsonPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const [name, value] of Object.entries(this.files)) {
          compilation.emitAsset(name, new webpack.sources.RawSource(JSON.stringify(value, null, 2) + '\n'));
        }
      });
    });
  }
}

/**
 * Writes a remote's declaration (remote.json: its routes, navigation and parts as data,
 * declare.mjs) into its build, made anew at each compilation from its routes module. The
 * monolith's host writes every remote's, where the host reads them (remotes/<id>/remote.json).
 */
class RemoteDeclarationPlugin {
  /**
   * @param {{ file: string; declare: () => Promise<any> }[]} declarations
   * @param {{ assets?: boolean }} [options] assets: this compilation is the remote's own, so each
   *   route can name the files its screen is made of
   */
  constructor(declarations, options = {}) {
    this.declarations = declarations;
    this.assets = options.assets ?? false;
  }
  apply(compiler) {
    let made = [];
    compiler.hooks.beforeCompile.tapPromise('RemoteDeclarationPlugin', async () => {
      made = await Promise.all(this.declarations.map(async ({ file, declare }) => [file, await declare()]));
    });
    compiler.hooks.thisCompilation.tap('RemoteDeclarationPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RemoteDeclarationPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const [file, declaration] of made) {
          const routes = declaration.routes.map(({ screen, ...route }) => {
            const assets = this.assets ? routeAssets(compilation, screen) : [];
            return assets.length ? { ...route, assets } : route;
          });
          compilation.emitAsset(file, new webpack.sources.RawSource(JSON.stringify({ ...declaration, routes }, null, 2) + '\n'));
        }
      });
    });
  }
}

/** The JavaScript files of a chunk group, in load order. */
const groupFiles = (group) => group.chunks.flatMap((chunk) => [...chunk.files].filter((f) => f.endsWith('.js')));
const originResource = (origin) => origin.module?.resource ?? origin.module?.rootModule?.resource;

/**
 * What a route's first draw downloads besides the remote's entry (issue 38): the routes
 * module's files, its screen's chunks and the kit's table (drawn by nearly every first screen,
 * loaded when first drawn). The host preloads them all at once when the route is where a
 * sign-in lands, instead of one after another as each module asks for the next.
 */
function routeAssets(compilation, screen) {
  if (!screen) return [];
  const importer = path.resolve(screen.importer);
  const groups = compilation.chunkGroups;
  const screenGroup = groups.find((g) => g.origins.some((o) => originResource(o) === importer && o.request === screen.request));
  if (!screenGroup) return [];
  const routesModule = compilation.namedChunks.get('__federation_expose_routes');
  const routesFiles = routesModule ? [...routesModule.groupsIterable].flatMap(groupFiles) : [];
  const table = groups.find((g) =>
    g.origins.some((o) => (originResource(o) ?? '').endsWith(path.join('kit', 'src', 'lazy.tsx')) && o.request === './DataTable'),
  );
  return [...new Set([...routesFiles, ...groupFiles(screenGroup), ...(table ? groupFiles(table) : [])])];
}

/** The parts each remote exposes, as the monolith bundles them (monolith-runtime.mjs's list). */
const MONOLITH_PARTS = {
  'projects-sites': ['./ConfigsPanel', './ResourcePropertiesPanel'],
  workflows: ['./ProjectResourceTabs', './LicenseResourceWorkflows'],
};

/**
 * @param {object} options
 * @param {string} options.dir the app's folder
 * @param {'host' | 'remote'} options.kind
 * @param {string} [options.remoteId] for a remote: its id in REMOTES
 * @param {Record<string, string>} [options.exposes] for a remote: parts other sections mount
 *   (RemoteMount), beside ./routes, e.g. { './ProjectTabs': './src/features/x/ProjectTabs.tsx' }
 * @param {boolean} [options.monolith] for the host: the same host and screens in one build
 *   without federation (into dist-monolith), which `npm run bench` compares the console with.
 *   The remotes' routes are bundled in (monolith-runtime.mjs) and their manifests emitted, so
 *   the host's code runs unchanged.
 */
export function createAppConfig({ dir, kind, remoteId, exposes = {}, monolith = false }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const appPkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const remote = kind === 'remote' ? REMOTES.find((r) => r.id === remoteId) : undefined;
    if (kind === 'remote' && !remote) throw new Error(`Unknown remote id '${remoteId}'`);
    const name = remote ? remote.name : 'console_host';
    const version = buildVersion(appPkg, production);
    // The manifest's buildVersion is how the host tells a redeployed remote.
    process.env.MF_BUILD_VERSION = version;
    const require = createRequire(path.join(dir, 'package.json'));

    return {
      name,
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      entry: { main: './src/index' },
      output: {
        path: path.join(dir, monolith ? 'dist-monolith' : 'dist'),
        publicPath: kind === 'host' ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        alias: {
          // The package itself, for react-router.mjs (a plain 'react-router' is the shared list):
          // the file its exports map gives a browser build, whose chunks react-router/dom shares.
          'react-router-package$': path.join(routerPackage, 'dist', 'development', 'index.mjs'),
          // The host's own router imports are the shared list, the very module it provides.
          ...(kind === 'host' && !monolith ? { 'react-router$': ROUTER_EXPORTS } : {}),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          {
            test: /\.css$/,
            // No CSS source map in production: style-loader would inline it, with Tailwind's
            // sources, into the JavaScript every user downloads (about 12 KB gzip on the login page).
            use: [
              require.resolve('style-loader'),
              { loader: require.resolve('css-loader'), options: { sourceMap: !production } },
              { loader: require.resolve('postcss-loader'), options: { sourceMap: !production, postcssOptions: { plugins: ['@tailwindcss/postcss'] } } },
            ],
          },
        ],
      },
      plugins: [
        // The host is built without the federation plugin: it provides the singletons and the
        // runtime itself, after sign-in (host/src/federation/runtime.ts).
        ...(remote
          ? [
              new ModuleFederationPlugin({
                name,
                filename: 'remoteEntry.js',
                exposes: { './routes': './src/routes.tsx', ...exposes },
                remotes: {},
                shared: sharedConfig(appPkg),
                manifest: true,
                dts: false,
                // One federation runtime in the page: the host provides it, the remotes use it
                // (about 25 KB gzip less per remote entry). A remote therefore needs this host.
                experiments: { externalRuntime: true },
              }),
            ]
          : []),
        ...(kind === 'host' && !monolith
          ? [
              new webpack.DefinePlugin({
                __SHARED_VERSIONS__: JSON.stringify(sharedVersions(appPkg)),
                // The runtime the host loads after sign-in, and the remotes use, without its
                // manifest (snapshot) code and Node support: the host reads each manifest
                // itself and registers the remote's entry (remotes.store.ts).
                FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
                ENV_TARGET: JSON.stringify('web'),
              }),
            ]
          : []),
        ...(remote
          ? [
              new RemoteDeclarationPlugin(
                [
                  {
                    file: 'remote.json',
                    declare: () => declareRemote({ dir, remote, kernel: `^${sharedPkg.version}`, version, parts: ['./routes', ...Object.keys(exposes)] }),
                  },
                ],
                { assets: true },
              ),
            ]
          : []),
        ...(monolith
          ? [
              new RemoteDeclarationPlugin(
                REMOTES.map((r) => ({
                  file: `remotes/${r.id}/remote.json`,
                  declare: () =>
                    declareRemote({
                      dir: path.resolve(dir, '..', r.folder),
                      remote: r,
                      kernel: `^${sharedPkg.version}`,
                      version,
                      parts: ['./routes', ...(MONOLITH_PARTS[r.id] ?? [])],
                    }),
                })),
              ),
            ]
          : []),
        // The monolith bundles each remote's routes instead of loading them at run time.
        ...(monolith
          ? [
              new webpack.NormalModuleReplacementPlugin(/^\.\/runtime$/, (data) => {
                if (data.context?.endsWith(path.join('host', 'src', 'federation'))) data.request = MONOLITH_RUNTIME;
              }),
            ]
          : []),
        new webpack.DefinePlugin({
          __BUILD_VERSION__: JSON.stringify(version),
          __APP_NAME__: JSON.stringify(name),
          __APP_ID__: JSON.stringify(remote ? remote.id : 'host'),
          __KERNEL_VERSION__: JSON.stringify(sharedPkg.version),
        }),
        ...(kind === 'host'
          ? [
              new HtmlWebpackPlugin({ template: './src/index.html', favicon: './src/favicon.svg', chunks: ['main'] }),
              new PublicFolderPlugin(path.join(dir, 'public')),
              new EmitJsonPlugin({
                'version.json': { version },
                'remotes.json': remotesMap((id) =>
                  production ? `/remotes/${id}/mf-manifest.json` : `http://localhost:${REMOTES.find((r) => r.id === id).devPort}/mf-manifest.json`,
                ),
                // The monolith's stand-ins for what each remote's build writes and the host reads.
                ...(monolith
                  ? Object.fromEntries(
                      REMOTES.map(({ id }) => [
                        `remotes/${id}/mf-manifest.json`,
                        { metaData: { buildInfo: { buildVersion: version } }, shared: [{ name: 'shared', requiredVersion: `^${sharedPkg.version}` }] },
                      ]),
                    )
                  : {}),
              }),
            ]
          : []),
      ],
      optimization: {
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, parallel: false })],
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port: remote ? remote.devPort : HOST_DEV_PORT,
        hot: false,
        liveReload: true,
        historyApiFallback: kind === 'host',
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false } },
        ...(kind === 'host'
          ? {
              proxy: [{ context: ['/api', '/demo-idp', '/Account', '/uat/Account'], target: `http://localhost:${API_DEV_PORT}` }],
            }
          : {}),
      },
    };
  };
}
