import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { generateKeyPairSync } from 'node:crypto';
import { AuthMessages, PasskeyMessages } from 'contracts/auth/model';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createApiKey, createLicense, createUser, login, PASSWORD, unique, userRow } from '../../../test/factories';
import { SoftAuthenticator } from '../../../test/webauthn';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const ORIGIN = 'http://console.test';
const lastMailTo = (to: string) => [...app.outbox].reverse().find((m) => m.to === to);

/** A user signed in with a password, and an authenticator of theirs. */
async function userWithAuthenticator(values: Parameters<typeof createUser>[2] = {}) {
  const license = await createLicense(app);
  const user = await createUser(app, license.licenseId, { email: `${unique('m')}@example.com`, ...values });
  const token = await login(app, user.userName);
  return { license, user, token, authenticator: new SoftAuthenticator({ origin: ORIGIN }) };
}

/** Registers a passkey named `name` through the API. */
async function register(token: string, authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = await app.request('POST', '/api/profile/passkeys/options', { token });
  expect(options.status).toBe(200);
  const { response } = authenticator.register(options.body.options);
  return app.request('POST', '/api/profile/passkeys', { token, body: { name, challengeId: options.body.challengeId, response } });
}

async function signInOptions(body: Record<string, unknown> = {}) {
  const answer = await app.request('POST', '/api/login/passkey/options', { body });
  expect(answer.status).toBe(200);
  return answer.body as { challengeId: string; options: { challenge: string; rpId: string; allowCredentials?: { id: string }[]; userVerification: string } };
}

const passkeyLogin = (challengeId: string, response: unknown) => app.request('POST', '/api/login/passkey', { body: { challengeId, response } });

describe('registering a passkey on the profile', () => {
  it('asks for a discoverable passkey with user verification and attestation none, for PUBLIC_URL’s host, and keeps it named', async () => {
    const { user, token, authenticator } = await userWithAuthenticator();
    const options = await app.request('POST', '/api/profile/passkeys/options', { token });
    expect(options.body.options).toMatchObject({
      rp: { id: 'console.test' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      user: { name: user.userName },
    });
    const { response } = authenticator.register(options.body.options);
    const added = await app.request('POST', '/api/profile/passkeys', {
      token,
      body: { name: '  Work laptop ', challengeId: options.body.challengeId, response },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: response.id,
      name: 'Work laptop',
      createdAt: app.clock.now().toISOString(),
      lastUsedAt: null,
      backedUp: false,
      deviceType: 'singleDevice',
    });
    const list = await app.request('GET', '/api/profile/passkeys', { token });
    expect(list.body).toEqual([added.body]);
    const [row] = await app.deps.db.select().from(t.passkeys).where(eq(t.passkeys.userId, user.userId));
    expect(row).toMatchObject({ counter: 0, transports: ['internal'], backedUp: false });
    // Excluded next time: the same authenticator is not registered twice.
    const again = await app.request('POST', '/api/profile/passkeys/options', { token });
    expect(again.body.options.excludeCredentials).toEqual([{ id: response.id, type: 'public-key', transports: ['internal'] }]);
    await app.deps.background.settled();
    expect(lastMailTo(user.email)?.subject).toBe('A passkey was added to your SiteSense account');
    expect(lastMailTo(user.email)?.text).toContain("passkey 'Work laptop'");
  });

  it('stores a synced passkey as multi-device and backed up', async () => {
    const { token } = await userWithAuthenticator();
    const added = await register(token, new SoftAuthenticator({ origin: ORIGIN, synced: true }));
    expect(added.body).toMatchObject({ backedUp: true, deviceType: 'multiDevice' });
  });

  it('refuses a name missing or too long, a used challenge, a wrong origin and an authenticator without user verification, and keeps nothing', async () => {
    const { user, token, authenticator } = await userWithAuthenticator();
    const options = await app.request('POST', '/api/profile/passkeys/options', { token });
    const { response } = authenticator.register(options.body.options);
    const noName = await app.request('POST', '/api/profile/passkeys', { token, body: { name: ' ', challengeId: options.body.challengeId, response } });
    expect([noName.status, noName.body.Message]).toEqual([400, PasskeyMessages.nameRequired]);
    const long = await app.request('POST', '/api/profile/passkeys', {
      token,
      body: { name: 'x'.repeat(101), challengeId: options.body.challengeId, response },
    });
    expect([long.status, long.body.Message]).toEqual([400, PasskeyMessages.nameTooLong]);
    // The name checks ran before the challenge was touched: it still works once.
    expect((await app.request('POST', '/api/profile/passkeys', { token, body: { name: 'A', challengeId: options.body.challengeId, response } })).status).toBe(
      201,
    );
    // Another passkey on the same challenge: spent.
    const replay = await app.request('POST', '/api/profile/passkeys', {
      token,
      body: { name: 'B', challengeId: options.body.challengeId, response: authenticator.register(options.body.options).response },
    });
    expect([replay.status, replay.body.Message]).toEqual([400, PasskeyMessages.addFailed]);

    const elsewhere = new SoftAuthenticator({ origin: 'http://evil.test' });
    expect((await register(token, elsewhere)).body.Message).toBe(PasskeyMessages.addFailed);
    const unverified = new SoftAuthenticator({ origin: ORIGIN, userVerified: false });
    expect((await register(token, unverified)).status).toBe(400);
    expect(await app.deps.db.select().from(t.passkeys).where(eq(t.passkeys.userId, user.userId))).toHaveLength(1);
  });

  it('answers another user’s registration challenge as unusable', async () => {
    const one = await userWithAuthenticator();
    const other = await userWithAuthenticator();
    const options = await app.request('POST', '/api/profile/passkeys/options', { token: one.token });
    const { response } = other.authenticator.register(options.body.options);
    const stolen = await app.request('POST', '/api/profile/passkeys', {
      token: other.token,
      body: { name: 'x', challengeId: options.body.challengeId, response },
    });
    expect([stolen.status, stolen.body.Message]).toEqual([400, PasskeyMessages.addFailed]);
  });

  it('is not for single sign-on users nor API keys', async () => {
    const license = await createLicense(app);
    const sso = await createUser(app, license.licenseId, { isSsoUser: true });
    const [session] = await app.deps.db
      .insert(t.sessions)
      .values({ userId: sso.userId, method: 'sso', expiresAt: new Date(app.clock.now().getTime() + 3_600_000) })
      .returning();
    const token = await app.deps.tokens.sign(
      { userId: sso.userId, userName: sso.userName, licenseId: license.licenseId, sessionId: session!.sessionId },
      session!.expiresAt,
    );
    const refused = await app.request('POST', '/api/profile/passkeys/options', { token });
    expect([refused.status, refused.body.Message]).toEqual([403, PasskeyMessages.ssoUsers]);
    const key = await createApiKey(app, license.licenseId);
    for (const [method, path] of [
      ['GET', '/api/profile/passkeys'],
      ['POST', '/api/profile/passkeys/options'],
    ] as const) {
      expect((await app.request(method, path, { headers: key.headers })).status).toBe(403);
    }
  });
});

describe('signing in with a passkey and no password', () => {
  it('opens a session like a password sign-in, with method passkey, and records the use', async () => {
    const { user, token, authenticator } = await userWithAuthenticator();
    await register(token, authenticator);
    const { challengeId, options } = await signInOptions();
    // Discoverable: no list of credentials, so no account is named before the passkey answers.
    expect(options).toMatchObject({ rpId: 'console.test', userVerification: 'required' });
    expect(options.allowCredentials).toBeUndefined();
    app.clock.advance(60_000);
    const answer = await passkeyLogin(challengeId, authenticator.assert(options));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'passkey', userName: user.userName, userId: user.userId, mustUpdatePassword: false });
    expect((await app.request('GET', '/api/verifysession/3', { token: answer.body.token })).status).toBe(200);
    const [session] = await app.deps.db.select().from(t.sessions).where(eq(t.sessions.sessionId, answer.body.sessionId));
    expect(session!.method).toBe('passkey');
    const [row] = await app.deps.db.select().from(t.passkeys).where(eq(t.passkeys.userId, user.userId));
    expect([row!.counter, row!.lastUsedAt?.getTime()]).toEqual([1, app.clock.now().getTime()]);
    expect((await app.request('GET', '/api/profile/passkeys', { token })).body[0].lastUsedAt).toBe(app.clock.now().toISOString());
  });

  it('goes through the same checks: an inactive user hears why, a forced password update is answered', async () => {
    const { user, token, authenticator } = await userWithAuthenticator({ mustUpdatePassword: true });
    await register(token, authenticator);
    let { challengeId, options } = await signInOptions();
    const forced = await passkeyLogin(challengeId, authenticator.assert(options));
    expect([forced.status, forced.body.mustUpdatePassword]).toEqual([200, true]);
    await app.deps.db.update(t.users).set({ isApproved: false }).where(eq(t.users.userId, user.userId));
    ({ challengeId, options } = await signInOptions());
    const inactive = await passkeyLogin(challengeId, authenticator.assert(options));
    expect([inactive.status, inactive.body.Message]).toEqual([403, AuthMessages.accountInactive]);
  });

  it('refuses a wrong signature, and counts it toward the account’s lockout', async () => {
    const { user, token, authenticator } = await userWithAuthenticator();
    await register(token, authenticator);
    const { challengeId, options } = await signInOptions();
    const forged = authenticator.assert(options, { signWith: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey });
    const answer = await passkeyLogin(challengeId, forged);
    expect(answer).toMatchObject({ status: 401, body: { Message: PasskeyMessages.signInFailed } });
    expect((await userRow(app, user.userId)).failedLoginCount).toBe(1);
  });

  it('refuses a replayed assertion: the challenge works once', async () => {
    const { token, authenticator } = await userWithAuthenticator();
    await register(token, authenticator);
    const { challengeId, options } = await signInOptions();
    const assertion = authenticator.assert(options);
    expect((await passkeyLogin(challengeId, assertion)).status).toBe(200);
    const replay = await passkeyLogin(challengeId, assertion);
    expect(replay).toMatchObject({ status: 401, body: { Message: PasskeyMessages.signInFailed } });
    // A new signature of the same challenge (a higher counter) is refused too: the challenge is spent.
    expect((await passkeyLogin(challengeId, authenticator.assert(options))).status).toBe(401);
    // Nor on a new challenge: the signature is of the old one.
    const fresh = await signInOptions();
    expect((await passkeyLogin(fresh.challengeId, assertion)).status).toBe(401);
  });

  it('refuses a counter that goes back (a cloned authenticator)', async () => {
    const { user, token, authenticator } = await userWithAuthenticator();
    await register(token, authenticator);
    let { challengeId, options } = await signInOptions();
    expect((await passkeyLogin(challengeId, authenticator.assert(options, { counter: 5 }))).status).toBe(200);
    ({ challengeId, options } = await signInOptions());
    const back = await passkeyLogin(challengeId, authenticator.assert(options, { counter: 3 }));
    expect(back.status).toBe(401);
    const [row] = await app.deps.db.select().from(t.passkeys).where(eq(t.passkeys.userId, user.userId));
    expect(row!.counter).toBe(5);
  });

  it('refuses an expired challenge', async () => {
    const { token, authenticator } = await userWithAuthenticator();
    await register(token, authenticator);
    const { challengeId, options } = await signInOptions();
    app.clock.advance(5 * 60_000 + 1000);
    expect((await passkeyLogin(challengeId, authenticator.assert(options))).status).toBe(401);
  });

  it('refuses an unknown passkey, a wrong origin, and any passkey of a locked account', async () => {
    const { user, token, authenticator } = await userWithAuthenticator();
    await register(token, authenticator);
    let { challengeId, options } = await signInOptions();
    const stranger = new SoftAuthenticator({ origin: ORIGIN });
    stranger.register({ challenge: 'x', rp: { id: 'console.test' }, user: { id: 'eHg' } });
    expect((await passkeyLogin(challengeId, stranger.assert(options))).status).toBe(401);
    ({ challengeId, options } = await signInOptions());
    expect((await passkeyLogin(challengeId, authenticator.assert(options, { origin: 'http://evil.test' }))).status).toBe(401);
    await app.deps.db
      .update(t.users)
      .set({ lockedUntil: new Date(app.clock.now().getTime() + 60_000) })
      .where(eq(t.users.userId, user.userId));
    ({ challengeId, options } = await signInOptions());
    const locked = await passkeyLogin(challengeId, authenticator.assert(options));
    expect(locked).toMatchObject({ status: 401, body: { Message: PasskeyMessages.signInFailed } });
  });

  it('refuses malformed answers with a 4xx, never a 500', async () => {
    const { challengeId } = await signInOptions();
    for (const response of [
      {},
      { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'not base64 json' } },
      'text',
      { id: 'x'.repeat(5000) },
    ]) {
      const answer = await passkeyLogin(challengeId, response);
      expect([400, 401]).toContain(answer.status);
    }
    expect((await passkeyLogin('not-a-challenge', {})).status).toBe(400);
  });
});

describe('a passkey as the second factor after the password', () => {
  it('answers a factor step instead of mailing a code, and the passkey completes the sign-in', async () => {
    const { user, token, authenticator } = await userWithAuthenticator();
    await register(token, authenticator);
    await app.deps.db.update(t.users).set({ twoFactorEnabled: true }).where(eq(t.users.userId, user.userId));
    await app.deps.background.settled();
    const mails = app.outbox.length;
    const step = await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(step.body).toEqual({ type: 'factor', token: expect.any(String), userName: user.userName, factors: ['passkey'] });
    expect(app.outbox.length).toBe(mails);
    const { challengeId, options } = await signInOptions({ token: step.body.token });
    expect(challengeId).toBe(step.body.token);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id.toString('base64url')]);
    const answer = await passkeyLogin(challengeId, authenticator.assert(options));
    expect([answer.status, answer.body.type, answer.body.userName]).toEqual([200, 'passkey', user.userName]);
    // The ticket is spent.
    expect((await app.request('POST', '/api/login/passkey/options', { body: { token: step.body.token } })).status).toBe(400);
  });

  it('refuses another user’s passkey for this user’s step, and counts it against this user', async () => {
    const { user, token, authenticator } = await userWithAuthenticator();
    await register(token, authenticator);
    await app.deps.db.update(t.users).set({ twoFactorEnabled: true }).where(eq(t.users.userId, user.userId));
    const other = await userWithAuthenticator();
    await register(other.token, other.authenticator);
    const step = await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } });
    const { challengeId, options } = await signInOptions({ token: step.body.token });
    const answer = await passkeyLogin(challengeId, other.authenticator.assert(options));
    expect(answer).toMatchObject({ status: 401, body: { Message: PasskeyMessages.signInFailed } });
    expect((await userRow(app, user.userId)).failedLoginCount).toBe(1);
    expect((await userRow(app, other.user.userId)).failedLoginCount).toBe(0);
  });

  it('keeps the e-mailed code for a two-factor user without a passkey', async () => {
    const { user } = await userWithAuthenticator();
    await app.deps.db.update(t.users).set({ twoFactorEnabled: true }).where(eq(t.users.userId, user.userId));
    const step = await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(step.body.type).toBe('email');
  });
});

describe('a passkey beside an authenticator app: the chooser', () => {
  /** Sets up an authenticator app for the signed-in user through the API. */
  async function setUpApp(token: string) {
    const start = await app.request('POST', '/api/account/factors/totp', { token });
    const step = 30_000;
    app.clock.set(new Date(Math.floor(app.clock.now().getTime() / step) * step + step + 15_000));
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(start.body.secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: app.clock.now().getTime(),
    });
    expect((await app.request('POST', '/api/account/factors/totp/confirm', { token, body: { code } })).status).toBe(200);
    app.clock.advance(step);
  }

  it('offers the passkey first among the factors, and a passkey chosen completes the sign-in', async () => {
    const { user, token, authenticator } = await userWithAuthenticator();
    await register(token, authenticator);
    await setUpApp(token);
    const step = await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(step.body).toEqual({ type: 'factor', token: expect.any(String), userName: user.userName, factors: ['passkey', 'totp', 'recovery'] });
    const ticket = await app.request('POST', '/api/login/2fa/passkey', { body: { challenge: step.body.token } });
    expect([ticket.status, ticket.body.token]).toEqual([200, expect.any(String)]);
    const { challengeId, options } = await signInOptions({ token: ticket.body.token });
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id.toString('base64url')]);
    const answer = await passkeyLogin(challengeId, authenticator.assert(options));
    expect([answer.status, answer.body.type, answer.body.userName]).toEqual([200, 'passkey', user.userName]);
  });

  it('gives no ticket for a user without a passkey, nor for an unknown challenge (400)', async () => {
    const { user, token } = await userWithAuthenticator();
    await setUpApp(token);
    const step = await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(step.body.factors).toEqual(['totp', 'recovery']);
    for (const challenge of [step.body.token, '00000000-0000-4000-8000-000000000000', 'not-a-challenge']) {
      const answer = await app.request('POST', '/api/login/2fa/passkey', { body: { challenge } });
      expect([answer.status, answer.body.Message]).toEqual([400, AuthMessages.twoFactorInvalid]);
    }
  });
});

describe('renaming and removing a passkey', () => {
  it('renames one’s own passkey; another user’s is a 404', async () => {
    const { token, authenticator } = await userWithAuthenticator();
    const added = await register(token, authenticator);
    const renamed = await app.request('PUT', `/api/profile/passkeys/${added.body.id}`, { token, body: { name: 'Phone' } });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Phone']);
    const other = await userWithAuthenticator();
    expect((await app.request('PUT', `/api/profile/passkeys/${added.body.id}`, { token: other.token, body: { name: 'Mine' } })).status).toBe(404);
  });

  it('removes only after the password or a fresh passkey confirms it, and mails the owner', async () => {
    const { user, token, authenticator } = await userWithAuthenticator();
    const first = await register(token, authenticator, 'One');
    const second = await register(token, authenticator, 'Two');
    const bare = await app.request('POST', `/api/profile/passkeys/${first.body.id}/remove`, { token, body: {} });
    expect([bare.status, bare.body.Message]).toEqual([400, PasskeyMessages.confirmRemoval]);
    const wrong = await app.request('POST', `/api/profile/passkeys/${first.body.id}/remove`, { token, body: { password: 'not-it' } });
    expect([wrong.status, wrong.body.Message]).toEqual([400, PasskeyMessages.confirmFailed]);
    const other = await userWithAuthenticator();
    expect((await app.request('POST', `/api/profile/passkeys/${first.body.id}/remove`, { token: other.token, body: { password: PASSWORD } })).status).toBe(404);
    expect(await app.request('GET', '/api/profile/passkeys', { token }).then((a) => a.body.length)).toBe(2);

    const removed = await app.request('POST', `/api/profile/passkeys/${first.body.id}/remove`, { token, body: { password: PASSWORD } });
    expect([removed.status, removed.body.Message]).toEqual([200, PasskeyMessages.removed]);
    await app.deps.background.settled();
    expect(lastMailTo(user.email)?.subject).toBe('A passkey was removed from your SiteSense account');

    // With a fresh assertion of a passkey of one's own (not another user's).
    const confirm = await app.request('POST', '/api/profile/passkeys/confirm/options', { token });
    const foreign = await app.request('POST', '/api/profile/passkeys/confirm/options', { token });
    other.authenticator.register({ challenge: 'x', rp: { id: 'console.test' }, user: { id: 'eHg' } });
    const byOther = await app.request('POST', `/api/profile/passkeys/${second.body.id}/remove`, {
      token,
      body: { challengeId: foreign.body.challengeId, response: other.authenticator.assert(foreign.body.options) },
    });
    expect(byOther.status).toBe(400);
    const assertion = authenticator.assert(confirm.body.options, { credential: authenticator.credentials[1] });
    const byPasskey = await app.request('POST', `/api/profile/passkeys/${second.body.id}/remove`, {
      token,
      body: { challengeId: confirm.body.challengeId, response: assertion },
    });
    expect(byPasskey.status).toBe(200);
    expect((await app.request('GET', '/api/profile/passkeys', { token })).body).toEqual([]);
  });
});

describe('what passkeys leave in replies, the audit trail and the logs', () => {
  it('holds no public key, signature or challenge', async () => {
    const written: string[] = [];
    const [out, err] = [process.stdout.write, process.stderr.write];
    const capture = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stdout.write;
    process.stdout.write = capture;
    process.stderr.write = capture;
    try {
      const { user, token, authenticator } = await userWithAuthenticator();
      const added = await register(token, authenticator);
      const { challengeId, options } = await signInOptions();
      const assertion = authenticator.assert(options);
      const signedIn = await passkeyLogin(challengeId, assertion);
      await passkeyLogin(challengeId, assertion);
      const list = await app.request('GET', '/api/profile/passkeys', { token });
      const [row] = await app.deps.db.select().from(t.passkeys).where(eq(t.passkeys.userId, user.userId));
      const trail = JSON.stringify(await app.deps.db.select().from(t.auditLog));
      const secrets = [row!.publicKey, assertion.response.signature, assertion.response.clientDataJSON, options.challenge];
      for (const text of [added.text, signedIn.text, list.text, trail, written.join('')]) {
        for (const secret of secrets) expect(text).not.toContain(secret);
      }
      const challenges = await app.deps.db.select().from(t.webauthnChallenges).where(eq(t.webauthnChallenges.challengeId, challengeId));
      expect(challenges[0]!.challengeHash).not.toBe(options.challenge);
    } finally {
      process.stdout.write = out;
      process.stderr.write = err;
    }
  });
});
