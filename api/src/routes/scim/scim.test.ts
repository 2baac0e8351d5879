import { and, eq, sql } from 'drizzle-orm';
import { ScimMessages, ScimSchemas, UserMessages } from 'contracts/identity/model';
import { AuthMessages } from 'contracts/auth/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { rawRows } from '../../db/rows';
import { filterToSql } from './scim.filter';
import { notSuperAdmin, USER_ATTRIBUTES } from './scim.resources';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createApiKey, createLicense, createUser, login, unique, userRow } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const KEY_ROLES = [Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE, Role.ACCESS_MY_CUSTOMER_LICENCE];

/** A licence and a SCIM key of it (sent as `Bearer <key>`, as directories do). */
async function setup(roles: string[] = KEY_ROLES) {
  const license = await createLicense(app);
  const key = await createApiKey(app, license.licenseId, { roles });
  const scim = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(method, `/api/scim/v2/${path}`, { headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/scim+json', ...headers }, body });
  return { license, key, scim };
}

/** A user as Entra ID's first sync sends it. */
const entraUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [ScimSchemas.user, ScimSchemas.enterpriseUser],
  externalId: unique('entra-object'),
  userName,
  active: true,
  displayName: 'Ann Example',
  title: 'Site engineer',
  emails: [{ primary: true, type: 'work', value: `${userName}@example.test` }],
  name: { formatted: 'Ann Example', familyName: 'Example', givenName: 'Ann' },
  phoneNumbers: [{ type: 'mobile', value: '+44 1234' }],
  [ScimSchemas.enterpriseUser]: { organization: 'Example Build', department: 'Ops' },
  ...extra,
});

describe('SCIM discovery and authentication', () => {
  it('answers ServiceProviderConfig, ResourceTypes and Schemas as application/scim+json to the licence’s key', async () => {
    const { scim } = await setup();
    const config = await scim('GET', 'ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toContain('application/scim+json');
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      etag: { supported: true },
      bulk: { supported: false },
    });
    const types = await scim('GET', 'ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', 'Schemas');
    expect(schemas.body.Resources.map((r: { id: string }) => r.id)).toEqual([ScimSchemas.user, ScimSchemas.enterpriseUser, ScimSchemas.group]);
  });

  it('refuses no key, a session token and a key without the user roles, in SCIM’s error schema', async () => {
    const { license, scim } = await setup([Role.ACCESS_MY_CUSTOMER_LICENCE]);
    const none = await app.request('GET', '/api/scim/v2/Users');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ schemas: [ScimSchemas.error], status: '401' });
    expect(none.headers.get('content-type')).toContain('application/scim+json');
    const admin = await createUser(app, license.licenseId, { roles: KEY_ROLES });
    const token = await login(app, admin.userName);
    expect((await app.request('GET', '/api/scim/v2/Users', { token })).status).toBe(401);
    const weak = await scim('GET', 'Users');
    expect(weak.status).toBe(403);
    expect(weak.body).toEqual({ schemas: [ScimSchemas.error], status: '403', detail: AuthMessages.forbidden });
    expect((await scim('GET', 'Nothing')).body).toMatchObject({ schemas: [ScimSchemas.error], status: '404' });
  });

  it('answers 403 on every SCIM route but discovery to a key without the roles, and changes nothing', async () => {
    const { license, scim } = await setup([Role.ACCESS_MY_CUSTOMER_LICENCE]);
    const user = await createUser(app, license.licenseId);
    const routes = app.registry.routes.filter((route) => route.channel === 'scim');
    expect(routes).toHaveLength(15);
    for (const route of routes) {
      const path = route.path.replace('/api/scim/v2/', '').replace('{id}', String(user.userId));
      const answer = await scim(
        route.method,
        path,
        route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : { ...entraUser(user.userName), displayName: 'x', Operations: [{ op: 'replace', path: 'active', value: false }] },
      );
      const discovery = route.access.kind === 'signedIn';
      expect({ name: route.name, status: answer.status }).toEqual({ name: route.name, status: discovery ? 200 : 403 });
    }
    expect(await userRow(app, user.userId)).toMatchObject({ isApproved: true, email: user.email });
  });
});

describe('SCIM Users', () => {
  it('creates a user from Entra ID’s shape, answers it with meta, Location and ETag, and audits it via SCIM', async () => {
    const { license, key, scim } = await setup();
    const userName = unique('ann');
    const made = await scim('POST', 'Users', entraUser(userName));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      userName,
      active: true,
      title: 'Site engineer',
      name: { givenName: 'Ann', familyName: 'Example' },
      emails: [{ value: `${userName}@example.test`, type: 'work', primary: true }],
      phoneNumbers: [{ value: '+44 1234', type: 'work' }],
      [ScimSchemas.enterpriseUser]: { organization: 'Example Build' },
      meta: { resourceType: 'User', version: 'W/"1"', location: `http://console.test/api/scim/v2/Users/${made.body.id}` },
    });
    expect(made.headers.get('location')).toBe(made.body.meta.location);
    expect(made.headers.get('etag')).toBe('W/"1"');
    const row = await userRow(app, Number(made.body.id));
    expect(row).toMatchObject({
      licenseId: license.licenseId,
      firstName: 'Ann',
      companyName: 'Example Build',
      position: 'Site engineer',
      externalId: made.body.externalId,
      isApproved: true,
    });
    const [entry] = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'user'), eq(t.auditLog.entityId, made.body.id)));
    expect(entry).toMatchObject({
      channel: 'scim',
      actorUserId: null,
      actorName: expect.stringContaining(key.keyPrefix),
      method: 'POST',
      licenseId: license.licenseId,
    });
  });

  it('refuses what the user form refuses, a taken userName (any licence, any case) and a taken externalId, with SCIM’s scimType', async () => {
    const { scim } = await setup();
    const noMail = await scim('POST', 'Users', entraUser(unique('bad'), { emails: [] }));
    expect(noMail.status).toBe(400);
    expect(noMail.body).toEqual({ schemas: [ScimSchemas.error], status: '400', scimType: 'invalidValue', detail: `emails: ${UserMessages.emailInvalid}` });
    expect((await scim('POST', 'Users', entraUser('', {}))).body.detail).toBe(`userName: ${UserMessages.userNameRequired}`);
    const other = await createLicense(app);
    const taken = await createUser(app, other.licenseId);
    const again = await scim('POST', 'Users', entraUser(taken.userName.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ scimType: 'uniqueness', detail: UserMessages.userNameTaken });
    const first = await scim('POST', 'Users', entraUser(unique('x'), { externalId: 'same-id' }));
    expect(first.status).toBe(201);
    const second = await scim('POST', 'Users', entraUser(unique('y'), { externalId: 'same-id' }));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ scimType: 'uniqueness', detail: ScimMessages.externalIdTaken });
    // Not JSON, or not an object: a 400, never a 500.
    expect(
      (
        await app.request('POST', '/api/scim/v2/Users', {
          headers: { authorization: `Bearer ${(await setup()).key.key}`, 'content-type': 'application/scim+json' },
          body: '{',
        })
      ).status,
    ).toBe(400);
    expect((await scim('POST', 'Users', entraUser(unique('z'), { name: 'Ann' }))).status).toBe(400);
  });

  it('lists with filter, paging, sorting and attributes, only the key’s licence and never super administrators', async () => {
    const { license, scim } = await setup();
    const prefix = unique('list').toLowerCase();
    for (const n of ['c', 'a', 'b']) expect((await scim('POST', 'Users', entraUser(`${prefix}-${n}`))).status).toBe(201);
    await createUser(app, license.licenseId, { userName: `${prefix}-super`, roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const elsewhere = await createLicense(app);
    await createUser(app, elsewhere.licenseId, { userName: `${prefix}-other` });

    const filter = (f: string, extra = '') => scim('GET', `Users?filter=${encodeURIComponent(f)}${extra}`);
    const byName = await filter(`userName eq "${prefix.toUpperCase()}-A"`);
    expect(byName.body).toMatchObject({ schemas: [ScimSchemas.listResponse], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(byName.body.Resources[0].userName).toBe(`${prefix}-a`);
    const page = await filter(`userName sw "${prefix}"`, '&sortBy=userName&sortOrder=descending&startIndex=2&count=1&attributes=userName');
    expect(page.body.totalResults).toBe(3);
    expect(page.body.Resources).toEqual([{ schemas: expect.any(Array), id: expect.any(String), userName: `${prefix}-b` }]);
    const names = async (f: string) => (await filter(f, '&sortBy=userName')).body.Resources.map((r: { userName: string }) => r.userName);
    // 'co' the name's own end: the prefix's random part may hold '-c' itself (it did: 'list-…-cplso').
    expect(await names(`userName sw "${prefix}" and not (userName ew "-a" or userName co "${prefix.slice(-3)}-c")`)).toEqual([`${prefix}-b`]);
    expect(
      await names(`userName sw "${prefix}" and userName ne "${prefix}-b" and active eq true and emails[type eq "work" and value co "@example"] and title pr`),
    ).toEqual([`${prefix}-a`, `${prefix}-c`]);
    expect(await names(`emails.value eq "${prefix}-C@EXAMPLE.TEST" or displayName eq "nobody"`)).toEqual([`${prefix}-c`]);
    expect(await names(`userName sw "${prefix}" and meta.lastModified gt "2000-01-01T00:00:00Z"`)).toHaveLength(3);
    const excluded = await filter(`userName eq "${prefix}-a"`, '&excludedAttributes=emails,name.givenName');
    expect(excluded.body.Resources[0].emails).toBeUndefined();
    expect(excluded.body.Resources[0].name).toEqual({ familyName: 'Example', formatted: 'Ann Example' });

    for (const bad of ['userName eq', 'password eq "x"', 'active co "x"', 'meta.lastModified gt "yesterday"']) {
      const answer = await filter(bad);
      expect({ bad, status: answer.status, scimType: answer.body.scimType }).toEqual({ bad, status: 400, scimType: 'invalidFilter' });
    }
  });

  it('PATCHes as Entra ID and Okta send it, honours If-Match, and deactivates at once ending the sessions', async () => {
    const { license, scim } = await setup();
    const made = (await scim('POST', 'Users', entraUser(unique('pat')))).body;
    const id = made.id as string;
    // Entra ID: capitalised ops, a value path, a path-less value keyed by paths.
    const entra = await scim('PATCH', `Users/${id}`, {
      schemas: [ScimSchemas.patchOp],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'new@example.test' },
        { op: 'Replace', path: 'name.familyName', value: 'Changed' },
        { op: 'Add', path: `${ScimSchemas.enterpriseUser}:organization`, value: 'New Co' },
        { op: 'Replace', value: { title: 'Foreman', 'name.givenName': 'Anna', costCenter: 'ignored' } },
        { op: 'Remove', path: 'phoneNumbers[type eq "work"]' },
      ],
    });
    expect(entra.status).toBe(200);
    // A new primary e-mail added as a list element becomes the e-mail.
    const added = await scim('PATCH', `Users/${id}`, {
      Operations: [{ op: 'add', path: 'emails', value: [{ value: 'primary@example.test', type: 'work', primary: true }] }],
    });
    expect(added.body.emails).toEqual([{ value: 'primary@example.test', type: 'work', primary: true }]);
    const back = await scim('PATCH', `Users/${id}`, { Operations: [{ op: 'replace', path: 'emails[type eq "work"].value', value: 'new@example.test' }] });
    expect(back.status).toBe(200);
    expect(await userRow(app, Number(id))).toMatchObject({
      email: 'new@example.test',
      lastName: 'Changed',
      firstName: 'Anna',
      companyName: 'New Co',
      position: 'Foreman',
      phoneNumber: '',
    });
    expect(back.headers.get('etag')).toBe(back.body.meta.version);
    expect(back.body.meta.version).not.toBe(made.meta.version);

    // A stale version changes nothing.
    const stale = await scim(
      'PATCH',
      `Users/${id}`,
      { schemas: [ScimSchemas.patchOp], Operations: [{ op: 'replace', path: 'title', value: 'Late' }] },
      { 'if-match': made.meta.version },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.schemas).toEqual([ScimSchemas.error]);
    expect((await userRow(app, Number(id))).position).toBe('Foreman');

    // The user signs in; Entra ID's `"active": "False"` as text deactivates and ends the session at once.
    await app.deps.db
      .update(t.users)
      .set({ passwordHash: await app.deps.passwords.hash('Correct-Horse-9') })
      .where(eq(t.users.userId, Number(id)));
    const token = await login(app, made.userName);
    expect((await app.request('GET', '/api/session', { token })).status).not.toBe(412);
    const off = await scim(
      'PATCH',
      `Users/${id}`,
      { schemas: [ScimSchemas.patchOp], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
      { 'if-match': back.body.meta.version },
    );
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await app.request('GET', `/api/users/${made.userName}`, { token })).status).toBe(412);
    // Okta reactivates with a path-less replace: the old session stays ended.
    const on = await scim('PATCH', `Users/${id}`, { schemas: [ScimSchemas.patchOp], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(on.body.active).toBe(true);
    expect((await app.request('GET', `/api/users/${made.userName}`, { token })).status).toBe(412);
    const entries = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'user'), eq(t.auditLog.entityId, id)));
    expect(entries.every((e) => e.channel === 'scim')).toBe(true);
    expect(entries.map((e) => (e.after as { isApproved?: boolean }).isApproved).filter((x) => x !== undefined)).toEqual([true, false, true]);
    void license;
  });

  it('refuses PATCH errors with the right scimType and never a 500', async () => {
    const { scim } = await setup();
    const id = (await scim('POST', 'Users', entraUser(unique('err')))).body.id;
    const patch = (Operations: unknown) => scim('PATCH', `Users/${id}`, { schemas: [ScimSchemas.patchOp], Operations });
    const cases: [unknown, number, string][] = [
      [[{ op: 'replace', path: 'userName', value: 'someone-else' }], 400, 'mutability'],
      [[{ op: 'replace', path: 'id', value: '1' }], 400, 'mutability'],
      [[{ op: 'remove' }], 400, 'noTarget'],
      [[{ op: 'move', path: 'title' }], 400, 'invalidValue'],
      [[{ op: 'replace', path: 'emails[type eq', value: 'x' }], 400, 'invalidPath'],
      [[{ op: 'replace', path: 'active', value: 'perhaps' }], 400, 'invalidValue'],
      [[{ op: 'replace', path: 'name.givenName', value: 42 }], 400, 'invalidValue'],
      [[], 400, 'invalidSyntax'],
    ];
    for (const [ops, status, scimType] of cases) {
      const answer = await patch(ops);
      expect({ ops, status: answer.status, scimType: answer.body.scimType }).toEqual({ ops, status, scimType });
    }
  });

  it('PUT replaces (Okta), DELETE deactivates and GET still finds the user; another licence’s user is a 404 everywhere', async () => {
    const { license, scim } = await setup();
    const made = (await scim('POST', 'Users', entraUser(unique('put')))).body;
    const put = await scim('PUT', `Users/${made.id}`, { ...entraUser(made.userName), title: undefined, phoneNumbers: undefined, externalId: 'okta-1' });
    expect(put.status).toBe(200);
    expect(await userRow(app, Number(made.id))).toMatchObject({ position: '', phoneNumber: '', externalId: 'okta-1' });
    expect((await scim('DELETE', `Users/${made.id}`)).status).toBe(204);
    const after = await scim('GET', `Users/${made.id}`);
    expect(after.body.active).toBe(false);
    expect((await userRow(app, Number(made.id))).isApproved).toBe(false);

    const elsewhere = await createLicense(app);
    const foreign = await createUser(app, elsewhere.licenseId);
    const superAdmin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    for (const user of [foreign, superAdmin]) {
      for (const [method, body] of [
        ['GET'],
        ['PUT', entraUser(user.userName)],
        ['PATCH', { Operations: [{ op: 'replace', path: 'active', value: false }] }],
        ['DELETE'],
      ] as const) {
        expect({ method, status: (await scim(method, `Users/${user.userId}`, body)).status }).toEqual({ method, status: 404 });
      }
      expect(await userRow(app, user.userId)).toMatchObject({ isApproved: true, email: user.email });
    }
    expect((await scim('GET', 'Users/not-a-number')).status).toBe(404);
  });

  it('creates the same userName sent twice at once exactly once: one 201, the other 409 uniqueness (a real race on PostgreSQL)', async () => {
    const { license, scim } = await setup();
    const userName = unique('race');
    const answers = await Promise.all([scim('POST', 'Users', entraUser(userName)), scim('POST', 'Users', entraUser(userName.toUpperCase()))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ schemas: [ScimSchemas.error], scimType: 'uniqueness' });
    const rows = await app.deps.db
      .select()
      .from(t.users)
      .where(and(eq(t.users.licenseId, license.licenseId), eq(t.users.firstName, 'Ann')));
    expect(rows.filter((r) => r.userName.toLowerCase() === userName.toLowerCase())).toHaveLength(1);
  });

  it('creates users sent together (a group commit: db/group-commit.ts) each with its own outcome, row and audit entry', async () => {
    const { license, key, scim } = await setup();
    const takenExternal = await scim('POST', 'Users', entraUser(unique('first'), { externalId: unique('ext') }));
    expect(takenExternal.status).toBe(201);
    const twin = unique('twin');
    const sent = [
      entraUser(unique('a')),
      entraUser(twin),
      entraUser(unique('b'), { externalId: takenExternal.body.externalId }),
      entraUser(twin.toUpperCase()),
      entraUser(unique('c'), { emails: [] }),
      entraUser(unique('d')),
    ];
    const answers = await Promise.all(sent.map((body) => scim('POST', 'Users', body)));
    // The twins race: whichever reaches the database first is created (on PostgreSQL either may), the other is a 409.
    const [won, lost] = answers[1]!.status === 201 ? [1, 3] : [3, 1];
    expect([0, 2, 4, 5, won, lost].map((i) => answers[i]!.status)).toEqual([201, 409, 400, 201, 201, 409]);
    expect(answers[2]!.body).toMatchObject({ scimType: 'uniqueness', detail: ScimMessages.externalIdTaken });
    expect(answers[lost]!.body).toMatchObject({ scimType: 'uniqueness', detail: UserMessages.userNameTaken });
    // Each created user is the one its call sent, with its own id, Location and audit entry.
    for (const i of [0, won, 5]) {
      expect(answers[i]!.body).toMatchObject({ userName: sent[i]!.userName, externalId: sent[i]!.externalId });
      expect(answers[i]!.headers.get('location')).toBe(`http://console.test/api/scim/v2/Users/${answers[i]!.body.id}`);
      const entries = await app.deps.db
        .select()
        .from(t.auditLog)
        .where(and(eq(t.auditLog.entity, 'user'), eq(t.auditLog.entityId, answers[i]!.body.id)));
      expect(entries).toEqual([
        expect.objectContaining({ channel: 'scim', status: 201, actorName: expect.stringContaining(key.keyPrefix), licenseId: license.licenseId }),
      ]);
      expect(entries[0]!.after).toMatchObject({ userName: sent[i]!.userName });
    }
    const made = await app.deps.db.select().from(t.users).where(eq(t.users.licenseId, license.licenseId));
    expect(made).toHaveLength(4);
  });

  it('looks a userName up through the lower(user_name) index, whatever the number of users', async () => {
    const { license } = await setup();
    const where = and(eq(t.users.licenseId, license.licenseId), notSuperAdmin, filterToSql('userName eq "Someone"', USER_ATTRIBUTES, ScimSchemas.user));
    const plan = await app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await rawRows<Record<string, string>>(tx, sql`explain ${tx.select().from(t.users).where(where).getSQL()}`);
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    // An index of users whose condition is lower(user_name) = the name (users_user_name_ci, or one led by the licence on a small
    // table): one row whatever the number of users, never a scan of them.
    expect(plan).toMatch(/Index (Only )?Scan using users_\w+ on users[^\n]*\n\s+Index Cond: \([^\n]*lower\(user_name\) = 'someone'::text/);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('keeps the privilege ceiling: a user holding an administrative role the key lacks cannot be changed or deactivated', async () => {
    const { license, scim } = await setup();
    const above = await createUser(app, license.licenseId, { roles: ['ADMINISTER_READER'] });
    const answer = await scim('PATCH', `Users/${above.userId}`, { Operations: [{ op: 'replace', path: 'active', value: false }] });
    expect(answer.status).toBe(403);
    expect(answer.body.schemas).toEqual([ScimSchemas.error]);
    expect((await scim('DELETE', `Users/${above.userId}`)).status).toBe(403);
    expect((await userRow(app, above.userId)).isApproved).toBe(true);
  });
});

describe('SCIM Groups', () => {
  /** A group of the licence giving product licence `addOnId` (limit `maxUsers`). */
  async function groupWithSeats(licenseId: number, maxUsers: number) {
    const [addon] = await app.deps.db
      .insert(t.addons)
      .values({ name: unique('Product'), shortName: unique('P') })
      .returning();
    await app.deps.db.insert(t.licenseAddons).values({ licenseId, addOnId: addon!.addOnId, maxUsers });
    const [group] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('Crew'), licenseId })
      .returning();
    await app.deps.db.insert(t.userGroupAddons).values({ userGroupId: group!.userGroupId, addOnId: addon!.addOnId });
    return { group: group!, addon: addon! };
  }

  it('creates a group with members, adds and removes members as Entra ID and Okta do, and filters by displayName and members', async () => {
    const { license, scim } = await setup();
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map(async (n) => (await scim('POST', 'Users', entraUser(unique(`m${n}`)))).body.id as string));
    const name = unique('Site crew');
    const made = await scim('POST', 'Groups', { schemas: [ScimSchemas.group], displayName: name, externalId: 'g-1', members: [{ value: a }] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ displayName: name, externalId: 'g-1', members: [{ value: a }], meta: { resourceType: 'Group' } });
    const id = made.body.id as string;
    // Entra ID: Add members; remove one by a value filter.
    expect(
      (
        await scim('PATCH', `Groups/${id}`, {
          schemas: [ScimSchemas.patchOp],
          Operations: [{ op: 'Add', path: 'members', value: [{ value: b }, { value: c }] }],
        })
      ).status,
    ).toBe(200);
    const removed = await scim('PATCH', `Groups/${id}`, { schemas: [ScimSchemas.patchOp], Operations: [{ op: 'Remove', path: `members[value eq "${a}"]` }] });
    expect(removed.body.members.map((m: { value: string }) => m.value).sort()).toEqual([b, c].sort());
    // Okta: remove with a value list, rename with a path-less replace.
    const okta = await scim('PATCH', `Groups/${id}`, {
      schemas: [ScimSchemas.patchOp],
      Operations: [
        { op: 'remove', path: 'members', value: [{ value: b }] },
        { op: 'replace', value: { id, displayName: `${name} 2` } },
      ],
    });
    expect(okta.status).toBe(200);
    expect(okta.body).toMatchObject({ displayName: `${name} 2`, members: [{ value: c }] });
    const found = await scim(
      'GET',
      `Groups?filter=${encodeURIComponent(`displayName eq "${name.toUpperCase()} 2" and members[value eq "${c}"]`)}&excludedAttributes=members`,
    );
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0].members).toBeUndefined();
    const user = await scim('GET', `Users/${c}`);
    expect(user.body.groups).toEqual([{ value: id, display: `${name} 2`, $ref: expect.stringContaining(`/Groups/${id}`) }]);
    const members = await app.deps.db
      .select()
      .from(t.userGroupUsers)
      .where(eq(t.userGroupUsers.userGroupId, Number(id)));
    expect(members.map((m) => String(m.userId))).toEqual([c]);
    const entries = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.subject, `user-group:${id}`));
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.every((e) => e.channel === 'scim')).toBe(true);
    // Not a user of the licence: a 400, and a duplicate name a 409.
    const foreign = await createUser(app, (await createLicense(app)).licenseId);
    expect(
      (await scim('PATCH', `Groups/${id}`, { Operations: [{ op: 'add', path: 'members', value: [{ value: String(foreign.userId) }] }] })).body,
    ).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim('POST', 'Groups', { displayName: `${name} 2` })).body).toMatchObject({ status: '409', scimType: 'uniqueness' });
    void license;
  });

  it('takes seats under the seat lock: a full product licence is a SCIM error naming it and nothing half-done stays', async () => {
    const { license, scim } = await setup();
    const { group, addon } = await groupWithSeats(license.licenseId, 1);
    const [a, b] = await Promise.all(['a', 'b'].map(async (n) => (await scim('POST', 'Users', entraUser(unique(`s${n}`)))).body.id as string));
    expect((await scim('PATCH', `Groups/${group.userGroupId}`, { Operations: [{ op: 'add', path: 'members', value: [{ value: a }] }] })).status).toBe(200);
    const full = await scim('PATCH', `Groups/${group.userGroupId}`, {
      Operations: [
        { op: 'replace', path: 'displayName', value: 'Renamed' },
        { op: 'add', path: 'members', value: [{ value: b }] },
      ],
    });
    expect(full.status).toBe(409);
    expect(full.body.detail).toContain(addon.name);
    const [after] = await app.deps.db.select().from(t.userGroups).where(eq(t.userGroups.userGroupId, group.userGroupId));
    expect(after!.name).toBe(group.name);
    expect((await app.deps.db.select().from(t.userGroupUsers).where(eq(t.userGroupUsers.userGroupId, group.userGroupId))).map((m) => String(m.userId))).toEqual(
      [a],
    );
    // A group whose product licence has no seat at all: PUT with a member changes nothing.
    const { group: second } = await groupWithSeats(license.licenseId, 0);
    expect((await scim('PUT', `Groups/${second.userGroupId}`, { displayName: second.name, members: [{ value: b }] })).status).toBe(409);
    expect(await app.deps.db.select().from(t.userGroupUsers).where(eq(t.userGroupUsers.userGroupId, second.userGroupId))).toEqual([]);
  });

  it('keeps the ceiling on joining, honours If-Match, deletes a group, and hides another licence’s group', async () => {
    const { license, scim } = await setup();
    const [above] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('Above'), licenseId: license.licenseId })
      .returning();
    const [role] = await app.deps.db.select().from(t.roles).where(eq(t.roles.name, 'ADMINISTER_READER'));
    await app.deps.db.insert(t.userGroupRoles).values({ userGroupId: above!.userGroupId, roleId: role!.roleId });
    const plain = (await scim('POST', 'Users', entraUser(unique('plain')))).body.id as string;
    const join = await scim('PATCH', `Groups/${above!.userGroupId}`, { Operations: [{ op: 'add', path: 'members', value: [{ value: plain }] }] });
    expect(join.status).toBe(403);
    const made = (await scim('POST', 'Groups', { displayName: unique('Temp'), members: [{ value: plain }] })).body;
    expect((await scim('DELETE', `Groups/${made.id}`, undefined, { 'if-match': 'W/"0"' })).status).toBe(412);
    expect((await scim('DELETE', `Groups/${made.id}`, undefined, { 'if-match': made.meta.version })).status).toBe(204);
    expect((await scim('GET', `Groups/${made.id}`)).status).toBe(404);
    const elsewhere = await createLicense(app);
    const [foreign] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('Foreign'), licenseId: elsewhere.licenseId })
      .returning();
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE']) {
      expect({
        method,
        status: (
          await scim(
            method,
            `Groups/${foreign!.userGroupId}`,
            method === 'GET' || method === 'DELETE' ? undefined : { displayName: 'x', Operations: [{ op: 'replace', path: 'displayName', value: 'x' }] },
          )
        ).status,
      }).toEqual({ method, status: 404 });
    }
    const [still] = await app.deps.db.select().from(t.userGroups).where(eq(t.userGroups.userGroupId, foreign!.userGroupId));
    expect(still!.name).toBe(foreign!.name);
  });
});
