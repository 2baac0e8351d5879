import { eq } from 'drizzle-orm';
import { ApiKeyMessages, UserMessages } from 'contracts/identity/model';
import { AuthMessages } from 'contracts/auth/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const roleId = async (name: string) => (await app.deps.db.select().from(t.roles).where(eq(t.roles.name, name)))[0]!.roleId;

/** A licence with two projects and its key administrator. */
async function setup() {
  const license = await createLicense(app);
  const [p1, p2] = [await createProject(app, license.licenseId), await createProject(app, license.licenseId)];
  const admin = await createUser(app, license.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_API_KEYS, Role.ADMINISTER_PROJECT_READ],
    projects: [p1.projectId],
  });
  return { license, p1, p2, admin, token: await login(app, admin.userName) };
}

async function makeKey(token: string, licenseId: number, extra: Record<string, unknown> = {}) {
  const made = await app.request('POST', '/api/apikeys', {
    token,
    body: { name: unique('Integration'), licenseId, isActive: true, allProjects: false, ...extra },
  });
  expect(made.status).toBe(201);
  return made.body as { apiKeyId: number; apiKey: string; keyPrefix: string; name: string };
}

/** A call made with an API key. */
const withKey = (key: string, method: string, path: string, body?: unknown) => app.request(method, path, { headers: { authorization: `ApiKey ${key}` }, body });

describe('making and changing API keys', () => {
  it('answers the key once: a secure random secret, stored only as a hash with its prefix', async () => {
    const { license, token } = await setup();
    const made = await makeKey(token, license.licenseId, { description: 'ERP sync' });
    expect(made.apiKey).toMatch(/^ck_[0-9a-f]{8}\.[A-Za-z0-9_-]{43}$/);
    expect(made.apiKey.startsWith(`${made.keyPrefix}.`)).toBe(true);
    const [row] = await app.deps.db.select().from(t.apiKeys).where(eq(t.apiKeys.apiKeyId, made.apiKeyId));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.apiKey.split('.')[1]);

    const one = await app.request('GET', `/api/apikeys/${made.apiKeyId}`, { token });
    expect(one.body).toEqual(
      expect.objectContaining({ name: made.name, keyPrefix: made.keyPrefix, description: 'ERP sync', isActive: true, lastUsedDate: null }),
    );
    const list = await app.request('GET', '/api/apikeys', { token });
    for (const text of [one.text, list.text]) {
      expect(text).not.toContain(made.apiKey.split('.')[1]);
      expect(text).not.toContain('secretHash');
      expect(text).not.toContain('"apiKey"');
    }
    // Two keys never share a secret.
    const second = await makeKey(token, license.licenseId);
    expect(second.apiKey).not.toBe(made.apiKey);
    const audit = await app.deps.db.select().from(t.auditLog).where(eq(t.auditLog.entity, 'api-key'));
    expect(JSON.stringify(audit)).not.toContain(made.apiKey.split('.')[1]);
  });

  it('needs a name and a licence, keeps names unique in the licence, and stays in the caller’s licence', async () => {
    const { license, token } = await setup();
    const noName = await app.request('POST', '/api/apikeys', { token, body: { name: '  ', licenseId: license.licenseId, isActive: true, allProjects: false } });
    expect(noName.status).toBe(400);
    expect(noName.body.Message).toBe(ApiKeyMessages.nameRequiredCreate);
    expect((await app.request('POST', '/api/apikeys', { token, body: { licenseId: license.licenseId } })).body.Message).toBe(ApiKeyMessages.nameRequiredCreate);
    expect((await app.request('POST', '/api/apikeys', { token, body: { name: 'x' } })).body.Message).toBe(ApiKeyMessages.licenseRequired);
    const made = await makeKey(token, license.licenseId);
    const again = await app.request('POST', '/api/apikeys', {
      token,
      body: { name: made.name, licenseId: license.licenseId, isActive: true, allProjects: false },
    });
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe(ApiKeyMessages.nameTaken);
    const other = await createLicense(app);
    expect(
      (await app.request('POST', '/api/apikeys', { token, body: { name: 'x', licenseId: other.licenseId, isActive: true, allProjects: false } })).status,
    ).toBe(404);
  });

  it('updates the details with the spec’s messages; another licence’s key is a 404 on every call', async () => {
    const { license, token } = await setup();
    const made = await makeKey(token, license.licenseId);
    const empty = await app.request('PUT', `/api/apikeys/${made.apiKeyId}`, { token, body: { name: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toBe(ApiKeyMessages.nameRequiredEdit);
    const saved = await app.request('PUT', `/api/apikeys/${made.apiKeyId}`, { token, body: { name: 'ERP', description: 'Nightly', isActive: false } });
    expect(saved.body.Message).toBe(ApiKeyMessages.added);
    expect((await app.request('GET', `/api/apikeys/${made.apiKeyId}`, { token })).body).toEqual(
      expect.objectContaining({ name: 'ERP', description: 'Nightly', isActive: false }),
    );
    expect((await app.request('GET', '/api/apikeys?activeOnly=true', { token })).body.map((k: { apiKeyId: number }) => k.apiKeyId)).not.toContain(
      made.apiKeyId,
    );
    expect((await app.request('GET', '/api/apikeys?filter=erp', { token })).body.map((k: { apiKeyId: number }) => k.apiKeyId)).toEqual([made.apiKeyId]);

    const stranger = await setup();
    const id = made.apiKeyId;
    for (const [method, path, body] of [
      ['GET', `/api/apikeys/${id}`],
      ['PUT', `/api/apikeys/${id}`, { isActive: true }],
      ['GET', `/api/apikeys/${id}/addons`],
      ['PUT', `/api/apikeys/${id}/addons`, []],
      ['GET', `/api/apikeys/${id}/roles`],
      ['PUT', `/api/apikeys/${id}/roles`, []],
      ['GET', `/api/apikeys/${id}/projects`],
      ['PUT', `/api/apikeys/${id}/projects`, []],
    ] as const) {
      expect([method, path, (await app.request(method, path, { token: stranger.token, body })).status]).toEqual([method, path, 404]);
    }
    expect((await app.request('GET', `/api/apikeys?licenseId=${license.licenseId}`, { token: stranger.token })).status).toBe(404);
    expect((await app.request('GET', `/api/apikeys/${id}`, { token })).body.isActive).toBe(false);
  });

  it('needs ADMINISTER_API_KEYS or ADMINISTER_USER_CREATE_UPDATE', async () => {
    const { license } = await setup();
    const reader = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    expect((await app.request('GET', '/api/apikeys', { token: await login(app, reader.userName) })).status).toBe(403);
    const userAdmin = await createUser(app, license.licenseId, { roles: [Role.ADMINISTER_USER_CREATE_UPDATE] });
    expect((await app.request('GET', '/api/apikeys', { token: await login(app, userAdmin.userName) })).status).toBe(200);
  });

  it('product licences, roles and projects: roles need the key’s product, losing the product takes its roles', async () => {
    const { license, p1, token } = await setup();
    const made = await makeKey(token, license.licenseId);
    const id = made.apiKeyId;
    expect((await app.request('GET', `/api/apikeys/${id}/roles`, { token })).body).toEqual([]);
    const read = await roleId(Role.ADMINISTER_PROJECT_READ);
    const noProduct = await app.request('PUT', `/api/apikeys/${id}/roles`, { token, body: [read] });
    expect(noProduct.status).toBe(400);
    expect((await app.request('PUT', `/api/apikeys/${id}/addons`, { token, body: [5] })).status).toBe(400);
    expect((await app.request('PUT', `/api/apikeys/${id}/addons`, { token, body: [1] })).body.Message).toBe(UserMessages.addonsUpdated);
    expect((await app.request('GET', `/api/apikeys/${id}/addons`, { token })).body).toEqual([
      expect.objectContaining({ addOnId: 1, addonData: expect.objectContaining({ name: 'SiteSense' }) }),
    ]);
    expect((await app.request('PUT', `/api/apikeys/${id}/roles`, { token, body: [read] })).body.Message).toBe(UserMessages.rolesUpdated);
    const superRole = await roleId(Role.ACCESS_ALL_CUSTOMER_LICENCES);
    expect((await app.request('PUT', `/api/apikeys/${id}/roles`, { token, body: [read, superRole] })).status).toBe(403);
    const roles = (await app.request('GET', `/api/apikeys/${id}/roles`, { token })).body as { roles: { roleId: number; appliedToUser: boolean }[] }[];
    expect(
      roles
        .flatMap((g) => g.roles)
        .filter((r) => r.appliedToUser)
        .map((r) => r.roleId),
    ).toEqual([read]);

    expect((await app.request('PUT', `/api/apikeys/${id}/projects`, { token, body: [p1.projectId] })).body.Message).toBe(UserMessages.projectsUpdated);
    const projects = (await app.request('GET', `/api/apikeys/${id}/projects`, { token })).body as { projectId: number; assignedTo: boolean }[];
    expect(projects.filter((p) => p.assignedTo).map((p) => p.projectId)).toEqual([p1.projectId]);
    const foreign = await createProject(app, (await createLicense(app)).licenseId);
    expect((await app.request('PUT', `/api/apikeys/${id}/projects`, { token, body: [foreign.projectId] })).status).toBe(400);

    await app.request('PUT', `/api/apikeys/${id}/addons`, { token, body: [] });
    expect((await app.request('GET', `/api/apikeys/${id}`, { token })).body.roleIds).toEqual([]);
  });
});

describe('calling the API with a key', () => {
  /** A key holding project read in `license`, with one of its two projects. */
  async function keyWithProject() {
    const ctx = await setup();
    const made = await makeKey(ctx.token, ctx.license.licenseId);
    await app.request('PUT', `/api/apikeys/${made.apiKeyId}/addons`, { token: ctx.token, body: [1] });
    await app.request('PUT', `/api/apikeys/${made.apiKeyId}/roles`, { token: ctx.token, body: [await roleId(Role.ACCESS_MY_CUSTOMER_LICENCE)] });
    await app.request('PUT', `/api/apikeys/${made.apiKeyId}/projects`, { token: ctx.token, body: [ctx.p1.projectId] });
    return { ...ctx, made };
  }

  it('acts with exactly its own roles, projects and licence, and records when it was used', async () => {
    const { license, p1, made, token } = await keyWithProject();
    const projects = await withKey(made.apiKey, 'GET', '/api/projects');
    expect(projects.status).toBe(200);
    expect(projects.body.map((p: { projectId: number }) => p.projectId)).toEqual([p1.projectId]);
    const users = await withKey(made.apiKey, 'GET', '/api/users');
    expect(users.status).toBe(200);
    // Another licence is out of reach; a role the key lacks is refused.
    expect((await withKey(made.apiKey, 'GET', `/api/users?licenseId=${(await createLicense(app)).licenseId}`)).status).toBe(404);
    expect((await withKey(made.apiKey, 'GET', '/api/apikeys')).status).toBe(403);
    const logout = await withKey(made.apiKey, 'PUT', '/api/logout');
    expect(logout.status).toBe(403);
    expect(logout.body.Message).toBe(ApiKeyMessages.sessionOnly);

    // allProjects: every project of its licence.
    await app.request('PUT', `/api/apikeys/${made.apiKeyId}`, { token, body: { allProjects: true } });
    expect((await withKey(made.apiKey, 'GET', '/api/projects')).body).toHaveLength(2);

    await app.deps.background.settled();
    const used = (await app.request('GET', `/api/apikeys/${made.apiKeyId}`, { token })).body;
    expect(used.lastUsedDate).not.toBeNull();
    expect(license.licenseId).toBe(used.licenseId);
  });

  it('a deactivated key is refused at once and told it is inactive; a wrong or unknown key gets the generic answer', async () => {
    const { made, token } = await keyWithProject();
    expect((await withKey(made.apiKey, 'GET', '/api/projects')).status).toBe(200);
    await app.request('PUT', `/api/apikeys/${made.apiKeyId}`, { token, body: { isActive: false } });
    const inactive = await withKey(made.apiKey, 'GET', '/api/projects');
    expect(inactive.status).toBe(401);
    expect(inactive.body).toEqual({ Message: ApiKeyMessages.inactive });
    // Only the key's holder can send it whole: a wrong secret under the same prefix, an unknown
    // prefix or a malformed key learn nothing, not even that the key exists or is inactive.
    const wrongSecret = await withKey(`${made.keyPrefix}.${'A'.repeat(43)}`, 'GET', '/api/projects');
    const unknown = await withKey(`ck_00000000.${'A'.repeat(43)}`, 'GET', '/api/projects');
    const malformed = await withKey('not-a-key', 'GET', '/api/projects');
    for (const answer of [wrongSecret, unknown, malformed]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ Message: AuthMessages.notAuthenticated });
    }
    // Reactivated, the same key works again.
    await app.request('PUT', `/api/apikeys/${made.apiKeyId}`, { token, body: { isActive: true } });
    expect((await withKey(made.apiKey, 'GET', '/api/projects')).status).toBe(200);
  });

  it('wrong keys are throttled like sign-in: past the limit even the right key waits', async () => {
    const { made } = await keyWithProject();
    const wrong = `${made.keyPrefix}.${'B'.repeat(43)}`;
    // Checked once before (on PGlite the server then knows the counts): the failures since still count.
    expect((await withKey(made.apiKey, 'GET', '/api/projects')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await withKey(wrong, 'GET', '/api/projects')).status).toBe(401);
    const limited = await withKey(made.apiKey, 'GET', '/api/projects');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
