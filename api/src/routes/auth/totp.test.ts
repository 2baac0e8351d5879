import { eq, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { AuthMessages, FactorMessages } from 'contracts/auth/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { loadConfig } from '../../config';
import { startRefusals } from '../../server';
import { factorPolicyFor } from '../../domain/factors';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login, PASSWORD, userRow } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const STEP = 30_000;
/** The middle of a 30-second step, so that ±1 step is exact. */
function midStep() {
  const now = app.clock.now().getTime();
  app.clock.set(new Date(Math.floor(now / STEP) * STEP + STEP + 15_000));
}
const codeAt = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: app.clock.now().getTime() + offsetSteps * STEP,
  });
async function lastMailTo(to: string) {
  await app.deps.background.settled();
  return [...app.outbox].reverse().find((m) => m.to === to);
}

/** A user with a confirmed authenticator app: its secret, its recovery codes, a session token. */
async function totpUser(options: Parameters<typeof createUser>[2] = {}, licenseId?: number) {
  const license = licenseId ?? (await createLicense(app)).licenseId;
  // The e-mailed code is turned on after the set-up's own sign-in.
  const { twoFactorEnabled, ...values } = options;
  const user = await createUser(app, license, values);
  const token = await login(app, user.userName);
  const start = await app.request('POST', '/api/account/factors/totp', { token });
  expect(start.status).toBe(200);
  const secret = start.body.secret as string;
  midStep();
  const confirm = await app.request('POST', '/api/account/factors/totp/confirm', { token, body: { code: codeAt(secret) } });
  expect(confirm.status).toBe(200);
  // The next sign-in's code is of a later step than the confirming one.
  app.clock.advance(STEP);
  if (twoFactorEnabled) await app.deps.db.update(t.users).set({ twoFactorEnabled: true }).where(eq(t.users.userId, user.userId));
  return { user, secret, token, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

async function passwordStep(userName: string) {
  const answer = await app.request('POST', '/api/login', { body: { userName, password: PASSWORD } });
  expect(answer.status).toBe(200);
  return answer.body;
}

const secondStep = (challenge: string, token: string, method?: string) =>
  app.request('POST', '/api/login/2fa', { body: { challenge, token, ...(method ? { method } : {}) } });

describe('authenticator app set-up', () => {
  it('starts with a secret and a QR code, is confirmed by a first code, and answers ten recovery codes', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    const before = await app.request('GET', '/api/account/factors', { token });
    expect(before.body).toMatchObject({ totp: false, recoveryCodesLeft: 0, email: false, policy: 'optional', required: false });
    const start = await app.request('POST', '/api/account/factors/totp', { token });
    expect(start.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.body.otpauthUrl).toContain(`otpauth://totp/`);
    expect(start.body.otpauthUrl).toContain(`secret=${start.body.secret}`);
    expect(start.body.qrCode).toMatch(/^data:image\/png;base64,/);
    // Not yet an app: unconfirmed.
    expect((await app.request('GET', '/api/account/factors', { token })).body.totp).toBe(false);
    midStep();
    const wrong = await app.request('POST', '/api/account/factors/totp/confirm', { token, body: { code: codeAt(start.body.secret, 3) } });
    expect([wrong.status, wrong.body.Message]).toEqual([400, FactorMessages.totpInvalid]);
    const confirm = await app.request('POST', '/api/account/factors/totp/confirm', { token, body: { code: codeAt(start.body.secret) } });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(10);
    expect((await app.request('GET', '/api/account/factors', { token })).body).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    expect((await lastMailTo(user.email))?.subject).toContain('An authenticator app was set up');
    // A second app only after the first is removed.
    expect((await app.request('POST', '/api/account/factors/totp', { token })).status).toBe(409);
  });

  it('refuses a confirm without a started set-up, and a blank code with the message', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    expect((await app.request('POST', '/api/account/factors/totp/confirm', { token, body: { code: '123456' } })).body.Message).toBe(
      FactorMessages.totpNotStarted,
    );
    expect((await app.request('POST', '/api/account/factors/totp/confirm', { token, body: { code: ' ' } })).body.Message).toBe(FactorMessages.totpCodeRequired);
    expect((await app.request('POST', '/api/account/factors/totp', {})).status).toBe(401);
  });

  it('keeps the secret encrypted and never answers or logs it after the set-up, nor the recovery codes', async () => {
    const writes: string[] = [];
    const [out, err] = [process.stdout.write, process.stderr.write];
    // Every log line of the set-up and the sign-in, kept to be searched.
    process.stdout.write = process.stderr.write = ((chunk: unknown) => (writes.push(String(chunk)), true)) as typeof process.stdout.write;
    try {
      const { user, secret, token, recoveryCodes } = await totpUser();
      const [row] = await app.deps.db.select().from(t.totpFactors).where(eq(t.totpFactors.userId, user.userId));
      expect(row!.secretEncrypted).not.toContain(secret);
      expect(app.deps.factorCrypto.decrypt(row!.secretEncrypted)).toBe(secret);
      const hashes = await app.deps.db.select().from(t.recoveryCodes).where(eq(t.recoveryCodes.userId, user.userId));
      expect(hashes.map((h) => h.codeHash)).not.toContain(recoveryCodes[0]);
      const first = await passwordStep(user.userName);
      const done = await secondStep(first.token, codeAt(secret), 'totp');
      const factors = await app.request('GET', '/api/account/factors', { token });
      const audit = await app.deps.db
        .select()
        .from(t.auditLog)
        .where(or(eq(t.auditLog.actorUserId, user.userId), eq(t.auditLog.entityId, String(user.userId))));
      expect(audit.length).toBeGreaterThan(0);
      const seen = [JSON.stringify(first), done.text, factors.text, JSON.stringify(audit), writes.join('')].join('\n');
      expect(seen).not.toContain(secret);
      for (const code of recoveryCodes) expect(seen).not.toContain(code);
    } finally {
      process.stdout.write = out;
      process.stderr.write = err;
    }
  });
});

describe('signing in with the authenticator app', () => {
  it('answers the chooser’s challenge with the user’s factors, and a good code opens the session', async () => {
    const { user, secret } = await totpUser({ twoFactorEnabled: true });
    await app.deps.background.settled();
    const mails = app.outbox.length;
    const first = await passwordStep(user.userName);
    expect(first).toEqual({ type: 'factor', token: expect.any(String), userName: user.userName, factors: ['totp', 'recovery', 'email'] });
    // Nothing is e-mailed until the e-mailed code is chosen.
    expect(app.outbox.length).toBe(mails);
    const done = await secondStep(first.token, codeAt(secret), 'totp');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ type: 'totp', userName: user.userName, token: expect.any(String) });
    expect((await app.request('GET', '/api/verifysession/3', { token: done.body.token })).status).toBe(200);
  });

  it('keeps the spec’s e-mail reply for a user who has only the e-mailed code', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { twoFactorEnabled: true });
    expect(await passwordStep(user.userName)).toEqual({ type: 'email', token: expect.any(String), userName: user.userName });
  });

  it('refuses a wrong code and counts it toward the account’s lockout', async () => {
    const { user, secret } = await totpUser();
    const first = await passwordStep(user.userName);
    const wrong = await secondStep(first.token, codeAt(secret, 5), 'totp');
    expect([wrong.status, wrong.body.Message]).toEqual([400, AuthMessages.twoFactorInvalid]);
    expect((await userRow(app, user.userId)).failedLoginCount).toBe(1);
  });

  it('refuses a code used once already (a replay), also on a new challenge', async () => {
    const { user, secret } = await totpUser();
    const code = codeAt(secret);
    expect((await secondStep((await passwordStep(user.userName)).token, code, 'totp')).status).toBe(200);
    const replay = await secondStep((await passwordStep(user.userName)).token, code, 'totp');
    expect([replay.status, replay.body.Message]).toEqual([400, AuthMessages.twoFactorInvalid]);
    // An earlier step's code too.
    expect((await secondStep((await passwordStep(user.userName)).token, codeAt(secret, -1), 'totp')).status).toBe(400);
  });

  it('accepts the code of the step before and of the step after, and refuses two steps away', async () => {
    const { user, secret } = await totpUser();
    app.clock.advance(5 * STEP);
    expect((await secondStep((await passwordStep(user.userName)).token, codeAt(secret, -2), 'totp')).status).toBe(400);
    expect((await secondStep((await passwordStep(user.userName)).token, codeAt(secret, -1), 'totp')).status).toBe(200);
    app.clock.advance(5 * STEP);
    expect((await secondStep((await passwordStep(user.userName)).token, codeAt(secret, 2), 'totp')).status).toBe(400);
    expect((await secondStep((await passwordStep(user.userName)).token, codeAt(secret, 1), 'totp')).status).toBe(200);
  });

  it('refuses another user’s code on this user’s challenge', async () => {
    const mine = await totpUser();
    const theirs = await totpUser();
    const first = await passwordStep(mine.user.userName);
    const answer = await secondStep(first.token, codeAt(theirs.secret), 'totp');
    expect(answer.status).toBe(400);
    // Their recovery code neither.
    expect((await secondStep(first.token, theirs.recoveryCodes[0]!, 'recovery')).status).toBe(400);
  });

  it('refuses a good code after the challenge expired', async () => {
    const { user, secret } = await totpUser();
    const first = await passwordStep(user.userName);
    app.clock.advance(11 * 60_000);
    expect((await secondStep(first.token, codeAt(secret), 'totp')).status).toBe(400);
  });

  it('refuses a factor the user does not have', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { twoFactorEnabled: true });
    const first = await passwordStep(user.userName);
    expect((await secondStep(first.token, '123456', 'totp')).status).toBe(400);
  });

  it('sends the e-mailed code when it is chosen, once per challenge, and it completes the sign-in', async () => {
    const { user } = await totpUser({ twoFactorEnabled: true });
    const first = await passwordStep(user.userName);
    await app.deps.background.settled();
    const mails = app.outbox.length;
    const sent = await app.request('POST', '/api/login/2fa/email', { body: { challenge: first.token } });
    expect([sent.status, sent.body.Message]).toEqual([200, AuthMessages.emailSent]);
    await app.request('POST', '/api/login/2fa/email', { body: { challenge: first.token } });
    expect(app.outbox.length).toBe(mails + 1);
    const code = /code is (\d{6})/.exec((await lastMailTo(user.email))!.text)![1]!;
    const done = await secondStep(first.token, code, 'email');
    expect([done.status, done.body.type]).toEqual([200, 'email']);
  });

  it('sends no e-mailed code to a user who does not have it', async () => {
    const { user } = await totpUser();
    const first = await passwordStep(user.userName);
    expect((await app.request('POST', '/api/login/2fa/email', { body: { challenge: first.token } })).status).toBe(400);
  });
});

describe('recovery codes', () => {
  it('sign in once each, in any case and with or without the dash', async () => {
    const { user, recoveryCodes } = await totpUser();
    const code = recoveryCodes[0]!;
    const done = await secondStep((await passwordStep(user.userName)).token, code.toLowerCase().replace('-', ''), 'recovery');
    expect([done.status, done.body.type]).toEqual([200, 'recovery']);
    expect((await lastMailTo(user.email))?.text).toContain('9 codes are left');
    expect((await secondStep((await passwordStep(user.userName)).token, code, 'recovery')).status).toBe(400);
  });

  it('are replaced by new ones with the password again: the old ones stop working', async () => {
    const { user, token, recoveryCodes } = await totpUser();
    const wrong = await app.request('POST', '/api/account/factors/recovery-codes', { token, body: { password: 'not-it' } });
    expect([wrong.status, wrong.body.Message]).toEqual([400, AuthMessages.currentPasswordWrong]);
    const fresh = await app.request('POST', '/api/account/factors/recovery-codes', { token, body: { password: PASSWORD } });
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect(fresh.body.recoveryCodes).not.toContain(recoveryCodes[0]);
    expect((await secondStep((await passwordStep(user.userName)).token, recoveryCodes[0]!, 'recovery')).status).toBe(400);
    expect((await secondStep((await passwordStep(user.userName)).token, fresh.body.recoveryCodes[0], 'recovery')).status).toBe(200);
  });
});

describe('removing the authenticator app', () => {
  it('asks for the password, removes the app and its recovery codes, and mails the owner', async () => {
    const { user, token } = await totpUser();
    expect((await app.request('DELETE', '/api/account/factors/totp', { token, body: { password: 'not-it' } })).status).toBe(400);
    const removed = await app.request('DELETE', '/api/account/factors/totp', { token, body: { password: PASSWORD } });
    expect([removed.status, removed.body.Message]).toEqual([200, FactorMessages.totpRemoved]);
    expect((await lastMailTo(user.email))?.subject).toContain('Your authenticator app was removed');
    expect((await passwordStep(user.userName)).type).toBe('password');
    expect((await app.deps.db.select().from(t.recoveryCodes).where(eq(t.recoveryCodes.userId, user.userId))).length).toBe(0);
  });
});

describe('a licence’s second-factor policy', () => {
  it('opens a set-up session for a user who must have a factor: only the set-up calls answer until it is confirmed', async () => {
    const license = await createLicense(app, { secondFactorPolicy: 'everyone' });
    const user = await createUser(app, license.licenseId);
    const first = await passwordStep(user.userName);
    expect(first).toMatchObject({ type: 'password', mustSetUpFactor: true });
    const token = first.token as string;
    const elsewhere = await app.request('GET', `/api/users/${user.userName}`, { token });
    expect([elsewhere.status, elsewhere.body.Message]).toEqual([403, FactorMessages.setupOnly]);
    expect((await app.request('GET', '/api/account/factors', { token })).body).toMatchObject({ policy: 'everyone', required: true });
    const start = await app.request('POST', '/api/account/factors/totp', { token });
    midStep();
    expect((await app.request('POST', '/api/account/factors/totp/confirm', { token, body: { code: codeAt(start.body.secret) } })).status).toBe(200);
    expect((await app.request('GET', `/api/users/${user.userName}`, { token })).status).toBe(200);
  });

  it('requires a factor of administrators only under “administrators”, and never of single sign-on users', async () => {
    const license = await createLicense(app, { secondFactorPolicy: 'administrators' });
    const plain = await createUser(app, license.licenseId);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    expect((await passwordStep(plain.userName)).mustSetUpFactor).toBeUndefined();
    expect((await passwordStep(admin.userName)).mustSetUpFactor).toBe(true);
    expect((await factorPolicyFor(app.deps.db, { licenseId: license.licenseId, isSsoUser: true }, [Role.ACCESS_MY_CUSTOMER_LICENCE])).required).toBe(false);
  });

  it('refuses to remove the last factor the policy requires, and refuses set-up when the policy is off', async () => {
    const license = await createLicense(app, { secondFactorPolicy: 'everyone' });
    const { token } = await totpUser({}, license.licenseId);
    expect((await app.request('DELETE', '/api/account/factors/totp', { token, body: { password: PASSWORD } })).status).toBe(403);
    const off = await createLicense(app, { secondFactorPolicy: 'off' });
    const user = await createUser(app, off.licenseId);
    const start = await app.request('POST', '/api/account/factors/totp', { token: await login(app, user.userName) });
    expect([start.status, start.body.Message]).toEqual([403, FactorMessages.factorsOff]);
  });
});

describe('FACTOR_ENCRYPTION_KEY', () => {
  it('is required for a production start, and must be 32 bytes', () => {
    expect(startRefusals(loadConfig({}, '/srv/app'))[0]).toMatch(/FACTOR_ENCRYPTION_KEY is not set/);
    expect(startRefusals(loadConfig({ FACTOR_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }, '/srv/app'))).toEqual([]);
    expect(startRefusals(loadConfig({ DEMO: 'true' }, '/srv/app'))).toEqual([]);
    expect(() => loadConfig({ FACTOR_ENCRYPTION_KEY: 'too-short' })).toThrow(/FACTOR_ENCRYPTION_KEY must be 32 bytes/);
  });
});
