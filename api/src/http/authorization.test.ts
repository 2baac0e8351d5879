/**
 * Authorization by construction: the route registry is walked, so a route added later is
 * covered without a test of its own. Every route that is not public answers 401 without
 * credentials (route.test.ts) and 403 to a signed-in user who holds no role, acting on another
 * user and the entities of their own licence — except the self-service routes listed here,
 * each with why a user without roles may call it. Another licence's entity stays a 404 (the
 * per-route scope tests).
 */
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createUser, login, unique } from '../../test/factories';
import { fullPath, type AnyRoute } from './route';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Routes a signed-in user without roles may call, and why that gives them nothing of anyone else's. */
const SELF_SERVICE: Record<string, string> = {
  logout: 'ends the caller’s own session',
  verifySession: 'answers whether the caller’s own session lives',
  getMyRoles: 'the caller’s own roles',
  getSessionGuid: 'a one-use hand-off of the caller’s own session to an environment',
  getEnvironments: 'the environments the caller’s own licence is linked to',
  getLicenseEnvironments: 'the caller’s own licence’s environments (another licence’s is a 404)',
  getUserPasswordPolicy: 'the password policy of the caller’s licence, which the password forms show',
  getMyFactors: 'the caller’s own second factors and their licence’s policy',
  getMyPasskeys: 'the caller’s own passkeys',
  passkeyRegistrationOptions: 'a challenge to register a passkey of the caller’s own',
  addPasskey: 'registers a passkey of the caller’s own',
  renamePasskey: 'renames a passkey of the caller’s own (another user’s is a 404)',
  passkeyConfirmOptions: 'a challenge to confirm it is the caller before removing a passkey',
  removePasskey: 'removes a passkey of the caller’s own, after re-authentication',
  startTotpSetup: 'sets up the caller’s own authenticator app',
  confirmTotpSetup: 'confirms the caller’s own authenticator app',
  removeTotp: 'removes the caller’s own authenticator app, with their password',
  regenerateRecoveryCodes: 'replaces the caller’s own recovery codes, with their password',
  getHomeAttention: 'the home’s cards: a caller without a role of a card’s screen gets no card, so no role gets none',
  getRemoteMap: 'the remotes the caller’s own console loads (release channels)',
  sendRemoteReports: 'the caller’s own browser’s reports of the remotes it loaded, tied only to their user id',
};

/** A valid body for the routes whose own check runs after the body is read (a bad body is a 400 first). */
const BODIES: Record<string, unknown> = {
  setUserPassword: { mode: 'link' },
};

describe('authorization by construction', () => {
  it('answers 403 on every route that is not public or self-service to a signed-in user who holds no role, and every self-service route says why', async () => {
    const license = await createLicense(app);
    const nobody = await createUser(app, license.licenseId);
    const other = await createUser(app, license.licenseId);
    const [group] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('Group'), licenseId: license.licenseId })
      .returning();
    const [key] = await app.deps.db
      .insert(t.apiKeys)
      .values({ keyPrefix: unique('p').slice(0, 20), secretHash: 'x'.repeat(64), name: unique('Key'), licenseId: license.licenseId })
      .returning();
    const [project] = await app.deps.db
      .insert(t.projects)
      .values({ name: unique('Project'), description: '', licenseId: license.licenseId })
      .returning();
    const [environment] = await app.deps.db
      .insert(t.environments)
      .values({ name: unique('Env'), serverUrl: 'https://env.example.test', label: 'Env' })
      .returning();
    const token = await login(app, nobody.userName);
    const values: Record<string, string | number> = {
      username: other.userName,
      userId: other.userId,
      licenseId: license.licenseId,
      id: group!.userGroupId,
      userGroupId: group!.userGroupId,
      apiKeyId: key!.apiKeyId,
      environmentId: environment!.environmentId,
      reportId: 1,
      projectId: project!.projectId,
      configId: 1,
      systemConfigId: 1,
      configName: 'ResourceProperties',
      siteId: 1,
      siteName: 'Yard',
      workflowId: 1,
      reviewId: 1,
      integrationRef: '00000000-0000-4000-8000-000000000000',
      copy: unique('copy'),
      envPath: 'uat',
      token: 'not-a-token',
      sessionId: '00000000-0000-4000-8000-000000000000',
      remoteId: 'workflows',
    };
    const path = (route: AnyRoute) =>
      fullPath(route.path).replace(/\{(\w+)\}/g, (_, name: string) => {
        if (!(name in values)) throw new Error(`No value for {${name}} in ${route.path}: add one to the test.`);
        return encodeURIComponent(String(values[name]));
      });
    // Ids in query strings and bodies point at the same entities.
    const query = `?userId=${other.userId}&userGroupId=${group!.userGroupId}&licenseId=${license.licenseId}`;
    const body = { userId: other.userId, userIds: [other.userId], userGroupId: group!.userGroupId, licenseId: license.licenseId, roleIds: [], projectIds: [] };

    // SCIM's routes take an API key as the bearer, never a session (routes/scim/scim.test.ts checks their roles with keys).
    const guarded = app.registry.routes.filter((route) => route.access.kind !== 'public' && route.channel !== 'scim');
    expect(guarded.length).toBeGreaterThan(40);
    const answered: string[] = [];
    // Logout last: it ends the session the other calls use.
    for (const route of [...guarded.filter((r) => r.name !== 'logout'), ...guarded.filter((r) => r.name === 'logout')]) {
      const answer = await app.request(route.method, path(route) + query, { token, body: route.method === 'GET' ? undefined : (BODIES[route.name!] ?? body) });
      const selfService = SELF_SERVICE[route.name!];
      if (selfService) expect([route.name, answer.status < 500]).toEqual([route.name, true]);
      else answered.push(`${route.name} ${answer.status}`);
    }
    expect(answered.filter((line) => !line.endsWith(' 403'))).toEqual([]);
    // Every self-service route still exists and is not public (the list cannot rot).
    for (const name of Object.keys(SELF_SERVICE)) expect(guarded.map((route) => route.name)).toContain(name);
  });
});
