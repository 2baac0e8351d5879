import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { AuthMessages } from 'contracts/auth/model';
import { GenericMessages } from 'contracts/common';
import { ApiKeyMessages, UserGroupMessages, UserMessages } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import { createApp } from '../app';
import * as t from '../db/schema';
import type { Logger } from '../deps';
import { LOGGED_MESSAGE_MAX } from '../services/log';
import { Limits } from '../services/throttle';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createUser, login, unique } from '../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/**
 * Random lower-case text: no compression shortens it (so the database meets its full length),
 * and a lower-cased copy in a log is the same text.
 */
const randomText = (length: number) => randomBytes(length).toString('base64url').toLowerCase().slice(0, length);

/** Every 20-character piece of `value`: a log that holds none of them holds no part of it worth reading. */
const pieces = (value: string) => Array.from({ length: Math.floor(value.length / 20) }, (_, i) => value.slice(i * 20, i * 20 + 20));

/** The app with a logger whose lines the test reads (request lines too, as outside the tests). */
function loggedApp(extend?: (hono: Hono) => void) {
  const lines: string[] = [];
  const capture = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push(JSON.stringify({ level, message, ...fields }));
  const log: Logger = { info: capture('info'), warn: capture('warn'), error: capture('error') };
  const { app: hono } = createApp({ ...app.deps, log, config: { ...app.deps.config, nodeEnv: 'development' } }, { extend });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await hono.request(`http://console.test${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  return { lines, call, logged: () => lines.join('\n').toLowerCase() };
}

const ADMIN = [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_API_KEYS];

async function licenseWithAdmin() {
  const license = await createLicense(app);
  const admin = await createUser(app, license.licenseId, { roles: ADMIN });
  return { license, token: await login(app, admin.userName) };
}

const userForm = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  firstName: 'Nina',
  lastName: 'Ortiz',
  email: 'nina@example.test',
  ...extra,
});

describe('a long user name at login', () => {
  it('answers 400 with the field’s message before any database work, and logs none of the name', async () => {
    const { call, logged } = loggedApp();
    const name = randomText(2800);
    const throttleRows = async () => (await app.deps.db.select({ n: count() }).from(t.throttles))[0]!.n;
    const before = await throttleRows();
    const answer = await call('POST', '/api/login', { userName: name, password: 'wrong password' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ userName: AuthMessages.userNameTooLong });
    expect(await throttleRows()).toBe(before);
    for (const piece of pieces(name)) expect(logged()).not.toContain(piece);
  });

  it('still answers a user name at the bound as a wrong sign-in', async () => {
    const answer = await app.request('POST', '/api/login', { body: { userName: randomText(256), password: 'wrong password' } });
    expect(answer.status).toBe(401);
    const password = await app.request('POST', '/api/login', { body: { userName: unique('nobody'), password: 'x'.repeat(257) } });
    expect(password.status).toBe(400);
    expect(password.body.errors).toEqual({ password: AuthMessages.loginPasswordTooLong });
  });

  it('never makes the throttle fail, whatever the length of what it counts', async () => {
    const subject = randomText(100_000);
    expect((await app.deps.throttle.hit(Limits.loginFailuresPerAccount, subject)).hits).toBe(1);
    expect((await app.deps.throttle.hit(Limits.loginFailuresPerAccount, subject.toUpperCase())).hits).toBe(2);
    expect((await app.deps.throttle.peek(Limits.loginFailuresPerAccount, subject)).hits).toBe(2);
    const long = await app.deps.db
      .select()
      .from(t.throttles)
      .where(sql`length(${t.throttles.key}) > 300`);
    expect(long).toEqual([]);
  });
});

describe('an unexpected error in the log', () => {
  const secret = randomText(2800);
  let probe: ReturnType<typeof loggedApp>;
  beforeAll(() => {
    probe = loggedApp((hono) => {
      // A failed query whose parameter is the value: drivers and drizzle carry the parameters.
      hono.post('/probe/insert', async (c) => {
        const { value } = await c.req.json<{ value: string }>();
        await app.deps.db.insert(t.throttles).values({ key: value, windowStart: new Date(), hits: 1 });
        return c.text('unreachable');
      });
      hono.post('/probe/select', async (c) => {
        const { value } = await c.req.json<{ value: string }>();
        await app.deps.db.execute(sql`select ${value} from no_such_table`);
        return c.text('unreachable');
      });
      // An error whose message quotes the value, on a line that looks like a stack frame.
      hono.post('/probe/message', async (c) => {
        const { value } = await c.req.json<{ value: string }>();
        throw new TypeError(`Cannot read\n    at ${value}`);
      });
    });
  });
  const errorLines = () => probe.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.level === 'error');

  it('logs the database’s error by class, code and message, never the query’s parameters', async () => {
    for (const path of ['/probe/insert', '/probe/select']) {
      probe.lines.length = 0;
      const answer = await probe.call('POST', path, { value: secret });
      expect(answer).toEqual({ status: 500, body: { Message: GenericMessages.unexpected, traceId: expect.any(String) } });
      const [line, ...more] = errorLines();
      expect(more).toEqual([]);
      expect(line).toMatchObject({ message: 'unhandled error', error: expect.stringMatching(/^DatabaseError [0-9A-Z]{5}: /) });
      for (const piece of pieces(secret)) expect(probe.logged()).not.toContain(piece);
      expect(probe.logged()).not.toContain('params');
    }
  });

  it('cuts a message that may quote a value to a few hundred characters', async () => {
    probe.lines.length = 0;
    expect((await probe.call('POST', '/probe/message', { value: secret })).status).toBe(500);
    const [line] = errorLines();
    expect(line!.error).toMatch(/^TypeError: Cannot read\n/);
    expect(line!.stack).toMatch(/^at /);
    expect(String(line!.error).length).toBeLessThanOrEqual(LOGGED_MESSAGE_MAX);
    expect(probe.logged()).not.toContain(secret.slice(0, LOGGED_MESSAGE_MAX));
    // The stack holds its frames only, never the message again.
    const { stack, ...fields } = line!;
    for (const value of Object.values(fields)) expect(String(value).length).toBeLessThanOrEqual(LOGGED_MESSAGE_MAX);
    for (const piece of pieces(secret)) expect(String(stack)).not.toContain(piece);
  });
});

describe('names with invisible or control characters', () => {
  it.each([
    ['a zero-width space', 'ab\u200bcd'],
    ['a right-to-left override', '\u202egnp.exe'],
  ])('refuses %s in a user’s user name, first and last name', async (_, name) => {
    const { token } = await licenseWithAdmin();
    const userName = `${unique('u')}${name}`;
    const byName = await app.request('POST', `/api/users/${encodeURIComponent(userName)}`, { token, body: userForm(userName) });
    expect(byName.status).toBe(400);
    expect(byName.body.errors).toEqual({ userName: UserMessages.userNameInvisible });
    const plain = unique('u');
    const byFirst = await app.request('POST', `/api/users/${plain}`, { token, body: userForm(plain, { firstName: `Ni${name}na`, lastName: name }) });
    expect(byFirst.status).toBe(400);
    expect(byFirst.body.errors).toEqual({ firstName: UserMessages.firstNameInvisible, lastName: UserMessages.lastNameInvisible });
    expect((await app.deps.db.select().from(t.users).where(eq(t.users.userName, plain))).length).toBe(0);
  });

  it.each([
    ['a zero-width space', 'Crew\u200b'],
    ['a right-to-left override', '\u202egnp.exe'],
  ])('refuses %s in a user group’s and an API key’s name', async (_, name) => {
    const { license, token } = await licenseWithAdmin();
    const group = await app.request('POST', '/api/userGroup/create', { token, body: { LicenseId: license.licenseId, Name: name } });
    expect(group.status).toBe(400);
    expect(group.body.errors).toEqual({ Name: UserGroupMessages.nameInvisible });
    const key = await app.request('POST', '/api/apikeys', { token, body: { name, licenseId: license.licenseId, isActive: true, allProjects: false } });
    expect(key.status).toBe(400);
    expect(key.body.errors).toEqual({ name: ApiKeyMessages.nameInvisible });
    expect(await app.deps.db.select().from(t.userGroups).where(eq(t.userGroups.licenseId, license.licenseId))).toEqual([]);
    expect(await app.deps.db.select().from(t.apiKeys).where(eq(t.apiKeys.licenseId, license.licenseId))).toEqual([]);

    const made = await app.request('POST', '/api/apikeys', { token, body: { name: unique('Key'), licenseId: license.licenseId } });
    expect(made.status).toBe(201);
    const renamed = await app.request('PUT', `/api/apikeys/${made.body.apiKeyId}`, { token, body: { name } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toEqual({ name: ApiKeyMessages.nameInvisible });
    const madeGroup = await app.request('POST', '/api/userGroup/create', { token, body: { LicenseId: license.licenseId, Name: unique('Crew') } });
    expect(madeGroup.status).toBe(201);
    const renamedGroup = await app.request('POST', '/api/userGroup/update/details', { token, body: { userGroupId: madeGroup.body.userGroupId, name } });
    expect(renamedGroup.status).toBe(400);
    expect(renamedGroup.body.errors).toEqual({ name: UserGroupMessages.nameInvisible });
  });
});

describe('too-long values', () => {
  it('answers a too-long field of the user form with 400 and the field’s message', async () => {
    const { license, token } = await licenseWithAdmin();
    const userName = unique('long');
    const answer = await app.request('POST', `/api/users/${userName}`, {
      token,
      body: userForm(userName, { firstName: 'N'.repeat(101), comment: 'c'.repeat(2001) }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe(UserMessages.firstNameTooLong);
    expect(answer.body.errors).toEqual({ firstName: UserMessages.firstNameTooLong, comment: UserMessages.commentTooLong });
    expect((await app.deps.db.select().from(t.users).where(eq(t.users.userName, userName))).length).toBe(0);
    const user = await createUser(app, license.licenseId);
    const update = await app.request('PUT', `/api/users/${user.userName}`, {
      token,
      body: { lastName: 'O'.repeat(101), email: `${'e'.repeat(250)}@example.test` },
    });
    expect(update.status).toBe(400);
    expect(update.body.errors).toEqual({ lastName: UserMessages.lastNameTooLong, email: UserMessages.emailTooLong });
  });
});
