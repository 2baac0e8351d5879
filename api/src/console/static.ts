/**
 * Serves the built console beside the API: the host at /, each remote's bundle and
 * mf-manifest.json (and remote.json, its declaration) under /remotes/<id>/, and index.html for any other page path (history
 * mode). Entry files (index.html, remoteEntry.js, mf-manifest.json, remotes.json,
 * version.json) are never cached; content-hashed chunks are cached for a year.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import type { Config } from '../config';
import { contentSecurityPolicy } from '../http/security-headers';
import { consoleLayout } from './layout';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const UNCACHED = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'remote.json', 'remotes.json', 'version.json']);
const HASHED = /\.[0-9a-f]{8,}\.(js|css|mjs)$/;

function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return file === root || file.startsWith(root + path.sep) ? file : undefined;
}

/** Origins other than this server's that remotes.json loads remotes from, for the page's CSP. */
function remoteOriginsReader(hostDir: string): () => Promise<string[]> {
  const file = path.join(hostDir, 'remotes.json');
  let cached: { mtimeMs: number; origins: string[] } | undefined;
  return async () => {
    try {
      const stat = await fs.promises.stat(file);
      if (!cached || cached.mtimeMs !== stat.mtimeMs) {
        const origins = new Set<string>();
        // Any absolute URL in the map (an entry moved to a CDN) is an origin the page loads code from.
        for (const match of (await fs.promises.readFile(file, 'utf8')).matchAll(/"(https?:\/\/[^"\s]+)"/g)) {
          try {
            origins.add(new URL(match[1]!).origin);
          } catch {
            // Not a URL after all.
          }
        }
        cached = { mtimeMs: stat.mtimeMs, origins: [...origins].sort() };
      }
      return cached.origins;
    } catch {
      return [];
    }
  };
}

/** Whether a page request reached this server under another host than PUBLIC_URL's. */
export function foreignHost(c: Context, config: Config): boolean {
  if (!config.canonicalRedirect) return false;
  // Behind a proxy, the proxy owns the host name; redirecting could loop.
  if (c.req.header('x-forwarded-host') || c.req.header('x-forwarded-for') || c.req.header('forwarded')) return false;
  const host = c.req.header('host');
  return Boolean(host) && host!.toLowerCase() !== new URL(config.publicUrl).host.toLowerCase();
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
type Encoding = 'br' | 'gzip';
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
/** Compressed files kept in memory, so each is compressed once per version rather than at each request (issue 38). */
const compressed = new Map<string, { key: string; body: Promise<Buffer> }>();
const COMPRESSED_LIMIT = 2000;

/** The encoding the browser takes that we send: brotli when it says so (browsers do over HTTPS), else gzip. */
function chosenEncoding(c: Context): Encoding | undefined {
  const taken = (c.req.header('accept-encoding') ?? '')
    .split(',')
    .map((part) => part.split(';'))
    .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
    .map(([name]) => name!.trim().toLowerCase());
  if (taken.includes('br')) return 'br';
  if (taken.includes('gzip')) return 'gzip';
  return undefined;
}

/** The file compressed, from memory after the first time (its size and time of change are the key: a redeployed file is compressed anew). */
function compressedBody(file: string, stat: fs.Stats, encoding: Encoding): Promise<Buffer> {
  const id = `${encoding}:${file}`;
  const key = `${stat.size}:${stat.mtimeMs}`;
  const hit = compressed.get(id);
  if (hit?.key === key) return hit.body;
  const body = fs.promises
    .readFile(file)
    .then((raw) => (encoding === 'br' ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzip(raw, { level: 9 })));
  body.catch(() => compressed.delete(id));
  compressed.delete(id);
  compressed.set(id, { key, body });
  // The oldest entry goes first (a Map keeps insertion order).
  if (compressed.size > COMPRESSED_LIMIT) compressed.delete(compressed.keys().next().value!);
  return body;
}

async function sendFile(c: Context, file: string, extraHeaders: Record<string, string> = {}): Promise<Response | undefined> {
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  const name = path.basename(file);
  const headers: Record<string, string> = {
    'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
    'content-length': String(stat.size),
    'x-content-type-options': 'nosniff',
    'cache-control': UNCACHED.has(name) ? 'no-cache' : HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    ...extraHeaders,
  };
  // Remotes are loaded by a host that may live on another origin.
  if (name === 'mf-manifest.json' || name === 'remoteEntry.js' || file.includes(`${path.sep}remotes${path.sep}`)) {
    headers['access-control-allow-origin'] = '*';
    headers['cross-origin-resource-policy'] = 'cross-origin';
  }
  const encoding = COMPRESSIBLE.has(path.extname(name)) && stat.size > 1024 ? chosenEncoding(c) : undefined;
  if (encoding) {
    headers.vary = 'Accept-Encoding';
    headers['content-encoding'] = encoding;
    if (c.req.method === 'HEAD') {
      delete headers['content-length'];
      return new Response(null, { headers });
    }
    const body = await compressedBody(file, stat, encoding);
    headers['content-length'] = String(body.length);
    return new Response(new Uint8Array(body), { headers });
  }
  if (c.req.method === 'HEAD') return new Response(null, { headers });
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, { headers });
}

const NOT_BUILT = `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>Console not built</title></head>
<body style="font-family:system-ui,sans-serif;padding:2rem"><h1>The console is not built</h1>
<p>The API is running (<a href="/api/docs">reference</a>). Build the console with <code>npm start</code> from the project's root, or <code>pnpm -r build</code>.</p></body></html>`;

export function serveConsole(app: Hono, config: Config): void {
  const layout = consoleLayout(config.consoleDir);
  const remoteOrigins = remoteOriginsReader(layout.hostDir);
  app.use('*', compress());

  // Source maps would publish the sources; they are served only when SERVE_SOURCE_MAPS is on.
  app.get('*', async (c, next) => {
    if (!config.serveSourceMaps && c.req.path.endsWith('.map')) return c.json({ Message: 'Not found.' }, 404);
    await next();
  });

  app.get('/remotes/:id/*', async (c) => {
    const id = c.req.param('id');
    const dir = layout.remoteDir(id);
    if (!dir) return c.json({ Message: 'Not found.' }, 404);
    const rest = c.req.path.slice(`/remotes/${id}`.length);
    const file = resolveInside(dir, rest);
    return (file ? await sendFile(c, file) : undefined) ?? c.json({ Message: 'Not found.' }, 404);
  });

  app.get('*', async (c) => {
    const file = resolveInside(layout.hostDir, c.req.path);
    const direct = file && c.req.path !== '/' ? await sendFile(c, file) : undefined;
    if (direct) return direct;
    // A path ending in an asset's extension that is not there is a missing asset, not a page.
    // Other dots belong to pages: user names such as /user/jane.doe.
    if (TYPES[path.extname(c.req.path).toLowerCase()]) return c.json({ Message: 'Not found.' }, 404);
    // Single sign-on and log-out keep state per origin: pages are always used at PUBLIC_URL.
    if (foreignHost(c, config)) {
      const url = new URL(c.req.url);
      return c.redirect(`${new URL(config.publicUrl).origin}${url.pathname}${url.search}`, 302);
    }
    const csp = contentSecurityPolicy(await remoteOrigins());
    const index = await sendFile(c, path.join(layout.hostDir, 'index.html'), { 'content-security-policy': csp });
    return index ?? c.html(NOT_BUILT, 503);
  });
}
