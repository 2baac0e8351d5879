import { desc, eq } from 'drizzle-orm';
import { ParamMessages } from 'contracts/common';
import { auditEndpoints } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { LICENCE_ADMIN_ROLES } from '../../seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

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

describe('GET audit?entity=…&entityId=…', () => {
  it('finds one entity’s entries by its id, but never a session’s, whose id is not shown', async () => {
    const { license, token } = await setup();
    const [session] = await app.deps.db.select().from(t.auditLog).where(eq(t.auditLog.entity, 'session')).orderBy(desc(t.auditLog.auditId)).limit(1);
    expect(session?.entityId).toBeTruthy();
    const bySession = await app.call(auditEndpoints.getAuditPage, token, { entity: 'session', entityId: session!.entityId!, licenseId: license.licenseId });
    expect([bySession.status, bySession.body.total]).toEqual([200, 0]);
    const refused = await app.request('GET', '/api/audit?entity=user&entityId=x%20y', { token });
    expect([refused.status, refused.body.Message]).toEqual([400, ParamMessages.entityId]);
  });
});

describe('a view’s History (GET audit?subject=…)', () => {
  it('answers a user’s changes newest first: who, when, the call, what it did in words, and each changed field before and after', async () => {
    const { user, admin, token } = await setup();
    expect((await app.request('PUT', `/api/users/${user.userName}`, { token, body: { position: 'Crane operator' } })).status).toBe(200);
    expect(
      (await app.request('POST', '/api/updateRoles', { token, body: { userId: user.userId, roleIds: [await roleId(Role.ADMINISTER_SITE)] } })).status,
    ).toBe(200);

    const history = await app.request('GET', `/api/audit?subject=user:${user.userId}`, { token });
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(2);
    const [roles, details] = history.body.items;
    expect(roles).toMatchObject({
      entity: 'user-roles',
      actorName: admin.userName,
      method: 'POST',
      path: '/api/updateRoles',
      status: 200,
      subject: `user:${user.userId}`,
    });
    const siteRole = (await app.deps.db.select().from(t.roles).where(eq(t.roles.name, Role.ADMINISTER_SITE)))[0]!.friendlyName;
    expect(roles.changes).toEqual([{ field: 'user-roles', before: '[]', after: JSON.stringify([Role.ADMINISTER_SITE]) }]);
    expect(roles.action).toBe('Changed roles');
    expect(roles.changesShown).toEqual([{ field: 'user-roles', label: 'Roles', before: null, after: siteRole, added: [siteRole], removed: [] }]);
    expect(details).toMatchObject({ entity: 'user', actorName: admin.userName, action: 'Changed position' });
    expect(details.changes).toEqual([{ field: 'position', before: 'Rigger', after: 'Crane operator' }]);
    expect(details.changesShown).toEqual([{ field: 'position', label: 'Position', before: 'Rigger', after: 'Crane operator' }]);
    expect(Date.parse(roles.at)).toBeGreaterThanOrEqual(Date.parse(details.at));

    const page = await app.request('GET', `/api/audit?subject=user:${user.userId}&pageSize=1&page=1`, { token });
    expect(page.body.items.map((entry: { entity: string }) => entry.entity)).toEqual(['user']);
    const onlyRoles = await app.request('GET', `/api/audit?subject=user:${user.userId}&entity=user-roles`, { token });
    expect(onlyRoles.body.total).toBe(1);
  });

  it('never holds a password, its hash or a reset token', async () => {
    const { user, token } = await setup();
    expect((await app.request('PUT', `/api/users/${user.userName}/password`, { token, body: { mode: 'manual', password: 'Chosen-For-You-123' } })).status).toBe(
      200,
    );
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
    const [key] = await app.deps.db
      .insert(t.apiKeys)
      .values({ keyPrefix: unique('p').slice(0, 20), secretHash: 'x'.repeat(64), name: unique('Key'), licenseId: license.licenseId })
      .returning();
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
    const theirLog = await app.request('GET', `/api/audit?licenseId=${theirs.license.licenseId}&actor=${encodeURIComponent(theirs.admin.userName)}`, {
      token: superToken,
    });
    expect(theirLog.body.items.map((entry: { changes: unknown }) => entry.changes)).toContainEqual([{ field: 'position', before: 'Rigger', after: 'Theirs' }]);
    expect(theirLog.body.items.every((entry: { actorName: string }) => entry.actorName === theirs.admin.userName)).toBe(true);
    const future = await app.request('GET', `/api/audit?licenseId=${theirs.license.licenseId}&from=2999-01-01`, { token: superToken });
    expect(future.body.total).toBe(0);
  });

  it('exports the entries as CSV, newest first, with what each did and each change by its label', async () => {
    const { user, token } = await setup();
    await app.request('PUT', `/api/users/${user.userName}`, { token, body: { position: '=HYPERLINK("x")' } });
    const csv = await app.request('GET', `/api/audit.csv?subject=user:${user.userId}`, { token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When,Who,What,Entity,Entity Id,Call,Status,Changes');
    expect(lines[1]).toContain(`Changed position,user,${user.userId},PUT /api/users/${user.userName},200,`);
    expect(lines[1]).toContain('Position: Rigger → =HYPERLINK');
  });
});

describe('an entry in words (issue 36 item 16)', () => {
  const history = async (token: string, subject: string) =>
    (await app.request('GET', `/api/audit?subject=${subject}&pageSize=50`, { token })).body.items as AuditItem[];
  type AuditItem = {
    entity: string;
    action: string;
    path: string;
    method: string;
    changesShown: {
      field: string;
      label: string;
      before: string | null;
      after: string | null;
      secret?: boolean;
      added?: string[];
      removed?: string[];
      json?: boolean;
    }[];
  };

  it('says what a user’s entries did: created, changed by label, activated, password set, product licenses by name', async () => {
    const { license, token } = await setup();
    const name = unique('words');
    expect(
      (
        await app.request('POST', `/api/users/${name}`, {
          token,
          body: { userName: name, firstName: 'Ann', lastName: 'Lee', email: `${name}@example.test`, licenseId: license.licenseId },
        })
      ).status,
    ).toBe(201);
    const [created] = await app.deps.db.select().from(t.users).where(eq(t.users.userName, name));
    await app.request('PUT', `/api/users/${name}`, { token, body: { firstName: 'Anna', lastName: 'Leigh' } });
    await app.request('PUT', `/api/users/${name}`, { token, body: { isApproved: false } });
    await app.request('PUT', `/api/users/${name}/password`, { token, body: { mode: 'manual', password: 'Chosen-For-You-123' } });
    expect((await app.request('PUT', `/api/users/${name}/addons`, { token, body: [{ addOnId: 1 }] })).status).toBe(200);

    const [addons, password, deactivated, renamed, creation] = await history(token, `user:${created!.userId}`);
    expect(addons!.action).toBe('Changed product licenses');
    expect(addons!.changesShown.find((change) => change.field === 'addOnIds')).toMatchObject({ label: 'Product licenses', added: ['SiteSense'], removed: [] });
    // Lists that stayed empty (vendors, roles removed with them) are no change.
    expect(addons!.changesShown.map((change) => change.label)).toEqual(['Product licenses']);
    expect(password).toMatchObject({ action: 'Password set by admin', method: 'PUT', path: `/api/users/${name}/password` });
    // A secret is 'changed', never its value nor '[redacted]'.
    expect(password!.changesShown).toContainEqual({ field: 'password', label: 'Password', before: null, after: null, secret: true });
    expect(JSON.stringify(password!.changesShown)).not.toContain('redacted');
    expect(deactivated!.action).toBe('Deactivated');
    expect(deactivated!.changesShown).toEqual([{ field: 'isApproved', label: 'Active', before: 'Yes', after: 'No' }]);
    expect(renamed!.action).toBe('Changed first name, last name');
    expect(renamed!.changesShown).toEqual([
      { field: 'firstName', label: 'First name', before: 'Ann', after: 'Anna' },
      { field: 'lastName', label: 'Last name', before: 'Lee', after: 'Leigh' },
    ]);
    expect(creation!.action).toBe('Created user');
    // The creation lists what was given, by label, and none of the row's own bookkeeping.
    expect(creation!.changesShown.map((change) => change.label)).toEqual(expect.arrayContaining(['Username', 'First name', 'Last name', 'Email', 'License']));
    expect(creation!.changesShown.map((change) => change.field)).not.toEqual(expect.arrayContaining(['userId']));
    expect(creation!.changesShown.find((change) => change.field === 'licenseId')!.after).toBe(license.name);
  });

  it('says what a licence’s entries did, with limits as the screens say them', async () => {
    const superLicense = await createLicense(app);
    const superAdmin = await createUser(app, superLicense.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const token = await login(app, superAdmin.userName);
    const license = await createLicense(app, { maxUsers: 10 });
    await app.request('PUT', `/api/license/${license.licenseId}`, { token, body: { maxUsers: -1, expiryNotificationDays: [5, 10, 30] } });
    await app.request('PUT', `/api/licenses/${license.licenseId}/addons`, { token, body: [{ addOnId: 1, maxUsers: 25 }] });
    const [limits, changed] = await history(token, `license:${license.licenseId}`);
    expect(limits!.action).toBe('Changed product license limits');
    expect(limits!.changesShown).toEqual([{ field: 'SiteSense', label: 'SiteSense', before: 'Unlimited', after: '25' }]);
    expect(changed!.action).toBe('Changed max users, expiry notification days');
    expect(changed!.changesShown).toEqual([
      { field: 'maxUsers', label: 'Max users', before: '10', after: 'Unlimited' },
      { field: 'expiryNotificationDays', label: 'Expiry notification days', before: null, after: '5, 10, 30' },
    ]);
  });

  it('names what the caller may see and keeps the ids of another licence’s projects', async () => {
    const { license, user, token } = await setup();
    const other = await createLicense(app);
    const otherProject = await createProject(app, other.licenseId, { name: unique('Elsewhere') });
    const superAdmin = await createUser(app, other.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const superToken = await login(app, superAdmin.userName);
    await app.deps.db.insert(t.userRoles).values({ userId: user.userId, roleId: await roleId(Role.ACCESS_OTHER_PROJECTS) });
    expect(
      (
        await app.request('POST', `/api/users/${user.userName}/projects`, {
          token: superToken,
          body: { licenseId: other.licenseId, projectIds: [otherProject.projectId] },
        })
      ).status,
    ).toBe(200);

    const [asSuper] = await history(superToken, `user:${user.userId}`);
    expect(asSuper!.action).toBe('Changed projects');
    expect(asSuper!.changesShown.find((change) => change.field === 'projectIds')).toMatchObject({ label: 'Projects', added: [otherProject.name] });
    // The licence's administrator reads their user's History without the other licence's names.
    const [asAdmin] = await history(token, `user:${user.userId}`);
    expect(asAdmin!.changesShown.find((change) => change.field === 'projectIds')).toMatchObject({ added: [`#${otherProject.projectId}`] });
    expect(asAdmin!.changesShown.find((change) => change.field === 'licenseId')).toBeUndefined();
    expect(JSON.stringify(asAdmin)).not.toContain(otherProject.name);
    expect(JSON.stringify(asAdmin)).not.toContain(other.name);
    expect(license.licenseId).not.toBe(other.licenseId);
  });
});
