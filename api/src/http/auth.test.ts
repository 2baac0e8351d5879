import { eq, sql } from 'drizzle-orm';
import { AuthMessages } from 'contracts/auth/model';
import { Role } from 'shared/roles';
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createApiKey, createLicense, createUser, login, unique, userRow } from '../../test/factories';
import { authenticationQuery } from './auth';
import { rawRows } from '../db/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.deps.background.settled();
  await app.close();
});

/** Runs `work` and answers the SQL of every statement the database driver was given meanwhile. */
async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  await app.deps.background.settled();
  // PGlite takes statements through `query` and `exec`, node-postgres' Pool through `query`.
  type Send = (...args: unknown[]) => unknown;
  const client = (app.deps.db as unknown as { $client: Record<'query' | 'exec', Send | undefined> }).$client;
  const seen: string[] = [];
  const originals = { query: client.query, exec: client.exec };
  for (const method of ['query', 'exec'] as const) {
    const send = originals[method];
    if (!send) continue;
    client[method] = function (this: unknown, ...args: unknown[]) {
      seen.push(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text);
      return send.apply(this, args);
    };
  }
  try {
    await work();
    return seen;
  } finally {
    Object.assign(client, originals);
  }
}

async function signedInUser(roles: string[] = []) {
  const license = await createLicense(app);
  const user = await createUser(app, license.licenseId, { roles });
  return { license, user, token: await login(app, user.userName) };
}

const rolesOf = async (token: string) => {
  const answer = await app.request('GET', '/api/roles/user', { token });
  expect(answer.status).toBe(200);
  return answer.body.roles as string[];
};

const roleId = async (name: string) => (await app.deps.db.select().from(t.roles).where(eq(t.roles.name, name)))[0]!.roleId;

describe('authentication cost', () => {
  it('reads the session, the user and the roles in one query; on PGlite, once while nothing they hold changes (issue 38)', async () => {
    const { user, token } = await signedInUser([Role.MENU_ADMIN_TOOL_ACCESS]);
    // The first authentication on a database may prepare the statement; every one after is one query.
    await rolesOf(token);
    const queries = await queriesDuring(async () => expect(await rolesOf(token)).toEqual([Role.MENU_ADMIN_TOOL_ACCESS]));
    expect(queries).toHaveLength(1);
    if (app.deps.database.kind !== 'pglite') {
      expect(queries[0]).toMatch(/^execute authenticate_session\(|from "sessions" inner join "users"/);
      return;
    }
    // PGlite: the one-row number every change to a session, user or role raises, then what was read before.
    expect(queries[0]).toBe('execute read_auth_epoch');
    // A change to something authentication does not read (the user's first name) keeps it; a role given reads it again.
    await app.deps.db.update(t.users).set({ firstName: 'Renamed' }).where(eq(t.users.userId, user.userId));
    expect(await queriesDuring(() => rolesOf(token))).toEqual(['execute read_auth_epoch']);
    await app.deps.db.insert(t.userRoles).values({ userId: user.userId, roleId: await roleId(Role.ADMINISTER_ROLE) });
    const again = await queriesDuring(async () => expect(await rolesOf(token)).toEqual([Role.ADMINISTER_ROLE, Role.MENU_ADMIN_TOOL_ACCESS].sort()));
    expect(again.map((q) => q.split('(')[0])).toEqual(['execute read_auth_epoch', 'execute authenticate_session']);
  });

  it('on PGlite, reads an API key once while nothing it holds changes; its roles, state and deletion apply at the next call', async () => {
    const license = await createLicense(app);
    const key = await createApiKey(app, license.licenseId, { roles: [Role.ADMINISTER_USER_CREATE_UPDATE] });
    const users = () => app.request('GET', '/api/scim/v2/Users', { headers: { authorization: `Bearer ${key.key}` } });
    expect((await users()).status).toBe(200);
    const queries = await queriesDuring(async () => expect((await users()).status).toBe(200));
    const keyReads = (seen: string[]) => seen.filter((q) => q.includes('from "api_keys"'));
    // PGlite: the key kept, and its throttles known to the one server counting them: the auth_epoch row alone.
    if (app.deps.database.kind === 'pglite') {
      expect(keyReads(queries)).toEqual([]);
      expect(queries.filter((q) => q.includes('from "throttles"'))).toEqual([]);
    }
    // Its roles taken: refused at the next call.
    await app.deps.db.delete(t.apiKeyRoles).where(eq(t.apiKeyRoles.apiKeyId, key.apiKeyId));
    expect((await users()).status).toBe(403);
    await app.deps.db.insert(t.apiKeyRoles).values({ apiKeyId: key.apiKeyId, roleId: await roleId(Role.ADMINISTER_USER_CREATE_UPDATE) });
    expect((await users()).status).toBe(200);
    // Deactivated, then deleted: refused at the next call each time.
    await app.deps.db.update(t.apiKeys).set({ isActive: false }).where(eq(t.apiKeys.apiKeyId, key.apiKeyId));
    expect((await users()).status).toBe(401);
    await app.deps.db.update(t.apiKeys).set({ isActive: true }).where(eq(t.apiKeys.apiKeyId, key.apiKeyId));
    expect((await users()).status).toBe(200);
    await app.deps.db.delete(t.apiKeys).where(eq(t.apiKeys.apiKeyId, key.apiKeyId));
    expect((await users()).status).toBe(401);
  });

  it('prepares the statements again when they are gone', async () => {
    const { token } = await signedInUser();
    await rolesOf(token);
    if (app.deps.database.kind !== 'pglite') return;
    await (app.deps.db as unknown as { $client: { exec(sql: string): Promise<unknown> } }).$client.exec('deallocate all');
    await app.deps.db.execute(sql`update auth_epoch set epoch = epoch + 1`);
    const queries = await queriesDuring(async () => expect(await rolesOf(token)).toEqual([]));
    expect(queries.map((q) => q.split(/[( ]as /)[0]!.split('(')[0])).toEqual([
      'execute read_auth_epoch',
      'prepare read_auth_epoch',
      'execute read_auth_epoch',
      'execute authenticate_session',
      'prepare authenticate_session',
      'execute authenticate_session',
    ]);
    expect(await rolesOf(token)).toEqual([]);
  });

  it('answers the caller the query describes', async () => {
    const { license, user, token } = await signedInUser([Role.MENU_ADMIN_TOOL_ACCESS]);
    const answer = await app.request('GET', '/api/verifysession/3', { token });
    expect(answer.body).toMatchObject({ valid: true, userName: user.userName, licenseId: license.licenseId, roles: [Role.MENU_ADMIN_TOOL_ACCESS] });
  });

  it('records the last activity after the reply, at most once a minute', async () => {
    const { user, token } = await signedInUser();
    const signedInAt = (await userRow(app, user.userId)).lastActivityDate;
    // Once read (on PGlite it is kept from here on), so that each request below is one query.
    await app.request('GET', '/api/verifysession/3', { token });
    app.clock.advance(2 * 60_000);
    // Hold the background work, to see what the reply waited for.
    const held: Array<() => Promise<void>> = [];
    const run = app.deps.background.run;
    app.deps.background.run = (_name, work) => void held.push(work);
    try {
      const queries = await queriesDuring(() => app.request('GET', '/api/verifysession/3', { token }));
      expect(queries).toHaveLength(1);
    } finally {
      app.deps.background.run = run;
    }
    expect(held).toHaveLength(1);
    expect((await userRow(app, user.userId)).lastActivityDate).toEqual(signedInAt);
    await held[0]!();
    expect((await userRow(app, user.userId)).lastActivityDate).toEqual(app.clock.now());

    app.clock.advance(30_000);
    const within = await queriesDuring(async () => {
      await app.request('GET', '/api/verifysession/3', { token });
      await app.deps.background.settled();
    });
    expect(within).toHaveLength(1);
  });

  it('reaches every per-user table by its primary key or index, whatever their size', async () => {
    const { license, user } = await signedInUser([Role.MENU_ADMIN_TOOL_ACCESS]);
    const [group] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('g'), licenseId: license.licenseId })
      .returning();
    await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId: user.userId });
    await app.deps.db.insert(t.userGroupRoles).values({ userGroupId: group!.userGroupId, roleId: await roleId(Role.ADMINISTER_ROLE) });
    const [session] = await app.deps.db.select().from(t.sessions).where(eq(t.sessions.userId, user.userId));
    const query = authenticationQuery(app.deps.db, session!.sessionId, user.userId);
    const plan = await app.deps.db.transaction(async (tx) => {
      // With sequential scans priced out, a table without a usable index still shows one.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await rawRows<Record<string, string>>(tx, sql`explain ${query.getSQL()}`);
      return result.map((row) => Object.values(row)[0]).join('\n');
    });
    // The session by its primary key, or by the user's sessions index with the id as a filter: the planner may take either (one user has few sessions).
    for (const index of [
      'sessions_(pkey|user)',
      'users_pkey',
      'user_roles_user_id_role_id_pk',
      'user_group_users_rev',
      'user_group_roles_user_group_id_role_id_pk',
    ]) {
      expect(plan).toMatch(new RegExp(`Scan (using|on) ${index}\\b`));
    }
    // Only the role catalogue (about 150 rows) may be read whole.
    expect(plan.match(/Seq Scan on \w+/g)?.filter((scan) => scan !== 'Seq Scan on roles') ?? []).toEqual([]);
  });
});

describe('authentication applies every change at the next request', () => {
  it('grants a role given after sign-in, directly or through a user group', async () => {
    const { license, user, token } = await signedInUser();
    expect(await rolesOf(token)).toEqual([]);
    expect((await app.request('GET', '/api/license', { token })).status).toBe(403);

    await app.deps.db.insert(t.userRoles).values({ userId: user.userId, roleId: await roleId(Role.ACCESS_MY_CUSTOMER_LICENCE) });
    expect(await rolesOf(token)).toEqual([Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect((await app.request('GET', '/api/license', { token })).status).toBe(200);

    const [group] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('g'), licenseId: license.licenseId })
      .returning();
    await app.deps.db.insert(t.userGroupRoles).values({ userGroupId: group!.userGroupId, roleId: await roleId(Role.MENU_ADMIN_TOOL_ACCESS) });
    await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId: user.userId });
    expect(await rolesOf(token)).toEqual([Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS].sort());
  });

  it('drops a role removed after sign-in, directly or through a user group', async () => {
    const { license, user, token } = await signedInUser([Role.ACCESS_MY_CUSTOMER_LICENCE]);
    const [group] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('g'), licenseId: license.licenseId })
      .returning();
    await app.deps.db.insert(t.userGroupRoles).values({ userGroupId: group!.userGroupId, roleId: await roleId(Role.ACCESS_MY_CUSTOMER_LICENCE) });
    await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId: user.userId });
    expect(await rolesOf(token)).toEqual([Role.ACCESS_MY_CUSTOMER_LICENCE]);

    await app.deps.db.delete(t.userRoles).where(eq(t.userRoles.userId, user.userId));
    expect(await rolesOf(token)).toEqual([Role.ACCESS_MY_CUSTOMER_LICENCE]);
    await app.deps.db.delete(t.userGroupUsers).where(eq(t.userGroupUsers.userId, user.userId));
    expect(await rolesOf(token)).toEqual([]);
    expect((await app.request('GET', '/api/license', { token })).status).toBe(403);
  });

  it('drops a role a user group no longer gives, and answers a user moved to another licence with that licence', async () => {
    const { license, user, token } = await signedInUser();
    const [group] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('g'), licenseId: license.licenseId })
      .returning();
    await app.deps.db.insert(t.userGroupRoles).values({ userGroupId: group!.userGroupId, roleId: await roleId(Role.ACCESS_MY_CUSTOMER_LICENCE) });
    await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId: user.userId });
    expect(await rolesOf(token)).toEqual([Role.ACCESS_MY_CUSTOMER_LICENCE]);
    await app.deps.db.delete(t.userGroupRoles).where(eq(t.userGroupRoles.userGroupId, group!.userGroupId));
    expect(await rolesOf(token)).toEqual([]);

    const other = await createLicense(app);
    await app.deps.db.update(t.users).set({ licenseId: other.licenseId }).where(eq(t.users.userId, user.userId));
    expect((await app.request('GET', '/api/verifysession/3', { token })).body).toMatchObject({ valid: true, licenseId: other.licenseId });
  });

  it('refuses the token at the next request after its session is ended by any write', async () => {
    const { user, token } = await signedInUser();
    expect(await rolesOf(token)).toEqual([]);
    await app.deps.db.update(t.sessions).set({ revokedAt: app.clock.now() }).where(eq(t.sessions.userId, user.userId));
    const after = await app.request('GET', '/api/roles/user', { token });
    expect([after.status, after.body.Message]).toEqual([412, AuthMessages.sessionEnded]);
  });

  it('refuses the token at the next request after logout', async () => {
    const { token } = await signedInUser();
    expect((await app.request('PUT', '/api/logout', { token })).status).toBe(200);
    const after = await app.request('GET', '/api/roles/user', { token });
    expect([after.status, after.body.Message]).toEqual([412, AuthMessages.sessionEnded]);
  });

  it('refuses a locked or deactivated user at the next request', async () => {
    const locked = await signedInUser();
    await app.deps.db.update(t.users).set({ isLockedOut: true }).where(eq(t.users.userId, locked.user.userId));
    const lockedAnswer = await app.request('GET', '/api/roles/user', { token: locked.token });
    expect([lockedAnswer.status, lockedAnswer.body.Message]).toEqual([412, AuthMessages.accountLocked]);

    const inactive = await signedInUser();
    await app.deps.db.update(t.users).set({ isApproved: false }).where(eq(t.users.userId, inactive.user.userId));
    const inactiveAnswer = await app.request('GET', '/api/roles/user', { token: inactive.token });
    expect([inactiveAnswer.status, inactiveAnswer.body.Message]).toEqual([412, AuthMessages.accountInactive]);
  });
});

describe('token verification', () => {
  it('refuses a token past its exp even after it was accepted, and a tampered copy of an accepted one', async () => {
    const { token } = await signedInUser();
    expect((await app.request('GET', '/api/roles/user', { token })).status).toBe(200);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, sub: String(Number(claims.sub) + 1) })).toString('base64url'), signature].join('.');
    expect((await app.request('GET', '/api/roles/user', { token: tampered })).status).toBe(401);
    const otherSignature = [header, payload, `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`].join('.');
    expect((await app.request('GET', '/api/roles/user', { token: otherSignature })).status).toBe(401);

    app.clock.set(new Date(claims.exp * 1000));
    const expired = await app.request('GET', '/api/roles/user', { token });
    expect([expired.status, expired.body.Message]).toEqual([412, AuthMessages.sessionExpired]);
  });
});

describe('the Authorization header', () => {
  const withHeader = (authorization: string, path = '/api/roles/user') => app.request('GET', path, { headers: { authorization } });

  it('takes `Bearer <token>`, the scheme in any case and one space or more', async () => {
    const { token } = await signedInUser();
    for (const header of [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer   ${token}`]) {
      expect([header.slice(0, 9), (await withHeader(header)).status]).toEqual([header.slice(0, 9), 200]);
    }
  });

  it('answers 401 to a bare token, another scheme or anything else', async () => {
    const { token } = await signedInUser();
    for (const header of [
      token,
      `Basic ${token}`,
      `Token ${token}`,
      `Bearer${token}`,
      `Bearer\t${token}`,
      `Bearer ${token} x`,
      `Bearer ${token},`,
      'Bearer',
      'Bearer ',
    ]) {
      const answer = await withHeader(header);
      expect([header.slice(0, 9), answer.status, answer.body.Message]).toEqual([header.slice(0, 9), 401, AuthMessages.notAuthenticated]);
    }
  });

  it('lets a public route answer a malformed header as it answers no header', async () => {
    const { token } = await signedInUser();
    expect((await withHeader(token, '/api/health')).status).toBe(200);
    expect((await withHeader(`Bearer ${token}`, '/api/health')).status).toBe(200);
  });
});
