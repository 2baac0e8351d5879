import { Role } from 'shared/roles';
import { loadConfig } from '../../config';
import { API_VERSION } from '../../version';
import { startWarnings } from '../../server';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('system routes', () => {
  it('GET health answers 200 while the database answers', async () => {
    const answer = await app.request('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', version: API_VERSION, database: app.deps.database.kind });
  });

  it('serves the reference page (Swagger UI) and its files from this server, under a CSP without inline scripts or eval', async () => {
    const answer = await app.request('GET', '/api/docs');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    const csp = answer.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Every script and style is one of its own files, and none is inline.
    const sources = [...answer.text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]!).filter((url) => !url.startsWith('data:'));
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const url of sources) expect(url).toMatch(/^\/api\//);
    expect(answer.text).not.toMatch(/<script>(?!<\/script>)/);
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'reference.js', 'reference.css']) {
      const served = await app.request('GET', `/api/docs/${file}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(file.endsWith('.js') ? /text\/javascript/ : /text\/css/);
      expect(served.text.length).toBeGreaterThan(100);
    }
    expect((await app.request('GET', '/api/docs/../package.json')).status).toBe(404);
    expect((await app.request('GET', '/api/docs/index.html')).status).toBe(404);
  });

  it('gives every operation code samples in curl (with the API key) and TypeScript (openapi-fetch)', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body;
    const samples = (path: string, method: string) => doc.paths[path][method]['x-codeSamples'] as { lang: string; label: string; source: string }[];
    const users = samples('/api/users', 'get');
    expect(users.map((s) => s.label)).toEqual(['curl', 'TypeScript (openapi-fetch)']);
    expect(users[0]!.source).toBe(`curl 'http://console.test/api/users' \\\n  -H "Authorization: ApiKey $CONSOLE_API_KEY"`);
    expect(users[1]!.source).toContain("import createClient from 'openapi-fetch';");
    expect(users[1]!.source).toContain("const { data, error } = await api.GET('/api/users');");
    const update = samples('/api/users/{username}', 'put');
    expect(update[0]!.source).toContain("curl -X PUT 'http://console.test/api/users/{username}'");
    expect(update[0]!.source).toContain("-H 'Content-Type: application/json'");
    expect(update[1]!.source).toMatch(/api\.PUT\('\/api\/users\/\{username\}', \{ params: \{ path: \{ username: "text" \} \}, body: \{.*\} \}\)/);
    // A public call sends no key.
    expect(samples('/api/health/ready', 'get')[0]!.source).toBe("curl 'http://console.test/api/health/ready'");
    for (const methods of Object.values(doc.paths) as Record<string, Record<string, unknown>>[]) {
      for (const operation of Object.values(methods)) expect(operation['x-codeSamples']).toHaveLength(2);
    }
  });
});

describe('the demo outbox', () => {
  const KEY = 'a-demo-outbox-key-for-tests';
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ DEMO: 'true', OUTBOX_KEY: KEY });
    await demo.deps.mailer.send({ to: 'someone@example.test', subject: 'Reset', text: 'https://console.test/users/password/reset?token=secret' });
  });
  afterAll(() => demo.close());

  it('is a 404 to a stranger, and to a wrong key, so reset links and codes cannot be read', async () => {
    expect((await demo.request('GET', '/api/dev/outbox')).status).toBe(404);
    expect((await demo.request('GET', '/api/dev/outbox?to=someone@example.test')).status).toBe(404);
    const wrong = await demo.request('GET', '/api/dev/outbox', { headers: { 'x-outbox-key': 'a-demo-outbox-key-for-testz' } });
    expect(wrong.status).toBe(404);
    expect(wrong.text).not.toContain('secret');
  });

  it('is a 404 to a signed-in user who is not a super administrator', async () => {
    const license = await createLicense(demo);
    const user = await createUser(demo, license.licenseId, { roles: [Role.ADMINISTER_USER_CREATE_UPDATE] });
    const token = await login(demo, user.userName);
    expect((await demo.request('GET', '/api/dev/outbox', { token })).status).toBe(404);
  });

  it('answers the mail by recipient with the key, in a header or the query', async () => {
    const byHeader = await demo.request('GET', '/api/dev/outbox?to=SOMEONE@example.test', { headers: { 'x-outbox-key': KEY } });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body).toEqual([expect.objectContaining({ to: 'someone@example.test', subject: 'Reset' })]);
    const byQuery = await demo.request('GET', `/api/dev/outbox?to=someone@example.test&key=${KEY}`);
    expect(byQuery.body).toHaveLength(1);
  });

  it('answers a super administrator without the key', async () => {
    const license = await createLicense(demo);
    const admin = await createUser(demo, license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const token = await login(demo, admin.userName);
    expect((await demo.request('GET', '/api/dev/outbox?to=someone@example.test', { token })).body).toHaveLength(1);
  });

  it('does not exist outside the demo, even with the key', async () => {
    await app.deps.mailer.send({ to: 'someone@example.test', subject: 'Hello', text: 'Body' });
    expect((await app.request('GET', '/api/dev/outbox', { headers: { 'x-outbox-key': KEY } })).status).toBe(404);
  });
});

describe('a server started without configuration', () => {
  it('behaves as production: no demo, no outbox, no demo identity provider, no demo seed', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({ nodeEnv: 'production', demo: false, demoIdp: false, seed: 'none' });
  });

  it('warns about a generated token secret and missing SMTP in production', () => {
    const warnings = startWarnings(loadConfig({ PUBLIC_URL: 'https://console.example.com' }, '/srv/app'));
    expect(warnings.join('\n')).toMatch(/TOKEN_SECRET is not set/);
    expect(warnings.join('\n')).toMatch(/SMTP_URL is not set/);
    expect(startWarnings(loadConfig({ DEMO: 'true' }, '/srv/app'))).toEqual([]);
  });

  it('refuses the demo in production', () => {
    expect(() => loadConfig({ DEMO: 'true', NODE_ENV: 'production' })).toThrow(/DEMO cannot be on when NODE_ENV is production/);
  });

  it('serves no outbox in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await production.request('GET', '/api/dev/outbox')).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
