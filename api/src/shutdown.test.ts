/**
 * The server drains on SIGTERM (issue 43): the real server process (src/start.ts, the bundle's entry, under tsx,
 * as `pnpm dev` runs it) on its own PGlite folder. A request in flight when the signal comes
 * completes; a request that arrives on its connection meanwhile is answered 503 with
 * `Connection: close`; no new connection is accepted; the process exits 0 within
 * SHUTDOWN_TIMEOUT_SECONDS. A request still running at the bound is cut, and the exit says so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiPath } from './paths';
import { createPglite } from './db/client';

interface Started {
  child: ChildProcess;
  dataDir: string;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
  /** Resolves when the output holds `text`. */
  waitFor(text: string, ms?: number): Promise<void>;
}

async function startServerProcess(env: Record<string, string>): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drain-'));
  // The folder starts as the migrated template (the server's own migrations find nothing to do):
  // this test is about the drain, not about seconds of migrations on an empty database.
  const template = process.env.TEST_TEMPLATE ?? '';
  if (template.startsWith('pglite:')) {
    const pglite = await createPglite(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([fs.readFileSync(template.slice('pglite:'.length))]) });
    await pglite.close();
  }
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', apiPath('src', 'start.ts')], {
    // From api/, so `--import tsx` finds the package; the data folder is its own.
    cwd: apiPath(),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Drain-Admin-123',
      TOKEN_SECRET: 'a-drain-test-secret-that-is-long-enough',
      FACTOR_ENCRYPTION_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listeners = new Set<() => void>();
  const add = (d: Buffer) => {
    output += d.toString();
    for (const check of listeners) check();
  };
  child.stdout!.on('data', add);
  child.stderr!.on('data', add);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const waitFor = (text: string, ms = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`'${text}' did not appear in time:\n${output.slice(-3000)}`)), ms);
      const check = () => {
        if (output.includes(text)) {
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        }
      };
      listeners.add(check);
      check();
      void exited.then(() => {
        if (!output.includes(text)) {
          clearTimeout(timer);
          reject(new Error(`The server exited before '${text}':\n${output.slice(-3000)}`));
        }
      });
    });
  await waitFor('The console is at');
  const port = Number(/Listening on 127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
  if (!port) throw new Error(`No port in the output:\n${output}`);
  return { child, dataDir, port, output: () => output, exited, waitFor };
}

/** A raw connection: what it received so far, and a way to write more. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return { socket, received: () => received, closed };
}

const LOGIN_BODY = JSON.stringify({ userName: 'nobody.here', password: 'Not-The-Password-1' });
const loginHead = (length: number) => `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

// The process runs on PGlite whatever the pass: once is enough (the PGlite pass of npm test).
const describeOnce = process.env.DATABASE_URL ? describe.skip : describe;

describeOnce('the server on SIGTERM', () => {
  it(
    'finishes the request in flight, answers 503 with Connection: close to one arriving on its ' +
      'connection, refuses new connections, and exits 0 within the bound',
    async () => {
      const server = await startServerProcess({ SHUTDOWN_TIMEOUT_SECONDS: '20' });
      try {
        // A sign-in whose body is still on its way: in flight when the signal comes.
        const slow = connect(server.port);
        slow.socket.write(loginHead(Buffer.byteLength(LOGIN_BODY)) + LOGIN_BODY.slice(0, 10));
        await new Promise((r) => setTimeout(r, 300));
        const signalled = Date.now();
        server.child.kill('SIGTERM');
        await server.waitFor('SIGTERM: draining');

        // No new connection is accepted.
        const refused = await new Promise<string>((resolve) => {
          const probe = net.connect(server.port, '127.0.0.1');
          probe.once('connect', () => {
            probe.destroy();
            resolve('connected');
          });
          probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        });
        expect(refused).toBe('ECONNREFUSED');

        // The rest of the body, and a second request right behind it on the same connection.
        await new Promise((r) => setTimeout(r, 500));
        slow.socket.write(LOGIN_BODY.slice(10) + 'GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await slow.closed;
        const replies = slow.received().split(/(?=HTTP\/1\.1 )/);
        expect(replies).toHaveLength(2);
        // The sign-in completed with its real answer.
        expect(replies[0]).toMatch(/^HTTP\/1\.1 401 /);
        expect(replies[0]).toContain('"Message"');
        // The request that arrived while draining: 503, and the connection closes.
        expect(replies[1]).toMatch(/^HTTP\/1\.1 503 /);
        expect(replies[1]!.toLowerCase()).toContain('connection: close');
        expect(replies[1]).toContain('The server is shutting down');

        const { code, at } = await server.exited;
        expect(code).toBe(0);
        expect(at - signalled).toBeLessThan(20_000);
        expect(server.output()).toContain('drained: every request finished');
      } finally {
        server.child.kill('SIGKILL');
        fs.rmSync(server.dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('cuts a request still running at SHUTDOWN_TIMEOUT_SECONDS and exits 1, saying so', async () => {
    const server = await startServerProcess({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    try {
      // Before the drain: a kept-alive connection outlives a load balancer's idle timeout (60 s),
      // so the balancer never sends a request on a connection the server is closing.
      const kept = connect(server.port);
      kept.socket.write('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
      for (let i = 0; i < 100 && !kept.received().includes('\r\n\r\n'); i++) await new Promise((r) => setTimeout(r, 50));
      expect(kept.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(kept.received().toLowerCase()).toContain('keep-alive: timeout=65');
      kept.socket.destroy();

      const stuck = connect(server.port);
      stuck.socket.write(loginHead(Buffer.byteLength(LOGIN_BODY)) + LOGIN_BODY.slice(0, 10));
      await new Promise((r) => setTimeout(r, 300));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const { code, at } = await server.exited;
      expect(code).toBe(1);
      expect(at - signalled).toBeGreaterThanOrEqual(900);
      expect(at - signalled).toBeLessThan(8_000);
      expect(server.output()).toContain('1 request still running after 1 s: cut');
      await stuck.closed;
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
