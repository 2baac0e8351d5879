import { eq } from 'drizzle-orm';
import { ParamMessages } from 'contracts/common';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { LICENCE_ADMIN_ROLES } from '../../seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A licence with its administrator (signed in) and a plain user with SiteSense. */
async function setup() {
  const license = await createLicense(app);
  const admin = await createUser(app, license.licenseId, { roles: LICENCE_ADMIN_ROLES });
  const user = await createUser(app, license.licenseId, { position: 'Rigger' });
  await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });
  return { license, admin, user, token: await login(app, admin.userName) };
}
const roleId = async (name: string) => (await app.deps.db.select().from(t.roles).where(eq(t.roles.name, name)))[0]!.roleId;

describe('a view’s History (GET audit?subject=…)', () => {
  it('answers a user’s changes newest first: who, when, the call, and each changed field before and after', async () => {
    const { user, admin, token } = await setup();
    expect((await app.request('PUT', `/api/users/${user.userName}`, { token, body: { position: 'Crane operator' } })).status).toBe(200);
    expect((await app.request('POST', '/api/updateRoles', { token, body: { userId: user.userId, roleIds: [await roleId(Role.ADMINISTER_SITE)] } })).status).toBe(200);

    const history = await app.request('GET', `/api/audit?subject=user:${user.userId}`, { token });
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(2);
    const [roles, details] = history.body.items;
    expect(roles).toMatchObject({ entity: 'user-roles', actorName: admin.userName, method: 'POST', path: '/api/updateRoles', status: 200, subject: `user:${user.userId}` });
    expect(roles.changes).toEqual([{ field: 'user-roles', before: '[]', after: JSON.stringify([Role.ADMINISTER_SITE]) }]);
    expect(details).toMatchObject({ entity: 'user', actorName: admin.userName });
    expect(details.changes).toEqual([{ field: 'position', before: 'Rigger', after: 'Crane operator' }]);
    expect(Date.parse(roles.at)).toBeGreaterThanOrEqual(Date.parse(details.at));

    const page = await app.request('GET', `/api/audit?subject=user:${user.userId}&pageSize=1&page=1`, { token });
    expect(page.body.items.map((entry: { entity: string }) => entry.entity)).toEqual(['user']);
    const onlyRoles = await app.request('GET', `/api/audit?subject=user:${user.userId}&entity=user-roles`, { token });
    expect(onlyRoles.body.total).toBe(1);
  });

  it('never holds a password, its hash or a reset token', async () => {
    const { user, token } = await setup();
    expect((await app.request('PUT', `/api/users/${user.userName}/password`, { token, body: { mode: 'manual', password: 'Chosen-For-You-123' } })).status).toBe(200);
    expect((await app.request('PUT', `/api/users/${user.userName}/password`, { token, body: { mode: 'link' } })).status).toBe(200);
    const [row] = await app.deps.db.select().from(t.users).where(eq(t.users.userId, user.userId));
    const history = await app.request('GET', `/api/audit?subject=user:${user.userId}`, { token });
    expect(history.body.total).toBeGreaterThanOrEqual(2);
    for (const secret of ['Chosen-For-You-123', row!.passwordHash!, 'passwordHash']) expect(history.text).not.toContain(secret);
    const csv = await app.request('GET', `/api/audit.csv?subject=user:${user.userId}`, { token });
    expect(csv.text).not.toContain(row!.passwordHash!);
  });

  it('answers 404 for another licence’s subject or one that does not exist, and 403 to roles that do not open the view', async () => {
    const { token } = await setup();
    const other = await createLicense(app);
    const stranger = await createUser(app, other.licenseId);
    expect((await app.request('GET', `/api/audit?subject=user:${stranger.userId}`, { token })).status).toBe(404);
    expect((await app.request('GET', '/api/audit?subject=user:999999999', { token })).status).toBe(404);
    const bad = await app.request('GET', '/api/audit?subject=users:1', { token });
    expect([bad.status, bad.body.Message]).toEqual([400, ParamMessages.subject]);
    expect((await app.request('GET', '/api/audit?from=yesterday', { token })).body.Message).toBe(ParamMessages.date('from'));

    const { license } = await setup();
    const portalOnly = await createUser(app, license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS] });
    const portalToken = await login(app, portalOnly.userName);
    const [key] = await app.deps.db.insert(t.apiKeys).values({ keyPrefix: unique('p').slice(0, 20), secretHash: 'x'.repeat(64), name: unique('Key'), licenseId: license.licenseId }).returning();
    expect((await app.request('GET', `/api/audit?subject=api-key:${key!.apiKeyId}`, { token: portalToken })).status).toBe(403);
    expect((await app.request('GET', `/api/audit?subject=user:${portalOnly.userId}`, { token: portalToken })).status).toBe(200);
    // The whole log needs a licence role.
    expect((await app.request('GET', '/api/audit', { token: portalToken })).status).toBe(403);
  });
});

describe('the audit log (GET audit, GET audit.csv)', () => {
  it('shows a licence administrator only their licence’s entries, and a super administrator every licence’s', async () => {
    const mine = await setup();
    const theirs = await setup();
    await app.request('PUT', `/api/users/${mine.user.userName}`, { token: mine.token, body: { position: 'Mine' } });
    await app.request('PUT', `/api/users/${theirs.user.userName}`, { token: theirs.token, body: { position: 'Theirs' } });

    const log = await app.request('GET', '/api/audit?entity=user&pageSize=200', { token: mine.token });
    expect(log.status).toBe(200);
    expect(log.body.items.every((entry: { licenseId: number }) => entry.licenseId === mine.license.licenseId)).toBe(true);
    expect(log.text).toContain('Mine');
    expect(log.text).not.toContain('Theirs');
    expect((await app.request('GET', `/api/audit?licenseId=${theirs.license.licenseId}`, { token: mine.token })).status).toBe(404);
    // Sign-ins are in the log, never with their session's id.
    const sessions = await app.request('GET', '/api/audit?entity=session', { token: mine.token });
    expect(sessions.body.total).toBeGreaterThan(0);
    expect(sessions.body.items.map((entry: { entityId: string | null }) => entry.entityId)).toEqual(sessions.body.items.map(() => null));

    const superLicense = await createLicense(app);
    const superAdmin = await createUser(app, superLicense.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const superToken = await login(app, superAdmin.userName);
    const theirLog = await app.request('GET', `/api/audit?licenseId=${theirs.license.licenseId}&actor=${encodeURIComponent(theirs.admin.userName)}`, { token: superToken });
    expect(theirLog.body.items.map((entry: { changes: unknown }) => entry.changes)).toContainEqual([{ field: 'position', before: 'Rigger', after: 'Theirs' }]);
    expect(theirLog.body.items.every((entry: { actorName: string }) => entry.actorName === theirs.admin.userName)).toBe(true);
    const future = await app.request('GET', `/api/audit?licenseId=${theirs.license.licenseId}&from=2999-01-01`, { token: superToken });
    expect(future.body.total).toBe(0);
  });

  it('exports the entries as CSV, newest first, with each change', async () => {
    const { user, token } = await setup();
    await app.request('PUT', `/api/users/${user.userName}`, { token, body: { position: '=HYPERLINK("x")' } });
    const csv = await app.request('GET', `/api/audit.csv?subject=user:${user.userId}`, { token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('When,Who,Entity,Entity Id,Call,Status,Changes');
    expect(lines[1]).toContain(`user,${user.userId},PUT /api/users/${user.userName},200,`);
    expect(lines[1]).toContain('position: Rigger → =HYPERLINK');
  });
});
