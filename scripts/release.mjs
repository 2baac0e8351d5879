// npm run release -- <remote> [--version X] [--console-dir DIR] [--register URL (--api-key KEY | --token TOKEN)] [--source DIR]
//
// Publishes one build of one remote for release channels (README 'Releasing a section'):
// 1. builds the remote alone, in a copy of its folder beside it (its own dist/, the host and the
//    other remotes are never touched), with BUILD_VERSION = the version;
// 2. copies the build to <console dir>/remotes/<id>/<version>/ (the deployed console's folder:
//    --console-dir, else CONSOLE_DIR), or says where to upload it;
// 3. registers it with the API (POST api/remotes/<id>/versions, as a super administrator), or
//    prints the call to make. The API refuses a build for a kernel this console does not run.
// Registering gives the version to no one: set it as the pilot on Console health or with
// PUT api/remotes/<id>/pilot, watch it, then promote it or roll it back.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const USAGE = 'npm run release -- <remote> [--version X] [--console-dir DIR] [--register URL (--api-key KEY | --token TOKEN)] [--source DIR]';

function parseArgs(argv) {
  const options = {
    remote: undefined,
    version: undefined,
    consoleDir: process.env.CONSOLE_DIR,
    register: undefined,
    apiKey: process.env.RELEASE_API_KEY,
    token: undefined,
    source: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) fail(`${arg} needs a value.\n${USAGE}`);
      return next;
    };
    if (arg === '--version') options.version = value();
    else if (arg === '--console-dir') options.consoleDir = value();
    else if (arg === '--register') options.register = value();
    else if (arg === '--api-key') options.apiKey = value();
    else if (arg === '--token') options.token = value();
    else if (arg === '--source') options.source = value();
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (!arg.startsWith('--') && !options.remote) options.remote = arg;
    else fail(`Unknown argument ${arg}.\n${USAGE}`);
  }
  return options;
}

function fail(message) {
  console.error(`✗ ${message}`);
  process.exit(1);
}

/** A build tool as the remote's own build finds it: its package's, else the workspace's. */
function tool(packageDir, name) {
  const own = path.join(packageDir, 'node_modules', '.bin', name);
  return fs.existsSync(own) ? own : path.join(root, 'node_modules', '.bin', name);
}

function run(command, args, cwd, env = {}) {
  try {
    execFileSync(command, args, { cwd, stdio: 'pipe', env: { ...process.env, ...env } });
  } catch (error) {
    fail(`${path.basename(command)} failed: ${error.message}\n${error.stdout?.toString() ?? ''}${error.stderr?.toString() ?? ''}`);
  }
}

/** Builds `source` (laid out like remote-<id>/) in a sibling copy, so the remote's own dist/ stays; answers the build's folder. */
function buildAlone(id, source, version) {
  const packageDir = path.join(root, `remote-${id}`);
  // A sibling of the real remote, so its relative paths (the kernel's theme, the base tsconfig, the workspace's tools) resolve as in its own build.
  const work = fs.mkdtempSync(path.join(root, `.release-${id}-`));
  for (const name of ['package.json', 'tsconfig.json', 'webpack.config.mjs', 'postcss.config.mjs', 'src']) {
    if (fs.existsSync(path.join(source, name))) fs.cpSync(path.join(source, name), path.join(work, name), { recursive: true });
  }
  fs.symlinkSync(path.join(packageDir, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  console.log(`▶ Building ${id} ${version} alone (type check, then webpack) …`);
  run(tool(packageDir, 'tsc'), ['-p', 'tsconfig.json', '--noEmit'], work);
  run(tool(packageDir, 'webpack'), ['--mode', 'production'], work, { BUILD_VERSION: version });
  return work;
}

async function register(url, auth, id, body) {
  const response = await fetch(new URL(`/api/remotes/${id}/versions`, url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: auth },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) fail(`Registration answered ${response.status}: ${text}`);
  console.log(`✓ Registered ${id} ${body.version} with ${url}.`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const id = options.remote;
  if (!id || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) fail(`Name the remote (identity, licensing, projects-sites, workflows).\n${USAGE}`);
  if (!fs.existsSync(path.join(root, `remote-${id}`, 'package.json'))) fail(`There is no remote-${id} folder.`);
  const pkg = JSON.parse(fs.readFileSync(path.join(root, `remote-${id}`, 'package.json'), 'utf8'));
  const version = options.version ?? `${pkg.version}-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '.')}`;
  if (!/^[A-Za-z0-9][A-Za-z0-9._+-]{0,39}$/.test(version)) fail(`A version is 1 to 40 letters, digits, dots, hyphens, underscores or plus signs: ${version}`);

  const work = buildAlone(id, path.resolve(options.source ?? path.join(root, `remote-${id}`)), version);
  try {
    const declaration = JSON.parse(fs.readFileSync(path.join(work, 'dist', 'remote.json'), 'utf8'));
    if (declaration.id !== id || declaration.version !== version) fail(`The build declares ${declaration.id} ${declaration.version}, not ${id} ${version}.`);
    const entry = `/remotes/${id}/${version}/mf-manifest.json`;
    if (options.consoleDir) {
      const target = path.join(path.resolve(options.consoleDir), 'remotes', id, version);
      if (fs.existsSync(target)) fail(`${target} exists already: a build gets a new version.`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.cpSync(path.join(work, 'dist'), target, { recursive: true });
      console.log(`✓ Copied to ${target} (served at ${entry}).`);
    } else {
      const kept = path.join(root, '.releases', id, version);
      fs.mkdirSync(path.dirname(kept), { recursive: true });
      fs.rmSync(kept, { recursive: true, force: true });
      fs.cpSync(path.join(work, 'dist'), kept, { recursive: true });
      console.log(
        `✓ Built into ${kept}. Upload its files to remotes/${id}/${version}/ of the deployed console folder ` +
          `(CONSOLE_DIR), or to a CDN (then register its https:// address).`,
      );
    }
    const body = { version, entry, kernel: declaration.kernel };
    const auth = options.token ? `Bearer ${options.token}` : options.apiKey ? `ApiKey ${options.apiKey}` : undefined;
    if (options.register && auth) await register(options.register, auth, id, body);
    else {
      console.log('\nRegister it as a super administrator (a session token or a super administrator’s API key):');
      console.log(
        `  curl -X POST <console URL>/api/remotes/${id}/versions -H 'authorization: Bearer <token>' -H ` +
          `'content-type: application/json' -d '${JSON.stringify(body)}'`,
      );
    }
    console.log(
      `\nNext: give it as the pilot on Console health (Start a pilot on ${id}'s card) or with its API (PUT ` +
        `/api/remotes/${id}/pilot {"version":"${version}","licenseIds":[…],"percent":10}), watch it there, then ` +
        `promote it or roll it back.`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
