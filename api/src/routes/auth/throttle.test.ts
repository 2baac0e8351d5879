import { eq } from 'drizzle-orm';
import { AuthMessages } from 'contracts/auth/model';
import { GenericMessages } from 'contracts/common';
import * as t from '../../db/schema';
import { createThrottle, Limits } from '../../services/throttle';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, PASSWORD, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  // Behind a load balancer, so each test can be its own client address.
  app = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => app.close());

const from = (address: string) => ({ 'x-forwarded-for': `203.0.113.9, ${address}` });
let addressCounter = 0;
const newAddress = () => `198.51.100.${++addressCounter}`;

const loginAs = (userName: string, password: string, address: string) =>
  app.request('POST', '/api/login', { body: { userName, password }, headers: from(address) });

describe('a locked account', () => {
  it('answers the right and a wrong password as a wrong password, so guessing past the lockout learns nothing', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { isLockedOut: true, failedLoginCount: 5 });
    const right = await loginAs(user.userName, PASSWORD, newAddress());
    const wrong = await loginAs(user.userName, 'not-it', newAddress());
    expect(right.status).toBe(401);
    expect([wrong.status, wrong.text]).toEqual([right.status, right.text]);
    expect(right.body.Message).toBe(AuthMessages.badCredentials);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After to an address past its failures, even for the right password, and lets it in after the window', async () => {
    const license = await createLicense(app);
    const address = newAddress();
    const max = Limits.loginFailuresPerAddress.max;
    // Failures spread over unknown names, as a password-spraying client would.
    for (let i = 0; i < max; i++) expect((await loginAs(unique('ghost'), 'guess', address)).status).toBe(401);
    const user = await createUser(app, license.licenseId);
    const throttled = await loginAs(user.userName, PASSWORD, address);
    expect(throttled.status).toBe(429);
    expect(throttled.body.Message).toBe(GenericMessages.tooManyRequests);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await loginAs(user.userName, PASSWORD, newAddress())).status).toBe(200);
    app.clock.advance(Limits.loginFailuresPerAddress.windowMs);
    expect((await loginAs(user.userName, PASSWORD, address)).status).toBe(200);
    app.clock.set(new Date());
  });

  it('throttles one account from many addresses, also an unknown one, the same way', async () => {
    const name = unique('target');
    const max = Limits.loginFailuresPerAccount.max;
    for (let i = 0; i < max; i++) expect((await loginAs(name, 'guess', newAddress())).status).toBe(401);
    expect((await loginAs(name, 'guess', newAddress())).status).toBe(429);
    expect((await loginAs(name.toUpperCase(), 'guess', newAddress())).status).toBe(429);
  });

  it('does not count successful sign-ins', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const address = newAddress();
    for (let i = 0; i < Limits.loginFailuresPerAddress.max + 2; i++) expect((await loginAs(user.userName, PASSWORD, address)).status).toBe(200);
  });

  it('keeps the counts in the database, so two servers on one database count together', async () => {
    const other = createThrottle(app.deps.db, app.clock);
    const key = unique('shared');
    await app.deps.throttle.hit(Limits.loginFailuresPerAccount, key);
    expect((await other.hit(Limits.loginFailuresPerAccount, key)).hits).toBe(2);
    const rows = await app.deps.db
      .select()
      .from(t.throttles)
      .where(eq(t.throttles.key, `${Limits.loginFailuresPerAccount.name}:${key.toLowerCase()}`));
    expect(rows[0]?.hits).toBe(2);
  });

  it('counts concurrent failures exactly', async () => {
    const key = unique('race');
    await Promise.all(Array.from({ length: 20 }, () => app.deps.throttle.hit(Limits.loginFailuresPerAccount, key)));
    expect((await app.deps.throttle.peek(Limits.loginFailuresPerAccount, key)).hits).toBe(20);
  });
});

describe('two-factor throttling', () => {
  it('answers 429 to an address that keeps sending wrong codes', async () => {
    const address = newAddress();
    const challenge = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < Limits.codeFailuresPerAddress.max; i++) {
      const answer = await app.request('POST', '/api/login/2fa', { body: { token: '123456', challenge }, headers: from(address) });
      expect(answer.status).toBe(400);
    }
    const throttled = await app.request('POST', '/api/login/2fa', { body: { token: '123456', challenge }, headers: from(address) });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).not.toBeNull();
  });
});

describe('password recovery throttling', () => {
  it('answers 429 to an address past its recovery requests', async () => {
    const address = newAddress();
    for (let i = 0; i < Limits.recoveryPerAddress.max; i++) {
      expect((await app.request('GET', `/api/users/${unique('ghost')}/password/recovery`, { headers: from(address) })).status).toBe(200);
    }
    expect((await app.request('GET', `/api/users/${unique('ghost')}/password/recovery`, { headers: from(address) })).status).toBe(429);
  });

  it('sends an account at most the hourly number of links, with the same reply after the cap', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const answers = [];
    for (let i = 0; i < Limits.recoveryMailsPerAccount.max + 3; i++) {
      answers.push(await app.request('GET', `/api/users/${user.userName}/password/recovery`, { headers: from(newAddress()) }));
    }
    await app.deps.background.settled();
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    expect(app.outbox.filter((m) => m.to === user.email)).toHaveLength(Limits.recoveryMailsPerAccount.max);
  });

  it('answers a known user without waiting for the mail, as an unknown one', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const send = app.deps.mailer.send;
    // The mail server holds every message until the test lets it go.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let mailed = false;
    app.deps.mailer.send = async (message) => {
      await held;
      await send(message);
      mailed = true;
    };
    try {
      const known = await app.request('GET', `/api/users/${user.userName}/password/recovery`, { headers: from(newAddress()) });
      // Answered while its mail is still held: a reply that waited for the mail server would never come.
      expect(mailed).toBe(false);
      const unknown = await app.request('GET', `/api/users/${unique('ghost')}/password/recovery`, { headers: from(newAddress()) });
      expect(known.text).toBe(unknown.text);
      release();
      await app.deps.background.settled();
      expect(mailed).toBe(true);
      expect(app.outbox.some((m) => m.to === user.email)).toBe(true);
    } finally {
      app.deps.mailer.send = send;
    }
  });
});
