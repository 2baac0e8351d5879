/**
 * A user's sessions (issue 40): the list (browser and system from the User-Agent, IP address,
 * times, how), signing one out and all but one's own, on every server, under the privilege
 * ceiling, with the audit trail.
 */
import { and, eq } from 'drizzle-orm';
import { AuthMessages } from 'contracts/auth/model';
import { SessionMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { LICENCE_ADMIN_ROLES } from '../../seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createApiKey, createLicense, createUser, PASSWORD, unique } from '../../../test/factories';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Signs in from a browser: answers the token and the session's id. */
async function signIn(on: Pick<TestApp, 'request'>, userName: string, headers: Record<string, string> = { 'user-agent': CHROME_LINUX }) {
  const answer = await on.request('POST', '/api/login', { body: { userName, password: PASSWORD }, headers });
  if (answer.status !== 200) throw new Error(`login of ${userName} answered ${answer.status}: ${answer.text}`);
  return { token: answer.body.token as string, sessionId: answer.body.sessionId as string };
}

/** A licence with an administrator (the demo licence administrator's roles) and a plain user. */
async function world() {
  const license = await createLicense(app);
  const admin = await createUser(app, license.licenseId, { roles: LICENCE_ADMIN_ROLES });
  const user = await createUser(app, license.licenseId, { roles: [Role.ADMINISTER_SITE] });
  return { license, admin, user, adminToken: (await signIn(app, admin.userName)).token };
}

const sessionRow = async (sessionId: string) => (await app.deps.db.select().from(t.sessions).where(eq(t.sessions.sessionId, sessionId)))[0]!;

describe('GET users/{username}/sessions', () => {
  it('lists the live sessions, most recently active first, with browser and system from the User-Agent, times and how', async () => {
    const { user, adminToken } = await world();
    const first = await signIn(app, user.userName, { 'user-agent': CHROME_LINUX });
    const signedInAt = app.clock.now();
    app.clock.advance(5 * 60_000);
    const second = await signIn(app, user.userName, { 'user-agent': SAFARI_IPHONE });
    const ended = await signIn(app, user.userName, { 'user-agent': FIREFOX_WINDOWS });
    await app.request('PUT', '/api/logout', { token: ended.token });
    // The first is used again later: it is the most recently active.
    app.clock.advance(3 * 60_000);
    expect((await app.request('GET', '/api/verifysession/3', { token: first.token })).status).toBe(200);
    await app.deps.background.settled();

    const answer = await app.request('GET', `/api/users/${user.userName}/sessions`, { token: adminToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        sessionId: first.sessionId,
        method: 'password',
        browser: 'Chrome 131',
        system: 'Linux',
        userAgent: CHROME_LINUX,
        ipAddress: null,
        createdAt: signedInAt.toISOString(),
        lastActiveAt: app.clock.now().toISOString(),
        expiresAt: expect.any(String),
        current: false,
      },
      expect.objectContaining({ sessionId: second.sessionId, browser: 'Safari 18', system: 'iOS 18.1', current: false }),
    ]);
  });

  it('writes a session’s last activity at most once a minute, not at every request', async () => {
    const { user } = await world();
    const { token, sessionId } = await signIn(app, user.userName);
    const signedInAt = app.clock.now();
    const verify = async () => {
      expect((await app.request('GET', '/api/verifysession/3', { token })).status).toBe(200);
      await app.deps.background.settled();
      return (await sessionRow(sessionId)).lastActiveAt;
    };
    app.clock.advance(30_000);
    expect(await verify()).toEqual(signedInAt);
    app.clock.advance(40_000);
    const later = app.clock.now();
    expect(await verify()).toEqual(later);
    app.clock.advance(20_000);
    expect(await verify()).toEqual(later);
  });

  it('leaves out expired sessions and marks the caller’s own as current', async () => {
    const { user } = await world();
    const old = await signIn(app, user.userName);
    await app.deps.db.update(t.sessions).set({ expiresAt: app.clock.now() }).where(eq(t.sessions.sessionId, old.sessionId));
    const mine = await signIn(app, user.userName);
    const answer = await app.request('GET', `/api/users/${user.userName}/sessions`, { token: mine.token });
    expect(answer.body.map((s: { sessionId: string; current: boolean }) => [s.sessionId, s.current])).toEqual([[mine.sessionId, true]]);
  });

  it('keeps at most 512 characters of the User-Agent', async () => {
    const { user } = await world();
    const long = `${CHROME_LINUX} ${'x'.repeat(3000)}`;
    const { sessionId } = await signIn(app, user.userName, { 'user-agent': long });
    expect((await sessionRow(sessionId)).userAgent).toBe(long.slice(0, 512));
  });

  it('stores the load balancer’s address only when TRUST_PROXY is on', async () => {
    const { user } = await world();
    // Off: a forwarded header is the client's own word, not kept.
    const direct = await signIn(app, user.userName, { 'user-agent': CHROME_LINUX, 'x-forwarded-for': '203.0.113.9' });
    expect((await sessionRow(direct.sessionId)).ipAddress).toBeNull();

    const proxied = await app.secondServer();
    try {
      (proxied.deps.config as { trustProxy: boolean }).trustProxy = true;
      const behind = await signIn(proxied, user.userName, { 'user-agent': CHROME_LINUX, 'x-forwarded-for': '198.51.100.7, 203.0.113.20' });
      const listed = await app.request('GET', `/api/users/${user.userName}/sessions`, { token: behind.token });
      expect(listed.body.find((s: { sessionId: string }) => s.sessionId === behind.sessionId).ipAddress).toBe('203.0.113.20');
    } finally {
      await proxied.close();
    }
  });

  it('answers another licence’s user as a 404 and refuses a caller without a portal role', async () => {
    const { user, adminToken } = await world();
    const other = await world();
    expect((await app.request('GET', `/api/users/${other.user.userName}/sessions`, { token: adminToken })).status).toBe(404);
    const plain = await signIn(app, user.userName);
    expect((await app.request('GET', `/api/users/${other.admin.userName}/sessions`, { token: plain.token })).status).toBe(404);
    const colleague = await createUser(app, user.licenseId);
    expect((await app.request('GET', `/api/users/${colleague.userName}/sessions`, { token: plain.token })).status).toBe(403);
  });
});

describe('DELETE users/{username}/sessions/{sessionId}', () => {
  it('signs the session out: its next request, on another server of the same database, is refused as ended', async () => {
    const { user, adminToken } = await world();
    const phone = await signIn(app, user.userName, { 'user-agent': SAFARI_IPHONE });
    const laptop = await signIn(app, user.userName);
    const other = await app.secondServer();
    try {
      // The other server has seen (and verified) the token before.
      expect((await other.request('GET', '/api/verifysession/3', { token: phone.token })).status).toBe(200);

      const answer = await app.request('DELETE', `/api/users/${user.userName}/sessions/${phone.sessionId}`, { token: adminToken });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ Message: SessionMessages.ended });

      const refused = await other.request('GET', '/api/verifysession/3', { token: phone.token });
      expect(refused.status).toBe(412);
      expect(refused.body.Message).toBe(AuthMessages.sessionEnded);
      expect((await other.request('GET', '/api/verifysession/3', { token: laptop.token })).status).toBe(200);
    } finally {
      await other.close();
    }
    expect((await sessionRow(phone.sessionId)).revokedAt).toEqual(app.clock.now());
    // Gone from the list, and a second sign-out of it is a 404.
    const listed = await app.request('GET', `/api/users/${user.userName}/sessions`, { token: adminToken });
    expect(listed.body.map((s: { sessionId: string }) => s.sessionId)).toEqual([laptop.sessionId]);
    const again = await app.request('DELETE', `/api/users/${user.userName}/sessions/${phone.sessionId}`, { token: adminToken });
    expect(again.status).toBe(404);
    expect(again.body.Message).toBe(SessionMessages.notLive);
  });

  it('lets users sign out their own other sessions, but not the one they are using', async () => {
    const { user } = await world();
    const phone = await signIn(app, user.userName, { 'user-agent': SAFARI_IPHONE });
    const laptop = await signIn(app, user.userName);
    const own = await app.request('DELETE', `/api/users/${user.userName}/sessions/${laptop.sessionId}`, { token: laptop.token });
    expect(own.status).toBe(400);
    expect(own.body.Message).toBe(SessionMessages.current);
    expect((await app.request('DELETE', `/api/users/${user.userName}/sessions/${phone.sessionId}`, { token: laptop.token })).status).toBe(200);
    expect((await app.request('GET', '/api/verifysession/3', { token: phone.token })).status).toBe(412);
    expect((await app.request('GET', '/api/verifysession/3', { token: laptop.token })).status).toBe(200);
  });

  it('answers another user’s session id, a malformed one and another licence’s user as a 404, changing nothing', async () => {
    const { user, admin, adminToken } = await world();
    const adminSession = (await signIn(app, admin.userName)).sessionId;
    expect((await app.request('DELETE', `/api/users/${user.userName}/sessions/${adminSession}`, { token: adminToken })).status).toBe(404);
    expect((await app.request('DELETE', `/api/users/${user.userName}/sessions/not-a-uuid`, { token: adminToken })).status).toBe(404);
    const other = await world();
    const theirs = await signIn(app, other.user.userName);
    expect((await app.request('DELETE', `/api/users/${other.user.userName}/sessions/${theirs.sessionId}`, { token: adminToken })).status).toBe(404);
    expect((await sessionRow(adminSession)).revokedAt).toBeNull();
    expect((await sessionRow(theirs.sessionId)).revokedAt).toBeNull();
  });

  it('keeps to the privilege ceiling: a licence administrator cannot sign out a super administrator, nor can a user without user administration', async () => {
    const { license, user, adminToken } = await world();
    const superAdmin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const theirs = await signIn(app, superAdmin.userName);
    const refused = await app.request('DELETE', `/api/users/${superAdmin.userName}/sessions/${theirs.sessionId}`, { token: adminToken });
    expect(refused.status).toBe(403);
    expect((await app.request('POST', `/api/users/${superAdmin.userName}/sessions/end-others`, { token: adminToken })).status).toBe(403);
    expect((await sessionRow(theirs.sessionId)).revokedAt).toBeNull();

    const portalOnly = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const portalToken = (await signIn(app, portalOnly.userName)).token;
    const target = await signIn(app, user.userName);
    expect((await app.request('GET', `/api/users/${user.userName}/sessions`, { token: portalToken })).status).toBe(200);
    expect((await app.request('DELETE', `/api/users/${user.userName}/sessions/${target.sessionId}`, { token: portalToken })).status).toBe(403);
    expect((await sessionRow(target.sessionId)).revokedAt).toBeNull();

    // A super administrator may.
    const superToken = (await signIn(app, superAdmin.userName)).token;
    expect((await app.request('DELETE', `/api/users/${user.userName}/sessions/${target.sessionId}`, { token: superToken })).status).toBe(200);
  });

  it('lets an API key read sessions with a portal role, never sign one out', async () => {
    const { license, user } = await world();
    const key = await createApiKey(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const target = await signIn(app, user.userName);
    const listed = await app.request('GET', `/api/users/${user.userName}/sessions`, { headers: key.headers });
    expect(listed.status).toBe(200);
    expect(listed.body.map((s: { sessionId: string; current: boolean }) => [s.sessionId, s.current])).toEqual([[target.sessionId, false]]);
    expect((await app.request('DELETE', `/api/users/${user.userName}/sessions/${target.sessionId}`, { headers: key.headers })).status).toBe(403);
    expect((await app.request('POST', `/api/users/${user.userName}/sessions/end-others`, { headers: key.headers })).status).toBe(403);
    expect((await sessionRow(target.sessionId)).revokedAt).toBeNull();
  });
});

describe('POST users/{username}/sessions/end-others', () => {
  it('signs out every other session of one’s own and keeps the current one', async () => {
    const { user } = await world();
    const a = await signIn(app, user.userName);
    const b = await signIn(app, user.userName, { 'user-agent': SAFARI_IPHONE });
    const mine = await signIn(app, user.userName, { 'user-agent': FIREFOX_WINDOWS });
    const answer = await app.request('POST', `/api/users/${user.userName}/sessions/end-others`, { token: mine.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ Message: SessionMessages.endedOthers(2), ended: 2 });
    for (const ended of [a, b]) expect((await app.request('GET', '/api/verifysession/3', { token: ended.token })).status).toBe(412);
    expect((await app.request('GET', '/api/verifysession/3', { token: mine.token })).status).toBe(200);
  });

  it('signs out all of another user’s sessions for an administrator', async () => {
    const { user, adminToken } = await world();
    const a = await signIn(app, user.userName);
    const b = await signIn(app, user.userName);
    const answer = await app.request('POST', `/api/users/${user.userName}/sessions/end-others`, { token: adminToken });
    expect(answer.body.ended).toBe(2);
    for (const ended of [a, b]) expect((await app.request('GET', '/api/verifysession/3', { token: ended.token })).status).toBe(412);
  });
});

describe('the audit trail of signing sessions out', () => {
  it('shows each sign-out on the user’s History, by whom, with the session', async () => {
    const { user, admin, adminToken } = await world();
    const phone = await signIn(app, user.userName, { 'user-agent': SAFARI_IPHONE });
    const mine = await signIn(app, user.userName);
    await signIn(app, user.userName);
    expect((await app.request('DELETE', `/api/users/${user.userName}/sessions/${phone.sessionId}`, { token: adminToken })).status).toBe(200);
    expect((await app.request('POST', `/api/users/${user.userName}/sessions/end-others`, { token: mine.token })).status).toBe(200);

    const history = await app.request('GET', `/api/audit?subject=user:${user.userId}`, { token: adminToken });
    expect(history.status).toBe(200);
    const [own, byAdmin] = history.body.items.filter((entry: { entity: string }) => entry.entity === 'user-sessions');
    expect(byAdmin).toMatchObject({ actorName: admin.userName, action: 'Signed out a session', method: 'DELETE', status: 200 });
    expect(JSON.stringify(byAdmin.changes)).toContain('Safari');
    expect(own).toMatchObject({ actorName: user.userName, action: 'Signed out everywhere else', method: 'POST', status: 200 });
    expect(JSON.stringify(own.changes)).toContain('"1"');
  });

  it('records a refused sign-out and changes nothing', async () => {
    const { license, adminToken } = await world();
    const superAdmin = await createUser(app, license.licenseId, { userName: unique('super'), roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const theirs = await signIn(app, superAdmin.userName);
    expect((await app.request('DELETE', `/api/users/${superAdmin.userName}/sessions/${theirs.sessionId}`, { token: adminToken })).status).toBe(403);
    const rows = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'user-sessions'), eq(t.auditLog.entityId, String(superAdmin.userId))));
    expect(rows).toEqual([]);
    expect((await sessionRow(theirs.sessionId)).revokedAt).toBeNull();
  });
});
