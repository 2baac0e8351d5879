import { Hono } from 'hono';
import { Role } from 'shared/roles';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createUser, login, PASSWORD, userRow } from '../../test/factories';
import { noLicense } from './licence-scope';
import { fullPath, implement, registerRoutes, apiRoute, RouteRegistry, type AnyRoute } from './route';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const concretePath = (route: AnyRoute) => fullPath(route.path).replace(/\{(\w+)\}/g, (_, name: string) => (name === 'envPath' ? 'uat' : '1'));

describe('route registration', () => {
  it('refuses a route without an access rule, and a public one that does not say why', () => {
    const registry = new RouteRegistry();
    const noRule = { method: 'GET', path: 'nothing', area: 'test', summary: 'x', handler: () => new Response() } as unknown as AnyRoute;
    expect(() => registerRoutes(new Hono(), registry, [noRule], app.deps)).toThrow(/no access rule/);
    const vague = implement(
      { vague: apiRoute({ method: 'GET', path: 'vague', area: 'test', summary: 'x', scope: noLicense('a test route'), access: { kind: 'public', why: ' ' } }) },
      { vague: () => new Response() },
    );
    expect(() => registerRoutes(new Hono(), registry, vague, app.deps)).toThrow(/must say why/);
    const noRoles = implement(
      { none: apiRoute({ method: 'GET', path: 'none', area: 'test', summary: 'x', scope: noLicense('a test route'), access: { kind: 'anyRole', roles: [] } }) },
      { none: () => new Response() },
    );
    expect(() => registerRoutes(new Hono(), registry, noRoles, app.deps)).toThrow(/names none/);
    expect(registry.routes).toEqual([]);
  });

  it('refuses a second route of one method on one path, also when only its parameters’ names differ', () => {
    const registry = new RouteRegistry();
    const one = (path: string) =>
      implement(
        { one: apiRoute({ method: 'GET', path, area: 'test', summary: 'x', scope: noLicense('a test route'), access: { kind: 'signedIn' } }) },
        { one: () => new Response() },
      );
    const other = implement(
      {
        other: apiRoute({
          method: 'DELETE',
          path: 'things/{thingId}',
          area: 'test',
          summary: 'x',
          scope: noLicense('a test route'),
          access: { kind: 'signedIn' },
          grants: [],
        }),
      },
      { other: () => new Response() },
    );
    registerRoutes(new Hono(), registry, [...one('things/{ownerId}'), ...other], app.deps);
    expect(() => registerRoutes(new Hono(), registry, one('things/{ownerId}'), app.deps)).toThrow(/registered twice/);
    expect(() => registerRoutes(new Hono(), registry, one('things/{thingId}'), app.deps)).toThrow(/registered twice/);
    expect(registry.routes.map((route) => `${route.method} ${route.path}`)).toEqual(['GET things/{ownerId}', 'DELETE things/{thingId}']);
  });

  it('refuses a spec without its handler (the types refuse it too; this is for plain JavaScript)', () => {
    const specs = {
      lonely: apiRoute({ method: 'GET', path: 'lonely', area: 'test', summary: 'x', scope: noLicense('a test route'), access: { kind: 'signedIn' } }),
    };
    // @ts-expect-error: a spec without a handler does not compile.
    expect(() => implement(specs, {})).toThrow(/GET lonely \(lonely\) has no handler/);
  });

  it('serves no path under /api/ that is not a registered route', () => {
    const registered = new Set(
      app.registry.routes.flatMap((r) => {
        const path = `${r.method} ${fullPath(r.path).replace(/\{(\w+)\}/g, ':$1')}`;
        // A contract path with a trailing slash is served with and without it.
        return r.path.endsWith('/') ? [path, `${path}/`] : [path];
      }),
    );
    const served = app.app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL');
    expect(served.length).toBeGreaterThan(0);
    for (const route of served) expect(registered).toContain(`${route.method} ${route.path}`);
  });

  it('answers 401 without a session on every route that is not public', async () => {
    const guarded = app.registry.routes.filter((r) => r.access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const answer = await app.request(route.method, concretePath(route), { body: route.method === 'GET' ? undefined : {} });
      expect([route.method, route.path, answer.status]).toEqual([route.method, route.path, 401]);
    }
  });

  it('documents every registered route in the OpenAPI document', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body;
    for (const route of app.registry.routes) {
      expect(doc.paths[fullPath(route.path)]?.[route.method.toLowerCase()]).toBeDefined();
    }
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(doc.paths['/api/licenses/{licenseId}/environments/{environmentId}'].post['x-access']).toEqual({
      kind: 'anyRole',
      roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES],
    });
  });
});

describe('the authorization middleware', () => {
  it('answers 403 to a caller without the route’s role, and changes nothing', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const answer = await app.request('POST', `/api/licenses/${license.licenseId}/environments/1`, { token: await login(app, user.userName) });
    expect(answer.status).toBe(403);
    expect(answer.body.Message).toBeTruthy();
  });

  it('answers 404 for another licence’s user, exactly as for one that does not exist, and changes nothing', async () => {
    const mine = await createLicense(app);
    const theirs = await createLicense(app);
    const admin = await createUser(app, mine.licenseId, { roles: [Role.ADMINISTER_USER_CREATE_UPDATE] });
    const victim = await createUser(app, theirs.licenseId);
    const token = await login(app, admin.userName);
    const before = await userRow(app, victim.userId);
    const other = await app.request('PUT', `/api/users/${victim.userName}/password`, { token, body: { mode: 'manual', password: 'Taken-Over-123' } });
    const missing = await app.request('PUT', '/api/users/no-such-user-anywhere/password', { token, body: { mode: 'manual', password: 'Taken-Over-123' } });
    expect([other.status, other.body]).toEqual([missing.status, missing.body]);
    expect(other.status).toBe(404);
    expect(await userRow(app, victim.userId)).toEqual(before);
    await login(app, victim.userName, PASSWORD);
  });

  it('lets a super administrator act on any licence', async () => {
    const mine = await createLicense(app);
    const theirs = await createLicense(app);
    const admin = await createUser(app, mine.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const user = await createUser(app, theirs.licenseId);
    const answer = await app.request('PUT', `/api/users/${user.userName}/password`, { token: await login(app, admin.userName), body: { mode: 'link' } });
    expect(answer.status).toBe(200);
  });
});

describe('errors', () => {
  it('answers 404 with a JSON message for an unknown API path', async () => {
    const answer = await app.request('GET', '/api/no/such/call');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ Message: 'There is no such API call.' });
  });

  it('answers 400, not 500, for a body of the wrong shape', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    for (const body of [[1, 2], 'null', '"text"', { mode: 'sideways' }]) {
      const answer = await app.request('PUT', `/api/users/${user.userName}/password`, { token, body });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.Message).toBe('string');
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const answer = await app.request('POST', '/api/login', { body: { userName: 'x'.repeat(6 * 1024 * 1024), password: 'y' } });
    expect(answer.status).toBe(413);
  });
});
