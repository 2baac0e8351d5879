/**
 * Failed-password lockout (issue 36 item 4): temporary and growing, like Keycloak's brute-force
 * detection, with a permanent lock only after many rounds; a stranger cannot tell a locked, an
 * unknown and a wrong-password sign-in apart; the owner learns of a lock by mail, with a link
 * that unlocks; an administrator's Locked flag stays until unlocked. On PostgreSQL too
 * (`DATABASE_URL=…`), where concurrent failures really race.
 */
import { and, asc, eq } from 'drizzle-orm';
import { AuthMessages } from 'contracts/auth/model';
import { ConfigMessages } from 'contracts/licensing/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type Answer, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login, PASSWORD, unique, userRow } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  // Behind a load balancer, so each attempt can come from its own address: the per-address
  // throttle (50 failures in 15 minutes) is not what these tests are about.
  app = await createTestApp({ TRUST_PROXY: 'true' });
  // Nobody locks the last active super administrator: the database gets one.
  await createUser(app, (await createLicense(app)).licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
});
afterAll(() => app.close());
beforeEach(() => app.clock.set(new Date()));

let addressCounter = 0;
const newAddress = () => `192.0.2.${(++addressCounter % 250) + 1}`;

const attempt = (userName: string, password: string) =>
  app.request('POST', '/api/login', { body: { userName, password }, headers: { 'x-forwarded-for': newAddress() } });

/** What a stranger sees of an answer: its status, its type and its bytes. */
const seen = (answer: Answer) => ({ status: answer.status, type: answer.headers.get('content-type'), text: answer.text });

const GENERIC = { status: 401, type: 'application/json', text: JSON.stringify({ Message: AuthMessages.badCredentials }) };

/** A licence whose UserPassword config holds these entries (the rest: the defaults). */
async function licenseWithPolicy(parameters: Record<string, number>) {
  const license = await createLicense(app);
  await app.deps.db.insert(t.configs).values({
    name: 'UserPassword',
    isLicense: true,
    licenseId: license.licenseId,
    data: { configs: [{ property: 'UserPassword', parameters: Object.entries(parameters).map(([name, value]) => ({ name, value })) }] },
  });
  return license;
}

async function failTimes(userName: string, times: number) {
  for (let i = 1; i <= times; i++) expect(seen(await attempt(userName, `wrong-${i}`))).toEqual(GENERIC);
}

const mailsTo = async (to: string) => {
  await app.deps.background.settled();
  return app.outbox.filter((mail) => mail.to === to);
};

const resetTokenIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('token')!;

async function auditOf(userId: number) {
  return app.deps.db
    .select()
    .from(t.auditLog)
    .where(eq(t.auditLog.subject, `user:${userId}`))
    .orderBy(asc(t.auditLog.auditId));
}

describe('temporary lockout', () => {
  it(
    'locks an account for the first wait after the policy’s failures, and answers the stranger exactly as ' + 'for an unknown name or a wrong password',
    async () => {
      const license = await createLicense(app);
      const user = await createUser(app, license.licenseId);
      await failTimes(user.userName, 5);
      const row = await userRow(app, user.userId);
      expect(row.lockedUntil?.getTime()).toBe(app.clock.now().getTime() + 60_000);
      expect([row.isLockedOut, row.lockoutRounds, row.failedLoginCount]).toEqual([false, 1, 0]);

      const right = await attempt(user.userName, PASSWORD);
      const wrong = await attempt(user.userName, 'still-wrong');
      const unknown = await attempt(unique('nobody'), PASSWORD);
      expect(seen(right)).toEqual(GENERIC);
      expect(seen(wrong)).toEqual(GENERIC);
      expect(seen(unknown)).toEqual(GENERIC);
    },
  );

  it('neither extends the lock for a right nor a wrong password during it; after the wait the right one signs in and clears the counters', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    await failTimes(user.userName, 5);
    const until = (await userRow(app, user.userId)).lockedUntil!.getTime();
    app.clock.advance(30_000);
    expect(seen(await attempt(user.userName, PASSWORD))).toEqual(GENERIC);
    await failTimes(user.userName, 3);
    const during = await userRow(app, user.userId);
    expect([during.lockedUntil!.getTime(), during.lockoutRounds, during.failedLoginCount]).toEqual([until, 1, 0]);

    app.clock.advance(30_000);
    expect((await attempt(user.userName, PASSWORD)).status).toBe(200);
    const after = await userRow(app, user.userId);
    expect([after.lockedUntil, after.lockoutRounds, after.failedLoginCount, after.isLockedOut]).toEqual([null, 0, 0, false]);
  });

  it('doubles the wait with each round, up to the maximum wait', async () => {
    const license = await licenseWithPolicy({ MaxFailedAccessAttempts: 2, LockoutWaitSeconds: 60, LockoutMaxWaitSeconds: 150 });
    const user = await createUser(app, license.licenseId);
    const waits: number[] = [];
    for (let round = 1; round <= 3; round++) {
      await failTimes(user.userName, 2);
      const row = await userRow(app, user.userId);
      expect(row.lockoutRounds).toBe(round);
      waits.push((row.lockedUntil!.getTime() - app.clock.now().getTime()) / 1000);
      app.clock.advance(row.lockedUntil!.getTime() - app.clock.now().getTime());
    }
    expect(waits).toEqual([60, 120, 150]);
    expect((await userRow(app, user.userId)).isLockedOut).toBe(false);
  });

  it('forgets failures older than FailureResetSeconds', async () => {
    const license = await licenseWithPolicy({ FailureResetSeconds: 3600 });
    const user = await createUser(app, license.licenseId);
    await failTimes(user.userName, 4);
    app.clock.advance(3600_000 + 1000);
    await failTimes(user.userName, 1);
    const row = await userRow(app, user.userId);
    expect([row.failedLoginCount, row.lockedUntil]).toEqual([1, null]);
  });

  it('takes the number of failures from the licence’s UserPassword config, and 0 turns lockout off', async () => {
    const two = await licenseWithPolicy({ MaxFailedAccessAttempts: 2 });
    const user = await createUser(app, two.licenseId);
    await failTimes(user.userName, 2);
    expect((await userRow(app, user.userId)).lockedUntil).not.toBeNull();

    const off = await licenseWithPolicy({ MaxFailedAccessAttempts: 0 });
    const free = await createUser(app, off.licenseId);
    await failTimes(free.userName, 8);
    expect((await userRow(app, free.userId)).lockedUntil).toBeNull();
    expect((await attempt(free.userName, PASSWORD)).status).toBe(200);
  });

  it('does not end the owner’s sessions: a stranger’s guesses cannot sign the owner out', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    await failTimes(user.userName, 5);
    expect((await app.request('GET', '/api/verifysession/3', { token })).status).toBe(200);
  });
});

describe('permanent lock after repeated rounds', () => {
  it('after MaxTemporaryLockouts rounds sets the spec’s Locked flag, ends the sessions and stays locked, answering as ever', async () => {
    const license = await licenseWithPolicy({ MaxFailedAccessAttempts: 2, LockoutWaitSeconds: 60, MaxTemporaryLockouts: 2 });
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    for (let round = 1; round <= 2; round++) {
      await failTimes(user.userName, 2);
      const row = await userRow(app, user.userId);
      expect([row.isLockedOut, row.lockoutRounds]).toEqual([false, round]);
      app.clock.advance(row.lockedUntil!.getTime() - app.clock.now().getTime());
    }
    await failTimes(user.userName, 2);
    const locked = await userRow(app, user.userId);
    expect([locked.isLockedOut, locked.lockedUntil, locked.lastLockedDate?.getTime()]).toEqual([true, null, app.clock.now().getTime()]);
    expect((await app.request('GET', '/api/verifysession/3', { token })).status).toBe(412);

    app.clock.advance(30 * 24 * 3_600_000);
    expect(seen(await attempt(user.userName, PASSWORD))).toEqual(GENERIC);
  });

  it('locks at once and for good with LockoutWaitSeconds 0 (no temporary lock)', async () => {
    const license = await licenseWithPolicy({ MaxFailedAccessAttempts: 3, LockoutWaitSeconds: 0 });
    const user = await createUser(app, license.licenseId);
    await failTimes(user.userName, 3);
    const row = await userRow(app, user.userId);
    expect([row.isLockedOut, row.lockedUntil]).toEqual([true, null]);
  });

  it('tells an automatic lock from an administrator’s in the user’s History, with each lock and unlock', async () => {
    const license = await licenseWithPolicy({ MaxFailedAccessAttempts: 2, MaxTemporaryLockouts: 1 });
    const user = await createUser(app, license.licenseId);
    await failTimes(user.userName, 2);
    app.clock.advance(60_000);
    await failTimes(user.userName, 2);
    const [mail] = (await mailsTo(user.email)).slice(-1);
    expect((await app.request('PUT', `/api/users/password/reset/${resetTokenIn(mail!.text)}`, { body: { password: 'Fresh-Password-3' } })).status).toBe(200);

    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const adminToken = await login(app, admin.userName);
    expect((await app.request('PUT', `/api/users/${user.userName}`, { token: adminToken, body: { isLockedOut: true } })).status).toBe(200);

    const rows = await auditOf(user.userId);
    const events = rows.map((row) => [row.actorName, (row.after as Record<string, unknown> | null)?.event ?? null]);
    expect(events).toEqual(
      expect.arrayContaining([
        [null, 'locked for 60 s after failed sign-ins'],
        [null, 'locked after repeated failures'],
        [user.userName, 'unlocked by a new password'],
      ]),
    );
    const byAdmin = rows.find((row) => row.actorName === admin.userName);
    expect(byAdmin?.after).toMatchObject({ isLockedOut: true });
  });
});

describe('the owner learns of a lock', () => {
  it('mails the owner once for the first temporary lock and once for the permanent one, never telling the caller', async () => {
    const license = await licenseWithPolicy({ MaxFailedAccessAttempts: 2, MaxTemporaryLockouts: 1 });
    const user = await createUser(app, license.licenseId);
    await failTimes(user.userName, 2);
    await failTimes(user.userName, 3); // during the lock: not counted, no more mail
    const first = await mailsTo(user.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toMatch(/locked/i);
    expect(first[0]!.text).toContain('http://console.test/users/password/reset?token=');

    app.clock.advance(60_000);
    await failTimes(user.userName, 2);
    const second = await mailsTo(user.email);
    expect(second).toHaveLength(2);
    expect(second[1]!.text).toMatch(/locked until it is unlocked/i);
  });

  it('sends a link that unlocks the account: the new password signs in at once', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    await failTimes(user.userName, 5);
    const [mail] = await mailsTo(user.email);
    const token = resetTokenIn(mail!.text);
    expect((await app.request('GET', `/api/users/token/verify/${token}`)).body).toEqual({ valid: true, userName: user.userName });
    expect((await app.request('PUT', `/api/users/password/reset/${token}`, { body: { password: 'Fresh-Password-3' } })).status).toBe(200);
    const row = await userRow(app, user.userId);
    expect([row.lockedUntil, row.lockoutRounds, row.failedLoginCount, row.isLockedOut]).toEqual([null, 0, 0, false]);
    expect((await attempt(user.userName, 'Fresh-Password-3')).status).toBe(200);
  });

  it('sends no lock mail past the account’s hourly recovery mails', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    for (let i = 0; i < 3; i++) await app.request('GET', `/api/users/${user.userName}/password/recovery`, { headers: { 'x-forwarded-for': newAddress() } });
    await failTimes(user.userName, 5);
    expect(await mailsTo(user.email)).toHaveLength(3);
    expect((await userRow(app, user.userId)).lockedUntil).not.toBeNull();
  });
});

describe('an administrator’s lock', () => {
  it('answers like a wrong password, lasts whatever the wait, and unlocking (also a temporary lock) lets the user in', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const token = await login(app, admin.userName);
    const user = await createUser(app, license.licenseId);
    expect((await app.request('PUT', `/api/users/${user.userName}`, { token, body: { isLockedOut: true } })).status).toBe(200);
    expect(seen(await attempt(user.userName, PASSWORD))).toEqual(GENERIC);
    app.clock.advance(7 * 24 * 3_600_000);
    expect(seen(await attempt(user.userName, PASSWORD))).toEqual(GENERIC);
    const adminToken = await login(app, admin.userName);
    expect((await app.request('PUT', `/api/users/${user.userName}`, { token: adminToken, body: { isLockedOut: false } })).status).toBe(200);
    expect((await attempt(user.userName, PASSWORD)).status).toBe(200);

    // Unlocking a temporarily locked account clears its lock too.
    const other = await createUser(app, license.licenseId);
    await failTimes(other.userName, 5);
    expect((await app.request('PUT', `/api/users/${other.userName}`, { token: adminToken, body: { isLockedOut: false } })).status).toBe(200);
    const row = await userRow(app, other.userId);
    expect([row.lockedUntil, row.lockoutRounds]).toEqual([null, 0]);
    expect((await attempt(other.userName, PASSWORD)).status).toBe(200);
  });

  it('shows a temporary lock in the user view and the user list until it ends', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const token = await login(app, admin.userName);
    const user = await createUser(app, license.licenseId);
    await failTimes(user.userName, 5);
    const until = new Date(app.clock.now().getTime() + 60_000).toISOString();
    const view = await app.request('GET', `/api/users/${user.userName}`, { token });
    expect(view.body).toMatchObject({ isLockedOut: false, lockedUntil: until });
    const list = await app.request('GET', `/api/users?licenseId=${license.licenseId}&filter=${encodeURIComponent(user.userName)}`, { token });
    expect(list.body.items).toEqual([expect.objectContaining({ userName: user.userName, isLockedOut: false, lockedUntil: until })]);

    app.clock.advance(60_000);
    expect((await app.request('GET', `/api/users/${user.userName}`, { token })).body.lockedUntil).toBeNull();
  });
});

describe('two-factor codes', () => {
  async function challengeFor(user: { userName: string; email: string }) {
    const first = await attempt(user.userName, PASSWORD);
    expect(first.body.type).toBe('email');
    const code = /code is (\d{6})/.exec([...app.outbox].reverse().find((m) => m.to === user.email)!.text)![1]!;
    return { challenge: first.body.token as string, code };
  }
  const sendCode = (challenge: string, token: string) =>
    app.request('POST', '/api/login/2fa', { body: { challenge, token }, headers: { 'x-forwarded-for': newAddress() } });

  it('counts wrong codes toward the same lockout, and refuses a right code during the lock as it refuses a wrong one', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { twoFactorEnabled: true });
    const spare = await challengeFor(user);
    const { challenge, code } = await challengeFor(user);
    const wrongCode = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await sendCode(challenge, wrongCode)).status).toBe(400);
    const row = await userRow(app, user.userId);
    expect([row.lockoutRounds, row.lockedUntil?.getTime()]).toEqual([1, app.clock.now().getTime() + 60_000]);

    const refused = await sendCode(spare.challenge, spare.code);
    const wrong = await sendCode(spare.challenge, spare.code === '000000' ? '000001' : '000000');
    expect([refused.status, refused.text]).toEqual([400, JSON.stringify({ Message: AuthMessages.twoFactorInvalid })]);
    expect([wrong.status, wrong.text]).toEqual([refused.status, refused.text]);
    expect(seen(await attempt(user.userName, PASSWORD))).toEqual(GENERIC);

    app.clock.advance(60_000);
    expect((await sendCode(spare.challenge, spare.code)).status).toBe(200);
    expect((await userRow(app, user.userId)).lockoutRounds).toBe(0);
  });
});

describe('concurrent failures', () => {
  it('count exactly, and lock (and mail) once however many race', async () => {
    const license = await licenseWithPolicy({ MaxFailedAccessAttempts: 10 });
    const counted = await createUser(app, license.licenseId);
    const eight = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt(counted.userName, `race-${i}`)));
    expect(eight.map((a) => a.status)).toEqual(Array(8).fill(401));
    expect((await userRow(app, counted.userId)).failedLoginCount).toBe(8);

    const five = await licenseWithPolicy({ MaxFailedAccessAttempts: 5 });
    const raced = await createUser(app, five.licenseId);
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => attempt(raced.userName, `race-${i}`)));
    expect(new Set(answers.map((a) => JSON.stringify(seen(a)))).size).toBe(1);
    const row = await userRow(app, raced.userId);
    expect([row.lockoutRounds, row.failedLoginCount, row.lockedUntil?.getTime()]).toEqual([1, 0, app.clock.now().getTime() + 60_000]);
    expect(await mailsTo(raced.email)).toHaveLength(1);
    const locks = (await auditOf(raced.userId)).filter((r) => (r.after as Record<string, unknown> | null)?.event === 'locked for 60 s after failed sign-ins');
    expect(locks).toHaveLength(1);
  });
});

describe('the lockout settings in a licence’s UserPassword config', () => {
  it('are refused with the editor’s messages when the maximum wait is below the first or a wait is past a day', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const token = await login(app, admin.userName);
    const data = (wait: number, max: number) => ({
      configs: [
        {
          property: 'UserPassword',
          parameters: [
            { name: 'LockoutWaitSeconds', value: wait, inputType: 'positiveNumber' },
            { name: 'LockoutMaxWaitSeconds', value: max, inputType: 'positiveNumber' },
          ],
        },
      ],
    });
    const path = `/api/license/${license.licenseId}/configs`;
    const below = await app.request('POST', path, { token, body: { name: 'UserPassword', data: data(600, 60) } });
    expect([below.status, below.body.Message]).toEqual([400, ConfigMessages.lockoutMaxWaitBelowWait]);
    const long = await app.request('POST', path, { token, body: { name: 'UserPassword', data: data(60, 90_000) } });
    expect([long.status, long.body.Message]).toEqual([400, ConfigMessages.lockoutWaitTooLong]);
    const fine = await app.request('POST', path, { token, body: { name: 'UserPassword', data: data(30, 600) } });
    expect(fine.status).toBe(201);
    const rows = await app.deps.db
      .select()
      .from(t.configs)
      .where(and(eq(t.configs.licenseId, license.licenseId), eq(t.configs.name, 'UserPassword')));
    expect(rows).toHaveLength(1);
  });
});
