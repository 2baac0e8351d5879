/**
 * An administrator's view and reset of another user's second factors (issue 40): what the
 * Sessions tab shows (never a secret), the reset for a lost phone or security key — app,
 * recovery codes and passkeys removed, every session signed out, the user mailed — under the
 * privilege ceiling, never for oneself, never by an API key, with the audit trail.
 */
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { FactorResetMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { LICENCE_ADMIN_ROLES } from '../../seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createApiKey, createLicense, createUser, login, PASSWORD } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const STEP = 30_000;
const codeAt = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: app.clock.now().getTime() });

/** A licence with its administrator and a user who set up an authenticator app and has a passkey. */
async function world(userRoles: string[] = [Role.ADMINISTER_SITE]) {
  const license = await createLicense(app);
  const admin = await createUser(app, license.licenseId, { roles: LICENCE_ADMIN_ROLES });
  const user = await createUser(app, license.licenseId, { roles: userRoles, email: `owner-${Date.now()}@example.test` });
  const userToken = await login(app, user.userName);
  const start = await app.request('POST', '/api/account/factors/totp', { token: userToken });
  expect(start.status).toBe(200);
  app.clock.set(new Date(Math.floor(app.clock.now().getTime() / STEP) * STEP + STEP + 15_000));
  expect((await app.request('POST', '/api/account/factors/totp/confirm', { token: userToken, body: { code: codeAt(start.body.secret) } })).status).toBe(200);
  app.clock.advance(STEP);
  await app.deps.db
    .insert(t.passkeys)
    .values({ credentialId: `cred-${user.userId}`, userId: user.userId, publicKey: 'AA', deviceType: 'multiDevice', name: 'Work laptop' });
  return { license, admin, user, userToken, adminToken: await login(app, admin.userName) };
}

const factorsOf = (userName: string, token: string) => app.request('GET', `/api/users/${userName}/factors`, { token });
const reset = (userName: string, token: string) => app.request('DELETE', `/api/users/${userName}/factors`, { token });

describe('GET users/{username}/factors', () => {
  it('shows an administrator what the user has — never a secret, a code or a key', async () => {
    const w = await world();
    const answer = await factorsOf(w.user.userName, w.adminToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
      email: false,
      passkeys: [{ name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }],
      isSsoUser: false,
      required: false,
    });
    expect(answer.text).not.toMatch(/secret|codeHash|publicKey|cred-/);
  });

  it('keeps to the caller’s licence (404) and to portal roles (403)', async () => {
    const w = await world();
    const other = await world();
    expect((await factorsOf(w.user.userName, other.adminToken)).status).toBe(404);
    expect((await factorsOf(w.admin.userName, w.userToken)).status).toBe(403);
  });

  it('says when the licence’s policy requires a factor of the user', async () => {
    const w = await world(LICENCE_ADMIN_ROLES);
    await app.deps.db.update(t.licenses).set({ secondFactorPolicy: 'administrators' }).where(eq(t.licenses.licenseId, w.license.licenseId));
    expect((await factorsOf(w.user.userName, w.adminToken)).body.required).toBe(true);
  });
});

describe('DELETE users/{username}/factors', () => {
  it('removes the app, the recovery codes and the passkeys, signs out every session, mails the user and is in the trail', async () => {
    const w = await world();
    const answer = await reset(w.user.userName, w.adminToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ Message: FactorResetMessages.done(w.user.userName, 1), ended: 1 });
    expect(await factorsOf(w.user.userName, w.adminToken).then((a) => a.body)).toMatchObject({ totp: false, recoveryCodesLeft: 0, passkeys: [] });
    // The user's session ended: refused at its next request.
    const next = await app.request('GET', '/api/roles/user', { token: w.userToken });
    expect(next.status).toBe(412);
    // The password alone signs in again (no factor left to ask for).
    const again = await app.request('POST', '/api/login', { body: { userName: w.user.userName, password: PASSWORD } });
    expect([again.status, again.body.token]).toEqual([200, expect.any(String)]);
    await app.deps.background.settled();
    const mail = [...app.outbox].reverse().find((m) => m.to === w.user.email)!;
    expect(mail.subject).toMatch(/second factors were reset/);
    expect(mail.text).toContain(`Your administrator ${w.admin.userName} removed`);
    expect(mail.text).toContain("the authenticator app, the recovery codes, the passkey 'Work laptop'");
    // The user's History says it in words, with what was removed.
    const history = await app.request('GET', `/api/audit?subject=user:${w.user.userId}`, { token: w.adminToken });
    const [entry] = history.body.items;
    expect(entry).toMatchObject({ action: 'Second factors reset by admin', actorName: w.admin.userName, method: 'DELETE' });
    expect(entry.changesShown.map((change: { label: string }) => change.label)).toEqual(
      expect.arrayContaining(['Authenticator app', 'Passkeys', 'Sessions signed out']),
    );
  });

  it('answers 409 when there is nothing to remove, changing nothing', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: LICENCE_ADMIN_ROLES });
    const user = await createUser(app, license.licenseId);
    const userToken = await login(app, user.userName);
    const answer = await reset(user.userName, await login(app, admin.userName));
    expect([answer.status, answer.body.Message]).toEqual([409, FactorResetMessages.nothing]);
    expect((await app.request('GET', '/api/roles/user', { token: userToken })).status).toBe(200);
  });

  it(
    'refuses the caller’s own account (400), a user above the privilege ceiling (403), another licence’s ' +
      'user (404) and a user without the role (403), changing nothing',
    async () => {
      const w = await world();
      const own = await reset(w.admin.userName, w.adminToken);
      expect([own.status, own.body.Message]).toEqual([400, FactorResetMessages.own]);
      const above = await world(LICENCE_ADMIN_ROLES);
      const limited = await createUser(app, above.license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
      expect((await reset(above.user.userName, await login(app, limited.userName))).status).toBe(403);
      expect((await reset(w.user.userName, above.adminToken)).status).toBe(404);
      expect((await reset(w.admin.userName, w.userToken)).status).toBe(403);
      expect((await factorsOf(w.user.userName, w.adminToken)).body).toMatchObject({ totp: true, passkeys: [{ name: 'Work laptop' }] });
      expect((await factorsOf(above.user.userName, above.adminToken)).body.totp).toBe(true);
    },
  );

  it('is never done with an API key', async () => {
    const w = await world();
    const key = await createApiKey(app, w.license.licenseId, { roles: LICENCE_ADMIN_ROLES });
    const answer = await app.request('DELETE', `/api/users/${w.user.userName}/factors`, { headers: key.headers });
    expect(answer.status).toBe(403);
    expect((await factorsOf(w.user.userName, w.adminToken)).body.totp).toBe(true);
  });
});
