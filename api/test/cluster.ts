/**
 * Several API servers on one PostgreSQL database, as production runs them (issue 43): real
 * server processes (src/start.ts through tsx, nothing shared in memory) on a test app's cloned
 * database, and a small round-robin balancer in node:http for calls that must not care which
 * server answers. Test-only: the product has no balancer of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiPath } from '../src/paths';
import type { OutboxEntry } from '../src/services/mail';
import type { Answer } from './harness';

/** The token secret every server of the cluster and the test's own app share (harness.testConfig's). */
const TOKEN_SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const OUTBOX_KEY = 'cluster-outbox-key-0123456789';

export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** What the process printed, for a failure's message. */
  log(): string;
  request<T = any>(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<Answer<T>>;
  /** The mail this server sent (the demo outbox, kept per process). */
  outbox(): Promise<OutboxEntry[]>;
  /** SIGTERM and wait for the exit (or SIGKILL: no drain, as a crash). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function call<T>(base: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text is the body.
  }
  return { status: response.status, body: body as T, headers: response.headers, text };
}

/** Starts `src/start.ts` on `databaseUrl` and waits until it is ready (migrations current, database answering). */
export async function startServerProcess(name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
    cwd: apiPath(),
    // Only what a server needs: none of jest's own variables (TEST_TEMPLATE, NODE_OPTIONS).
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      DEMO: 'true',
      DEMO_IDP: 'false',
      SEED: 'none',
      OUTBOX_KEY,
      TOKEN_SECRET,
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `cluster-${name}-`)),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: 'http://console.test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    name,
    url,
    child,
    log: () => output,
    request: (method, path, options) => call(url, method, path, options),
    async outbox() {
      const answer = await call<OutboxEntry[]>(url, 'GET', `/api/dev/outbox?key=${OUTBOX_KEY}`);
      if (answer.status !== 200) throw new Error(`The outbox of ${name} answered ${answer.status}: ${answer.text}`);
      return answer.body;
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  // tsx compiles the server at start: generous on a loaded 2-core machine.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server ${name} exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop('SIGKILL');
  throw new Error(`Server ${name} was not ready in time:\n${output}`);
}

export interface Balancer {
  url: string;
  /** How many requests each server was sent. */
  sent: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Round robin over the servers, as a load balancer in front of them: a request whose server
 * fails before it answers gets a 502 (a write is never retried elsewhere, as nginx does for a
 * POST), and that server is skipped from then on (nginx's passive check with max_fails=1).
 */
export async function startBalancer(servers: readonly ServerProcess[]): Promise<Balancer> {
  const sent = new Map(servers.map((server) => [server.name, 0]));
  const down = new Set<string>();
  let next = 0;
  const proxy = http.createServer((req, res) => {
    const live = servers.filter((server) => !down.has(server.name));
    if (live.length === 0) {
      res.writeHead(503).end();
      return;
    }
    const target = live[next++ % live.length]!;
    sent.set(target.name, sent.get(target.name)! + 1);
    const upstream = http.request(`${target.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.once('error', () => res.destroy());
    });
    upstream.once('error', () => {
      down.add(target.name);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end('{"Message":"Bad gateway"}');
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}
