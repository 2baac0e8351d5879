/**
 * Traces (issue 43): the production bundle (dist/server.js, built here as `pnpm build` does)
 * started with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a tiny OTLP receiver in this test. A
 * request's span carries its route, and its trace id is the one in the reply's `traceparent`
 * header and in its log line (a 5xx body's `traceId` is the same id: src/http/trace-id.test.ts); on
 * PostgreSQL the request's queries are child spans. Without the variable
 * nothing is sent, and replies and log lines still carry a trace id.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
// @ts-expect-error: the build's own options, a plain ES module without types.
import { apiBuildOptions } from '../build-options.mjs';
import { apiPath } from './paths';
import { databaseUrlFor } from '../test/template';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

const outdir = apiPath('node_modules', '.cache', `tracing-test-${randomBytes(4).toString('hex')}`);
const base = process.env.DATABASE_URL;
const dbName = `console_tracing_${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  await build(apiBuildOptions({ entryPoints: [{ in: 'src/start.ts', out: 'server' }], outdir }));
  if (base) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
  }
}, 120_000);

afterAll(async () => {
  fs.rmSync(outdir, { recursive: true, force: true });
  if (base) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

/** Runs the bundle until it serves, lets `work` call it, stops it with SIGTERM; answers its output. */
async function runServer(env: Record<string, string>, work: (url: string) => Promise<void>): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracing-'));
  let output = '';
  const child = spawn(process.execPath, [path.join(outdir, 'server.js')], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Tracing-Admin-123',
      TOKEN_SECRET: 'a-tracing-test-secret-that-is-long-enough',
      FACTOR_ENCRYPTION_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
      ...(base ? { DATABASE_URL: databaseUrlFor(base, dbName) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + 60_000;
    while (!/Listening on 127\.0\.0\.1:(\d+)/.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const port = /Listening on 127\.0\.0\.1:(\d+)/.exec(output)![1];
    await work(`http://127.0.0.1:${port}`);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    return output;
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

describe('tracing', () => {
  it('exports the request’s span with its route, under the trace id its reply’s traceparent and its log line show', async () => {
    const spans: OtlpSpan[] = [];
    const contentTypes: string[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        if (req.url === '/v1/traces') {
          contentTypes.push(String(req.headers['content-type']));
          const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
          for (const resource of sent.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverPort = (receiver.address() as { port: number }).port;
    let traceId = '';
    let spanIdInReply = '';
    try {
      const output = await runServer({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}` }, async (url) => {
        const answer = await fetch(`${url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userName: 'nobody.traced', password: 'Not-The-Password-1' }),
        });
        expect(answer.status).toBe(401);
        // A 4xx body stays as documented; the trace id is in the reply's traceparent header.
        expect(Object.keys((await answer.json()) as object)).toEqual(['Message']);
        const traceparent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(answer.headers.get('traceparent') ?? '');
        expect(traceparent).not.toBeNull();
        traceId = traceparent![1]!;
        spanIdInReply = traceparent![2]!;
        // A probe is not traced.
        expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
      });
      // The shutdown sent what was buffered.
      expect(contentTypes[0]).toContain('application/json');
      const request = spans.find((s) => attribute(s, 'http.route') === '/api/login');
      expect(request).toMatchObject({ traceId, name: 'POST /api/login', spanId: spanIdInReply });
      expect(spans.some((s) => String(attribute(s, 'url.path') ?? attribute(s, 'http.target') ?? '').includes('health'))).toBe(false);
      // The request's log line carries the same trace id.
      const line = output.split('\n').find((l) => l.includes('"message":"request"') && l.includes('/api/login'));
      expect(JSON.parse(line!)).toMatchObject({ traceId, route: 'login', status: 401 });
      if (base) {
        // Its queries (the sign-in throttle's) are its children, on PostgreSQL.
        const queries = spans.filter(
          (s) => (s.traceId === traceId && attribute(s, 'db.system') === 'postgresql') || attribute(s, 'db.system.name') === 'postgresql',
        );
        expect(queries.filter((s) => s.traceId === traceId).length).toBeGreaterThan(0);
      }
    } finally {
      receiver.close();
    }
  }, 120_000);

  it(
    'sends nothing without OTEL_EXPORTER_OTLP_ENDPOINT; replies and log lines still carry one trace id, ' + 'the caller’s traceparent’s when it sends one',
    async () => {
      const output = await runServer({}, async (url) => {
        const own = await fetch(`${url}/api/no/such/call`);
        expect(own.status).toBe(404);
        expect(own.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
        const given = '4bf92f3577b34da6a3ce929d0e0e4736';
        const theirs = await fetch(`${url}/api/no/such/other`, { headers: { traceparent: `00-${given}-00f067aa0ba902b7-01` } });
        expect(theirs.headers.get('traceparent')).toMatch(new RegExp(`^00-${given}-[0-9a-f]{16}-00$`));
      });
      const line = output.split('\n').find((l) => l.includes('/api/no/such/other'));
      expect(JSON.parse(line!)).toMatchObject({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', route: '(unmatched)', status: 404 });
    },
    120_000,
  );
});
