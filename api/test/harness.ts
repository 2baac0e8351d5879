/**
 * One real app per test suite: a database cloned from the migrated template, real services
 * (a fast password cost, the outbox mailer, a clock the test can move), and `request`,
 * which calls the app as a browser would (JSON in, JSON out).
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import * as v from 'valibot';
import { callKey, type AnyEndpoint, type CallArgs } from 'contracts/common/endpoint';
import { createApp, type App } from '../src/app';
import { buildDeps } from '../src/bootstrap';
import { loadConfig, type Config } from '../src/config';
import { createPglite, openDatabase, type Database } from '../src/db/client';
import type { AppDeps } from '../src/deps';
import { fullPath } from '../src/http/route';
import { manualClock } from '../src/services/clock';
import { createMailer, type OutboxEntry } from '../src/services/mail';
import { createPasswordHasher } from '../src/services/passwords';
import { databaseUrlFor } from './template';

export type ManualClock = ReturnType<typeof manualClock>;

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestApp extends App {
  deps: AppDeps;
  clock: ManualClock;
  outbox: OutboxEntry[];
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<Answer<T>>;
  /**
   * Calls an endpoint as the console's call function does: its path parameters, body and query
   * in that order, typed by the endpoint (`app.call(userEndpoints.getUser, token, 'ann')`). A
   * 2xx JSON answer is read with the endpoint's reply schema, so each call also proves the console
   * can read what the API answered (a reply it cannot read fails the test); any other answer's
   * body is the API's JSON as sent (its `message`, `errors`). `request` stays for what the contract
   * does not allow (a hostile body, a made-up path).
   */
  call<E extends AnyEndpoint>(endpoint: E, as: Caller, ...args: CallArgs<E>): Promise<Answer<v.InferOutput<E['reply']>>>;
  /**
   * Another server on the same database, as a second one behind a load balancer: its own app
   * and services (token memory, prepared statements, background work) and, on PostgreSQL, its
   * own connection pool; on PGlite, which one process holds, the same database object.
   */
  secondServer(): Promise<Pick<TestApp, 'deps' | 'request' | 'call' | 'close'>>;
  close(): Promise<void>;
  /** The cloned database's URL on PostgreSQL (undefined on PGlite): what other server processes share (test/cluster.ts). */
  databaseUrl?: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Who calls: a session token or API key, the request's options (headers too), or nobody. */
export type Caller = string | Omit<RequestOptions, 'body'> | undefined;

type Request = TestApp['request'];

/** The typed client of {@link TestApp.call} over a requester. */
export function caller(request: Request): TestApp['call'] {
  return async (endpoint, as, ...args) => {
    let next = 0;
    const path = fullPath(endpoint.path).replace(/\{\w+\}/g, () => encodeURIComponent(String(args[next++])));
    const body = endpoint.body ? args[next++] : undefined;
    const given = (endpoint.query ? args[next++] : undefined) as Record<string, unknown> | undefined;
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...given, ...endpoint.fixedQuery })) if (value !== undefined && value !== null) query.set(name, String(value));
    const options = typeof as === 'string' ? { token: as } : { ...as };
    const headers = endpoint.bodyType ? { 'content-type': endpoint.bodyType, ...options.headers } : options.headers;
    const answer = await request(endpoint.method, query.size ? `${path}?${query}` : path, { ...options, headers, body });
    if (answer.status < 200 || answer.status > 299 || endpoint.replyKind === 'file' || answer.body === undefined) return answer;
    const read = v.safeParse(endpoint.reply, answer.body);
    if (!read.success)
      throw new Error(
        `${callKey(endpoint)} answered ${answer.status} with a body the console cannot read: ${v.summarize(read.issues)}\n${answer.text.slice(0, 500)}`,
      );
    return { ...answer, body: read.output };
  };
}

/** Calls `app` as a browser would: JSON in, JSON out. */
function requester(app: App): Request {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      // JSON unless the test sends another type (a CSV file's text).
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await app.app.request(`http://console.test${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (an HTML page): the text is the body.
    }
    return { status: response.status, body: parsed as never, headers: response.headers, text };
  };
}

/** A database cloned from the migrated template (reference data, no licence): for a test of the database itself. */
export async function migratedDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const template = process.env.TEST_TEMPLATE ?? '';
  if (template.startsWith('postgres:')) {
    const base = process.env.DATABASE_URL!;
    const name = `console_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.slice('postgres:'.length)}`);
    await admin.end();
    const url = databaseUrlFor(base, name);
    const database = await openDatabase({ databaseUrl: url, oneConnectionRule: true });
    return {
      database,
      url,
      drop: async () => {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  if (!template.startsWith('pglite:')) throw new Error('No test template: run the tests through jest (globalSetup makes it).');
  const dump = fs.readFileSync(template.slice('pglite:'.length));
  const pglite = await createPglite(undefined, { loadDataDir: new Blob([dump]) });
  return { database: await openDatabase({ pglite }), drop: async () => {} };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://console.test',
    TOKEN_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
    DEMO_IDP: 'false',
    SEED: 'none',
    ...env,
  });
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  const { database, drop, url } = await migratedDatabase();
  const clock = manualClock(new Date());
  const mailer = createMailer({ from: config.mailFrom });
  const deps = await buildDeps(config, { database, clock, mailer, passwords: createPasswordHasher(10) });
  const app = createApp(deps);
  return {
    ...app,
    deps,
    clock,
    databaseUrl: url,
    outbox: mailer.outbox!,
    request: requester(app),
    call: caller(requester(app)),
    async secondServer() {
      const shared = url ? await openDatabase({ databaseUrl: url }) : database;
      const otherDeps = await buildDeps(config, { database: shared, clock, mailer, passwords: createPasswordHasher(10) });
      const other = createApp(otherDeps);
      return { deps: otherDeps, request: requester(other), call: caller(requester(other)), close: async () => (url ? shared.close() : undefined) };
    },
    async close() {
      await database.close();
      await drop();
    },
  };
}
