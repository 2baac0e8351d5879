import { and, eq } from 'drizzle-orm';
import { AuthMessages, passwordTooLong, passwordTooShort } from 'contracts/auth/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, PASSWORD, unique, userRow } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const lastMailTo = (to: string) => [...app.outbox].reverse().find((m) => m.to === to);

describe('POST login', () => {
  it('opens a session and answers the token, roles and where to go next', async () => {
    const license = await createLicense(app);
    const project = await createProject(app, license.licenseId);
    const user = await createUser(app, license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS], projects: [project.projectId] });
    const answer = await app.request('POST', '/api/login', { body: { userName: user.userName.toUpperCase(), password: PASSWORD } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      type: 'password',
      userName: user.userName,
      licenseId: license.licenseId,
      roles: [Role.MENU_ADMIN_TOOL_ACCESS],
      mustUpdatePassword: false,
      userHasNoProjects: false,
      ssoUrl: null,
    });
    expect(answer.body.exp).toBe(Math.floor(app.clock.now().getTime() / 1000) + 8 * 3600);
    const verify = await app.request('GET', '/api/verifysession/3', { token: answer.body.token });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ valid: true, userName: user.userName, exp: answer.body.exp });
    expect((await userRow(app, user.userId)).lastLoginDate).not.toBeNull();
  });

  it('says userHasNoProjects for a user with no project, directly or through a group', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const answer = await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(answer.body.userHasNoProjects).toBe(true);
    const project = await createProject(app, license.licenseId);
    const [group] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('g'), licenseId: license.licenseId })
      .returning();
    await app.deps.db.insert(t.userGroupProjects).values({ userGroupId: group!.userGroupId, projectId: project.projectId });
    await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId: user.userId });
    const again = await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(again.body.userHasNoProjects).toBe(false);
  });

  it('answers the spec’s messages for missing fields, and 400 for a body that is not JSON', async () => {
    expect((await app.request('POST', '/api/login', { body: { userName: ' ', password: 'x' } })).body.Message).toBe(AuthMessages.userNameRequired);
    expect((await app.request('POST', '/api/login', { body: { userName: 'someone' } })).body.Message).toBe(AuthMessages.passwordRequired);
    const notJson = await app.request('POST', '/api/login', { body: '{"userName":' });
    expect(notJson.status).toBe(400);
  });

  it('refuses a wrong password and an unknown user alike, without echoing the password', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const wrong = await app.request('POST', '/api/login', { body: { userName: user.userName, password: 'not-the-password' } });
    const unknown = await app.request('POST', '/api/login', { body: { userName: unique('nobody'), password: 'not-the-password' } });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual({ Message: AuthMessages.badCredentials });
    expect(unknown.body).toEqual({ Message: AuthMessages.badCredentials });
    expect(wrong.text).not.toContain('not-the-password');
  });

  it(
    'locks the account for a while after the policy’s number of failures in a row, answering as for a ' + 'wrong password (lockout.test.ts has the rest)',
    async () => {
      const license = await createLicense(app);
      const user = await createUser(app, license.licenseId);
      for (let i = 1; i <= 5; i++) {
        const answer = await app.request('POST', '/api/login', { body: { userName: user.userName, password: `wrong-${i}` } });
        expect([answer.status, answer.body.Message]).toEqual([401, AuthMessages.badCredentials]);
      }
      const row = await userRow(app, user.userId);
      expect([row.isLockedOut, row.lockedUntil?.getTime()]).toEqual([false, app.clock.now().getTime() + 60_000]);
      const right = await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } });
      expect([right.status, right.body.Message]).toEqual([401, AuthMessages.badCredentials]);
    },
  );

  it('takes the lockout limit from the licence’s UserPassword config', async () => {
    const license = await createLicense(app);
    await app.deps.db.insert(t.configs).values({
      name: 'UserPassword',
      isLicense: true,
      licenseId: license.licenseId,
      data: { configs: [{ property: 'UserPassword', parameters: [{ name: 'MaxFailedAccessAttempts', value: 2 }] }] },
    });
    const user = await createUser(app, license.licenseId);
    expect((await app.request('POST', '/api/login', { body: { userName: user.userName, password: 'bad' } })).status).toBe(401);
    expect((await userRow(app, user.userId)).lockedUntil).toBeNull();
    expect((await app.request('POST', '/api/login', { body: { userName: user.userName, password: 'bad' } })).status).toBe(401);
    expect((await userRow(app, user.userId)).lockedUntil).not.toBeNull();
  });

  it('resets the failure count after a good login', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    for (let i = 0; i < 4; i++) await app.request('POST', '/api/login', { body: { userName: user.userName, password: 'bad' } });
    await login(app, user.userName);
    expect((await userRow(app, user.userId)).failedLoginCount).toBe(0);
  });

  it('refuses inactive users, and users of an inactive or expired licence, but lets a super administrator in', async () => {
    const license = await createLicense(app);
    const inactive = await createUser(app, license.licenseId, { isApproved: false });
    expect((await app.request('POST', '/api/login', { body: { userName: inactive.userName, password: PASSWORD } })).body.Message).toBe(
      AuthMessages.accountInactive,
    );

    const expired = await createLicense(app, { expiryDate: new Date(app.clock.now().getTime() - 1000) });
    const ordinary = await createUser(app, expired.licenseId);
    const superAdmin = await createUser(app, expired.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const refused = await app.request('POST', '/api/login', { body: { userName: ordinary.userName, password: PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe(AuthMessages.licenseExpired);
    expect((await app.request('POST', '/api/login', { body: { userName: superAdmin.userName, password: PASSWORD } })).status).toBe(200);

    const off = await createLicense(app, { isActive: false });
    const offUser = await createUser(app, off.licenseId);
    expect((await app.request('POST', '/api/login', { body: { userName: offUser.userName, password: PASSWORD } })).body.Message).toBe(
      AuthMessages.licenseInactive,
    );
  });

  it('answers mustUpdatePassword for a user who has to choose a new password', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { mustUpdatePassword: true });
    const answer = await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(answer.body.mustUpdatePassword).toBe(true);
  });
});

describe('tokens and sessions', () => {
  it('refuses a token after its exp with 412 and the session-expired message', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    app.clock.advance(8 * 3_600_000 - 1000);
    expect((await app.request('GET', '/api/roles/user', { token })).status).toBe(200);
    app.clock.advance(2000);
    const late = await app.request('GET', '/api/roles/user', { token });
    expect(late.status).toBe(412);
    expect(late.body.Message).toBe(AuthMessages.sessionExpired);
    app.clock.set(new Date());
  });

  it('refuses a forged or tampered token with 401', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${signature}`;
    expect((await app.request('GET', '/api/roles/user', { token: tampered })).status).toBe(401);
    expect((await app.request('GET', '/api/roles/user', { token: 'not-a-token' })).status).toBe(401);
    expect((await app.request('GET', '/api/roles/user')).status).toBe(401);
  });

  it('PUT logout revokes the session on the server: the same token is refused afterwards', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    const out = await app.request('PUT', '/api/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ Message: AuthMessages.loggedOut, ssoLogoutUrl: null });
    const after = await app.request('GET', '/api/verifysession/3', { token });
    expect(after.status).toBe(412);
    expect(after.body.Message).toBe(AuthMessages.sessionEnded);
  });

  it('ends sessions of a user who is locked or deactivated while signed in', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    await app.deps.db.update(t.users).set({ isLockedOut: true }).where(eq(t.users.userId, user.userId));
    const answer = await app.request('GET', '/api/roles/user', { token });
    expect(answer.status).toBe(412);
    expect(answer.body.Message).toBe(AuthMessages.accountLocked);
  });

  it('GET roles/user answers direct roles and those of the user’s groups', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS] });
    const [group] = await app.deps.db
      .insert(t.userGroups)
      .values({ name: unique('g'), licenseId: license.licenseId })
      .returning();
    const [role] = await app.deps.db.select().from(t.roles).where(eq(t.roles.name, Role.ADMINISTER_SITE));
    await app.deps.db.insert(t.userGroupRoles).values({ userGroupId: group!.userGroupId, roleId: role!.roleId });
    await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId: user.userId });
    const token = await login(app, user.userName);
    const answer = await app.request('GET', '/api/roles/user', { token });
    expect(answer.body.roles).toEqual([Role.ADMINISTER_SITE, Role.MENU_ADMIN_TOOL_ACCESS]);
  });
});

describe('two-factor e-mail step', () => {
  async function twoFactorUser() {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { twoFactorEnabled: true });
    const first = await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ type: 'email', token: expect.any(String), userName: user.userName });
    const code = /code is (\d{6})/.exec(lastMailTo(user.email)!.text)![1]!;
    return { user, challenge: first.body.token as string, code };
  }

  it('e-mails a code that completes the sign-in once', async () => {
    const { challenge, code, user } = await twoFactorUser();
    const done = await app.request('POST', '/api/login/2fa', { body: { token: ` ${code} `, challenge } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ type: 'email', userName: user.userName, token: expect.any(String) });
    const again = await app.request('POST', '/api/login/2fa', { body: { token: code, challenge } });
    expect(again.status).toBe(400);
    expect(again.body.Message).toBe(AuthMessages.twoFactorInvalid);
  });

  it('refuses a wrong code, and ends the challenge after five wrong ones', async () => {
    const { challenge, code } = await twoFactorUser();
    const wrongCode = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const wrong = await app.request('POST', '/api/login/2fa', { body: { token: wrongCode, challenge } });
      expect(wrong.status).toBe(400);
    }
    expect((await app.request('POST', '/api/login/2fa', { body: { token: code, challenge } })).status).toBe(400);
  });

  it('refuses a code after it expires', async () => {
    const { challenge, code } = await twoFactorUser();
    app.clock.advance(11 * 60_000);
    expect((await app.request('POST', '/api/login/2fa', { body: { token: code, challenge } })).status).toBe(400);
    app.clock.set(new Date());
  });

  it('asks for the code when it is blank', async () => {
    const answer = await app.request('POST', '/api/login/2fa', { body: { token: '  ', challenge: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe(AuthMessages.twoFactorRequired);
  });
});

describe('password recovery and reset', () => {
  async function resetLinkFor(userName: string, email: string) {
    const answer = await app.request('GET', `/api/users/${encodeURIComponent(userName)}/password/recovery`);
    expect(answer.status).toBe(200);
    expect(answer.body.Message).toBe(AuthMessages.emailSent);
    await app.deps.background.settled();
    const link = /https?:\/\/\S+/.exec(lastMailTo(email)!.text)![0];
    return new URL(link).searchParams.get('token')!;
  }

  it('e-mails a link that is valid, sets a new password once, and ends every session of the user', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const oldSession = await login(app, user.userName);
    const token = await resetLinkFor(user.userName, user.email);
    expect(lastMailTo(user.email)!.text).toContain('http://console.test/users/password/reset?token=');
    expect((await app.request('GET', `/api/users/token/verify/${token}`)).body).toEqual({ valid: true, userName: user.userName });

    const short = await app.request('PUT', `/api/users/password/reset/${token}`, { body: { password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.Message).toBe(passwordTooShort(8));

    const done = await app.request('PUT', `/api/users/password/reset/${token}`, { body: { password: '  New-Password-1  ' } });
    expect(done.status).toBe(200);
    expect(done.body.Message).toBe(AuthMessages.passwordResetDone);
    expect((await app.request('GET', `/api/users/token/verify/${token}`)).body).toEqual({ valid: false });
    const reuse = await app.request('PUT', `/api/users/password/reset/${token}`, { body: { password: 'Another-Password-2' } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.Message).toBe(AuthMessages.invalidLink);

    expect((await app.request('GET', '/api/roles/user', { token: oldSession })).status).toBe(412);
    await login(app, user.userName, 'New-Password-1');
    expect((await app.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } })).status).toBe(401);
  });

  it('unlocks a locked account and clears mustUpdatePassword', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { isLockedOut: true, mustUpdatePassword: true, failedLoginCount: 5 });
    const token = await resetLinkFor(user.userName, user.email);
    expect((await app.request('PUT', `/api/users/password/reset/${token}`, { body: { password: 'Fresh-Password-3' } })).status).toBe(200);
    const row = await userRow(app, user.userId);
    expect([row.isLockedOut, row.mustUpdatePassword, row.failedLoginCount]).toEqual([false, false, 0]);
  });

  it('makes a link invalid after 24 hours', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await resetLinkFor(user.userName, user.email);
    app.clock.advance(24 * 3_600_000 + 1000);
    expect((await app.request('GET', `/api/users/token/verify/${token}`)).body.valid).toBe(false);
    expect((await app.request('PUT', `/api/users/password/reset/${token}`, { body: { password: 'Fresh-Password-3' } })).body.Message).toBe(
      AuthMessages.invalidLink,
    );
    app.clock.set(new Date());
  });

  it('spends every earlier link when one is used', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const first = await resetLinkFor(user.userName, user.email);
    const second = await resetLinkFor(user.userName, user.email);
    expect((await app.request('PUT', `/api/users/password/reset/${second}`, { body: { password: 'Fresh-Password-3' } })).status).toBe(200);
    expect((await app.request('GET', `/api/users/token/verify/${first}`)).body.valid).toBe(false);
  });

  it('answers the same for an unknown user and sends nothing', async () => {
    const before = app.outbox.length;
    const answer = await app.request('GET', `/api/users/${unique('ghost')}/password/recovery`);
    expect(answer.status).toBe(200);
    expect(answer.body.Message).toBe(AuthMessages.emailSent);
    await app.deps.background.settled();
    expect(app.outbox.length).toBe(before);
  });

  it('applies the licence’s policy to the new password, and serves that policy for the link', async () => {
    const license = await createLicense(app);
    await app.deps.db.insert(t.configs).values({
      name: 'UserPassword',
      isLicense: true,
      licenseId: license.licenseId,
      data: {
        configs: [
          {
            property: 'UserPassword',
            parameters: [
              { name: 'RequiredLength', value: 12 },
              { name: 'RequiredDigits', value: 1 },
            ],
          },
        ],
      },
    });
    const user = await createUser(app, license.licenseId);
    const token = await resetLinkFor(user.userName, user.email);
    const policy = await app.request('GET', `/api/users/password/config?token=${token}`);
    expect(policy.body).toMatchObject({ RequiredLength: 12, RequiredDigits: 1 });
    expect((await app.request('GET', '/api/users/password/config')).body).toMatchObject({ RequiredLength: 8, RequiredDigits: 0 });
    const tooShort = await app.request('PUT', `/api/users/password/reset/${token}`, { body: { password: 'Short-1' } });
    expect(tooShort.body.Message).toBe(passwordTooShort(12));
    const noDigit = await app.request('PUT', `/api/users/password/reset/${token}`, { body: { password: 'No-digits-in-here' } });
    expect(noDigit.body.Message).toBe('Must contain at least 1 digit.');
  });

  it('rejects an unknown link with the spec’s message', async () => {
    const answer = await app.request('PUT', '/api/users/password/reset/not-a-real-link', { body: { password: 'Fresh-Password-3' } });
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe(AuthMessages.invalidLink);
  });
});

describe('PUT users/{username}/password', () => {
  it('lets a user who must update their password set it, clearing the flag and keeping the session', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId, { mustUpdatePassword: true });
    const token = await login(app, user.userName);
    const weak = await app.request('PUT', `/api/users/${user.userName}/password`, {
      token,
      body: { mode: 'manual', password: 'short', currentPassword: PASSWORD },
    });
    expect(weak.body.Message).toBe(passwordTooShort(8));
    const done = await app.request('PUT', `/api/users/${user.userName}/password`, {
      token,
      body: { mode: 'manual', password: 'My-Own-Password-4', currentPassword: PASSWORD },
    });
    expect(done.status).toBe(200);
    expect((await userRow(app, user.userId)).mustUpdatePassword).toBe(false);
    expect((await app.request('GET', '/api/verifysession/3', { token })).status).toBe(200);
    await login(app, user.userName, 'My-Own-Password-4');
  });

  it('needs the current password to change one’s own, so a borrowed session cannot take the account', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    const missing = await app.request('PUT', `/api/users/${user.userName}/password`, { token, body: { mode: 'manual', password: 'Taken-Over-123' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ Message: AuthMessages.currentPasswordRequired, errors: { currentPassword: AuthMessages.currentPasswordRequired } });
    const wrong = await app.request('PUT', `/api/users/${user.userName}/password`, {
      token,
      body: { mode: 'manual', password: 'Taken-Over-123', currentPassword: 'a-guess' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toBe(AuthMessages.currentPasswordWrong);
    await login(app, user.userName);
  });

  it('refuses a password longer than 128 characters with a message', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    const long = 'Aa1-'.repeat(33);
    const answer = await app.request('PUT', `/api/users/${user.userName}/password`, {
      token,
      body: { mode: 'manual', password: long, currentPassword: PASSWORD },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe(passwordTooLong(128));
    expect(answer.text).not.toContain(long);
  });

  it('lets an administrator e-mail a generated password the user must change', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ADMINISTER_USER_CREATE_UPDATE] });
    const user = await createUser(app, license.licenseId);
    const token = await login(app, admin.userName);
    const answer = await app.request('PUT', `/api/users/${user.userName}/password`, { token, body: { mode: 'auto' } });
    expect(answer.status).toBe(200);
    const password = /password is:\n\n(\S+)/.exec(lastMailTo(user.email)!.text)![1]!;
    const session = await app.request('POST', '/api/login', { body: { userName: user.userName, password } });
    expect(session.body.mustUpdatePassword).toBe(true);
  });

  it('refuses SSO users with the spec’s message', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ADMINISTER_USER_CREATE_UPDATE] });
    const sso = await createUser(app, license.licenseId, { isSsoUser: true, password: null });
    const token = await login(app, admin.userName);
    const answer = await app.request('PUT', `/api/users/${sso.userName}/password`, { token, body: { mode: 'link' } });
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe(AuthMessages.ssoPasswordsNotManaged);
  });
});

describe('GET user/{username}/getSsoUrl', () => {
  it('answers null for a password user and for an unknown name', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    expect((await app.request('GET', `/api/user/${user.userName}/getSsoUrl`)).body).toEqual({ ssoUrl: null });
    expect((await app.request('GET', `/api/user/${unique('nobody')}/getSsoUrl`)).body).toEqual({ ssoUrl: null });
  });
});

describe('the audit trail', () => {
  it('records sign-ins and password changes with the actor, never a secret', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await login(app, user.userName);
    await app.request('PUT', `/api/users/${user.userName}/password`, {
      token,
      body: { mode: 'manual', password: 'Audited-Password-5', currentPassword: PASSWORD },
    });
    const rows = await app.deps.db.select().from(t.auditLog).where(eq(t.auditLog.actorUserId, user.userId));
    expect(rows.map((r) => [r.method, r.path, r.entity])).toEqual(
      expect.arrayContaining([
        ['POST', '/api/login', 'session'],
        ['PUT', `/api/users/${user.userName}/password`, 'user'],
      ]),
    );
    expect(JSON.stringify(rows)).not.toContain('Audited-Password-5');
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  it('never keeps a reset link’s token, not even in the path', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    await app.request('GET', `/api/users/${user.userName}/password/recovery`);
    await app.deps.background.settled();
    const token = new URL(/https?:\/\/\S+/.exec(lastMailTo(user.email)!.text)![0]).searchParams.get('token')!;
    await app.request('PUT', `/api/users/password/reset/${token}`, { body: { password: 'Secret-Safe-Password-7' } });
    const rows = await app.deps.db.select().from(t.auditLog).where(eq(t.auditLog.actorUserId, user.userId));
    expect(rows.map((r) => r.path)).toContain('/api/users/password/reset/[redacted]');
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('records failed logins against the account', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    await app.request('POST', '/api/login', { body: { userName: user.userName, password: 'bad' } });
    const rows = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'user'), eq(t.auditLog.entityId, String(user.userId))));
    expect(rows[0]).toMatchObject({ status: 401, before: { failedLoginCount: 0 }, after: { failedLoginCount: 1, event: 'failed sign-in' } });
  });
});
