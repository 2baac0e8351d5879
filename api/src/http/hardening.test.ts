import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { GenericMessages } from 'contracts/common';
import { createApp } from '../app';
import { serveConsole } from '../console/static';
import type { Logger } from '../deps';
import { createTestApp, type TestApp } from '../../test/harness';
import { fromDatabaseError } from './errors';
import { maskPath } from './safe-path';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('a NUL character anywhere in a request', () => {
  it('answers 400 with a clear message in a login body, a path and a query, never 500', async () => {
    const body = await app.request('POST', '/api/login', { body: { userName: 'ad\u0000min', password: 'x' } });
    expect(body.status).toBe(400);
    expect(body.body.Message).toBe(GenericMessages.nulCharacter);
    const nested = await app.request('PUT', '/api/users/someone/password', { body: { mode: 'manual', password: ['a\u0000'] } });
    expect(nested.status).toBe(400);
    const inPath = await app.request('GET', '/api/users/ad%00min/password/recovery');
    expect(inPath.status).toBe(400);
    const inQuery = await app.request('GET', '/api/users/password/config?token=a%00b');
    expect(inQuery.status).toBe(400);
    const page = await app.request('GET', '/some%00page');
    expect(page.status).toBe(400);
  });

  it('lets an escaped backslash followed by u0000 through, since that is not a NUL', async () => {
    const answer = await app.request('POST', '/api/login', { body: '{"userName":"a\\\\u0000b","password":"x"}' });
    expect(answer.status).toBe(401);
  });
});

describe('database data errors', () => {
  it('map to 400 in the one error handler, so a future route cannot answer 500 for bad input', async () => {
    expect(fromDatabaseError({ code: '22021' })?.status).toBe(400);
    expect(fromDatabaseError({ cause: { code: '22P05' } })?.status).toBe(400);
    expect(fromDatabaseError({ code: '42P01' })).toBeUndefined();
    // A real data exception from the database, through the app's error handler.
    const probe = createApp(app.deps);
    probe.app.get('/probe', async () => {
      await app.deps.db.execute(sql`select ${'not a number'}::integer`);
      return new Response('unreachable');
    });
    const answer = await probe.app.request('http://console.test/probe');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ Message: expect.any(String) });
  });
});

describe('security headers', () => {
  const expectProtected = (headers: Headers) => {
    expect(headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
  };

  it('are on API replies, errors, the reference page and the environment pages', async () => {
    expectProtected((await app.request('GET', '/api/health')).headers);
    expectProtected((await app.request('GET', '/api/no-such-call')).headers);
    expectProtected((await app.request('GET', '/api/verifysession/3')).headers);
    expectProtected((await app.request('GET', '/api/docs')).headers);
    expectProtected((await app.request('GET', '/uat/Account/Authenticate?sessionGuid=x&environmentId=1')).headers);
    expectProtected((await app.request('GET', '/Account/LogOff')).headers);
  });
});

describe('the served console', () => {
  let dir: string;
  let served: ReturnType<typeof createApp>;
  const get = (url: string, headers: Record<string, string> = {}) => served.app.request(url, { headers });
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-static-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Console</title>');
    fs.writeFileSync(path.join(dir, 'main.0123abcd.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'main.0123abcd.js.map'), '{"sources":["secret.ts"]}');
    fs.writeFileSync(
      path.join(dir, 'remotes.json'),
      JSON.stringify({ remotes: [{ id: 'identity', entry: 'https://cdn.example.com/identity/mf-manifest.json' }] }),
    );
    fs.mkdirSync(path.join(dir, 'remotes', 'identity'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'remotes', 'identity', 'remoteEntry.js'), 'var x');
    const config = { ...app.deps.config, consoleDir: dir, publicUrl: 'http://localhost:8080' };
    served = createApp({ ...app.deps, config }, { extend: (hono) => serveConsole(hono, config) });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves pages with the CSP, allowing scripts from the origins remotes.json names', async () => {
    const page = await get('http://localhost:8080/users', { host: 'localhost:8080' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' https:\/\/cdn\.example\.com;/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers a missing asset with 404, and a page whose path holds a dot (a user name) with the console', async () => {
    expect((await get('http://localhost:8080/main.deadbeef.js', { host: 'localhost:8080' })).status).toBe(404);
    const page = await get('http://localhost:8080/user/jane.doe', { host: 'localhost:8080' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Console</title>');
  });

  it('lets another origin load a remote’s bundle', async () => {
    const entry = await get('http://localhost:8080/remotes/identity/remoteEntry.js', { host: 'localhost:8080' });
    expect(entry.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('does not publish source maps', async () => {
    expect((await get('http://localhost:8080/main.0123abcd.js', { host: 'localhost:8080' })).status).toBe(200);
    expect((await get('http://localhost:8080/main.0123abcd.js.map', { host: 'localhost:8080' })).status).toBe(404);
  });

  it('sends a bundle compressed the way the browser takes it, once per version of the file (issue 38)', async () => {
    const file = path.join(dir, 'remotes', 'identity', 'remoteEntry.js');
    const script = (n: number) => `var sections = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `section ${i} of ${n}`))};`;
    fs.writeFileSync(file, script(1));
    const url = 'http://localhost:8080/remotes/identity/remoteEntry.js';
    const gz = await get(url, { host: 'localhost:8080', 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = Buffer.from(await gz.arrayBuffer());
    expect(Number(gz.headers.get('content-length'))).toBe(body.length);
    expect(zlib.gunzipSync(body).toString()).toBe(script(1));
    const br = await get(url, { host: 'localhost:8080', 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script(1));
    // Refused by q=0, or not asked for: the file as it is.
    const plain = await get(url, { host: 'localhost:8080', 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script(1));
    // A redeployed entry (same name) is compressed anew, never served from the old version.
    fs.writeFileSync(file, script(22));
    const again = await get(url, { host: 'localhost:8080', 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(Buffer.from(await again.arrayBuffer())).toString()).toBe(script(22));
    fs.writeFileSync(file, 'var x');
  });

  it('sends a page opened at another host to PUBLIC_URL, so single sign-on and log-out keep one origin', async () => {
    const answer = await get('http://127.0.0.1:8080/login?x=1', { host: '127.0.0.1:8080' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('http://localhost:8080/login?x=1');
    const proxied = await get('http://internal:8080/login', { host: 'internal:8080', 'x-forwarded-for': '10.0.0.1' });
    expect(proxied.status).toBe(200);
  });
});

describe('secrets in logs', () => {
  it('masks reset tokens whatever the outcome: 413, wrong method, trailing slash, other case', async () => {
    const lines: string[] = [];
    const log: Logger = { info: (m, f) => lines.push(JSON.stringify({ m, ...f })), warn: () => {}, error: (m, f) => lines.push(JSON.stringify({ m, ...f })) };
    const noisy = createApp({ ...app.deps, log, config: { ...app.deps.config, nodeEnv: 'development' } });
    const secret = 'resetTokenSecretValue';
    const call = (method: string, url: string, body?: string) =>
      noisy.app.request(`http://console.test${url}`, { method, body, headers: body ? { 'content-type': 'application/json' } : {} });
    await call('PUT', `/api/users/password/reset/${secret}`, 'x'.repeat(6 * 1024 * 1024));
    await call('DELETE', `/api/users/password/reset/${secret}`);
    await call('PUT', `/api/users/password/reset/${secret}/`, '{}');
    await call('GET', `/api/Users/Token/Verify/${secret}`);
    await call('GET', `/api/users/token/verify/${secret}`);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).toContain('/api/users/password/reset/[redacted]');
  });

  it('masks any token-shaped segment too', () => {
    expect(maskPath('/api/anything/AbCdEf0123456789_-AbCdEf0123')).toBe('/api/anything/[redacted]');
    expect(maskPath('/api/users/jsmith/password')).toBe('/api/users/jsmith/password');
  });
});
