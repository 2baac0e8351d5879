/**
 * Sign-in calls (contract area auth): password and single sign-on login, the two-factor
 * e-mail step, logout, session checks, roles of the user, password recovery and reset,
 * and the password policy.
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { AuthMessages } from 'shared/messages';
import { SessionReplySchema, TwoFactorReplySchema } from 'shared/api-schemas';
import { LoginSchema, RecoverySchema, resetPasswordBodySchema, SsoLoginSchema, TwoFactorSchema } from 'shared/schemas';
import { timingSafeEqual } from 'node:crypto';
import { licenses, passwordResetTokens, sessions, ssoTokenUses, twoFactorChallenges, users } from '../../db/schema';
import { badRequest, forbidden, HttpError, unauthorized } from '../../http/errors';
import { defineRoute, parseBody, publicAccess, signedIn } from '../../http/route';
import { normalizeIssuer } from '../../services/sso';
import { sha256, sixDigitCode } from '../../services/secrets';
import {
  assertMaySignIn,
  findUserByName,
  openSession,
  passwordPolicyFor,
  revokeSessionsOf,
  sendResetLink,
  type UserRow,
} from './auth.service';
import type { AppDeps } from '../../deps';
import { clientAddress } from '../../http/client-address';
import { Limits, tooManyRequests } from '../../services/throttle';
import type { AuditEntry } from '../../http/audit';

const TWO_FACTOR_MAX_ATTEMPTS = 5;

const MessageSchema = v.object({ Message: v.string() });

const codeHash = (challengeId: string, code: string) => sha256(`${challengeId}:${code}`);

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function passwordLogin(deps: AppDeps, input: v.InferOutput<typeof LoginSchema>, audit: (e: AuditEntry) => void, address: string) {
  const account = input.userName.trim();
  // Throttled before the password is even checked: past the limit, a right guess looks like a wrong one.
  await deps.throttle.assertUnder([Limits.loginFailuresPerAddress, address], [Limits.loginFailuresPerAccount, account]);
  const failed = async () => {
    await deps.throttle.hit(Limits.loginFailuresPerAddress, address);
    await deps.throttle.hit(Limits.loginFailuresPerAccount, account);
  };
  const user = await findUserByName(deps.db, input.userName);
  const usable = user && !user.isSsoUser && user.passwordHash;
  const ok = await deps.passwords.verify(input.password, usable ? user.passwordHash : null);
  if (!user || !usable) {
    await failed();
    audit({ entity: 'login', after: { result: 'unknown user or no password' } });
    throw unauthorized(AuthMessages.badCredentials);
  }
  const actor = { userId: user.userId, userName: user.userName };
  // Once locked, the right and a wrong password get the same answer: guessing on is pointless.
  if (user.isLockedOut) {
    if (!ok) await failed();
    throw forbidden(AuthMessages.accountLocked);
  }
  if (!ok) {
    await failed();
    const policy = await passwordPolicyFor(deps.db, user.licenseId);
    const failures = user.failedLoginCount + 1;
    const lock = policy.MaxFailedAccessAttempts > 0 && failures >= policy.MaxFailedAccessAttempts;
    const now = deps.clock.now();
    await deps.db
      .update(users)
      .set(lock ? { failedLoginCount: failures, isLockedOut: true, lastLockedDate: now } : { failedLoginCount: failures })
      .where(eq(users.userId, user.userId));
    audit({ entity: 'user', entityId: user.userId, actor, before: { failedLoginCount: user.failedLoginCount }, after: { failedLoginCount: failures, isLockedOut: lock } });
    throw lock ? forbidden(AuthMessages.accountLocked) : unauthorized(AuthMessages.badCredentials);
  }
  const roleNames = await assertMaySignIn(deps, user);
  if (user.twoFactorEnabled) return startTwoFactor(deps, user, audit);
  const reply = await openSession(deps, user, roleNames, 'password');
  audit({ entity: 'session', entityId: reply.sessionId, actor, after: { method: 'password', userName: user.userName } });
  return reply;
}

async function startTwoFactor(deps: AppDeps, user: UserRow, audit: (e: AuditEntry) => void) {
  if (!user.email) throw forbidden(AuthMessages.recoveryEmailRequired);
  const now = deps.clock.now();
  const code = sixDigitCode();
  const [challenge] = await deps.db
    .insert(twoFactorChallenges)
    .values({ userId: user.userId, codeHash: 'pending', createdAt: now, expiresAt: new Date(now.getTime() + deps.config.twoFactorTtlMinutes * 60_000) })
    .returning({ challengeId: twoFactorChallenges.challengeId });
  const challengeId = challenge!.challengeId;
  await deps.db.update(twoFactorChallenges).set({ codeHash: codeHash(challengeId, code) }).where(eq(twoFactorChallenges.challengeId, challengeId));
  await deps.mailer.send({
    to: user.email,
    subject: `Your ${deps.config.productName} sign-in code`,
    text:
      `Your sign-in code is ${code}.\n\n` +
      `It works once, for ${deps.config.twoFactorTtlMinutes} minutes. If you did not try to sign in, change your password.`,
  });
  audit({ entity: 'two-factor', entityId: challengeId, actor: { userId: user.userId, userName: user.userName }, after: { sentTo: user.email } });
  return { type: 'email' as const, token: challengeId, userName: user.userName };
}

async function ssoLogin(deps: AppDeps, input: v.InferOutput<typeof SsoLoginSchema>, audit: (e: AuditEntry) => void) {
  const issuer = deps.sso.claimedIssuer(input.cognitoJwt);
  const candidates = issuer
    ? (await deps.db.select().from(licenses).where(sql`${licenses.ssoUrl} is not null and ${licenses.ssoClientId} is not null`)).filter(
        (license) => normalizeIssuer(license.ssoUrl!) === issuer,
      )
    : [];
  if (!issuer || candidates.length === 0) throw unauthorized(AuthMessages.ssoTokenInvalid);
  // Licences of one provider may use different client ids: the token's audience picks one.
  let claims: Awaited<ReturnType<AppDeps['sso']['verify']>> | undefined;
  let verifiedFor: (typeof candidates)[number] | undefined;
  for (const license of candidates) {
    try {
      claims = await deps.sso.verify(input.cognitoJwt, issuer, license.ssoClientId!);
      verifiedFor = license;
      break;
    } catch (error) {
      deps.log.warn('id_token refused', { issuer, reason: (error as Error).name });
    }
  }
  if (!claims || !verifiedFor) throw unauthorized(AuthMessages.ssoTokenInvalid);
  if (claims.nonce !== undefined && claims.nonce !== input.nonce) throw unauthorized(AuthMessages.ssoTokenInvalid);
  // An id_token signs in once: a copied one cannot open a second session.
  const firstUse = await deps.db
    .insert(ssoTokenUses)
    .values({ tokenHash: sha256(input.cognitoJwt), expiresAt: new Date((claims.exp ?? 0) * 1000) })
    .onConflictDoNothing()
    .returning({ tokenHash: ssoTokenUses.tokenHash });
  if (firstUse.length === 0) throw unauthorized(AuthMessages.ssoTokenInvalid);
  const licenseIds = candidates.filter((l) => l.ssoClientId === verifiedFor!.ssoClientId).map((l) => l.licenseId);
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  const names = [claims.preferred_username, claims.sub].filter((n): n is string => typeof n === 'string').map((n) => n.toLowerCase());
  const matches = await deps.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isSsoUser, true),
        inArray(users.licenseId, licenseIds),
        or(
          names.length > 0 ? inArray(sql`lower(${users.userName})`, names) : sql`false`,
          email ? eq(sql`lower(${users.email})`, email) : sql`false`,
        ),
      ),
    )
    .limit(2);
  if (matches.length !== 1) throw unauthorized(AuthMessages.ssoNoAccount);
  const user = matches[0]!;
  const roleNames = await assertMaySignIn(deps, user);
  const relogUrl = await deps.sso.authorizeUrl(issuer, verifiedFor.ssoClientId!).catch(() => null);
  const reply = await openSession(deps, user, roleNames, 'sso', { issuer, relogUrl });
  if (user.isSsoInitial) await deps.db.update(users).set({ isSsoInitial: false }).where(eq(users.userId, user.userId));
  audit({ entity: 'session', entityId: reply.sessionId, actor: { userId: user.userId, userName: user.userName }, after: { method: 'sso', issuer } });
  return reply;
}

/** A live reset link's row, or undefined. */
async function liveResetLink(deps: AppDeps, token: string) {
  if (!token || token.length > 200) return undefined;
  const [row] = await deps.db
    .select({ tokenHash: passwordResetTokens.tokenHash, userId: users.userId, userName: users.userName, licenseId: users.licenseId, isSsoUser: users.isSsoUser })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.userId, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, deps.clock.now())))
    .limit(1);
  return row && !row.isSsoUser ? row : undefined;
}

const tokenParam = v.object({ token: v.pipe(v.string(), v.maxLength(200)) });
const userNameParam = v.object({ username: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(256)) });

export const authRoutes = [
  defineRoute({
    method: 'POST',
    path: 'login',
    area: 'auth',
    summary: 'Sign in with a user name and password, or with a single sign-on id_token (cognitoJwt).',
    description:
      'Answers the session, or `{ type: "email", token }` when the user has two-factor sign-in: the code goes by e-mail and the token names the challenge for `POST login/2fa`. Repeated wrong passwords lock the account (policy MaxFailedAccessAttempts).',
    access: publicAccess('Signing in is how a caller gets a session.'),
    bodyDoc: v.union([LoginSchema, SsoLoginSchema]),
    response: v.union([SessionReplySchema, TwoFactorReplySchema]),
    answers: {
      400: 'a field is missing',
      401: 'wrong user name or password, or an id_token that does not verify',
      403: 'locked (whatever the password), inactive, or licence inactive or expired',
      429: 'too many failed sign-ins from this address or for this account; Retry-After says when to try again',
    },
    async handler({ c, deps, audit, json }) {
      const raw = await c.req.json().catch(() => {
        throw badRequest(AuthMessages.highlightedFieldsRequired);
      });
      const isSso = raw !== null && typeof raw === 'object' && 'cognitoJwt' in raw;
      const address = clientAddress(c, deps.config.trustProxy);
      const reply = isSso
        ? await ssoLogin(deps, parseBody(SsoLoginSchema, raw), audit)
        : await passwordLogin(deps, parseBody(LoginSchema, raw), audit, address);
      return json(reply);
    },
  }),

  defineRoute({
    method: 'POST',
    path: 'login/2fa',
    area: 'auth',
    summary: 'Complete a two-factor sign-in with the e-mailed code.',
    description: 'The code works once, before it expires (TWO_FACTOR_TTL_MINUTES), and five wrong codes end the challenge.',
    access: publicAccess('The e-mailed code and the challenge are the credentials.'),
    body: TwoFactorSchema,
    response: SessionReplySchema,
    answers: { 400: 'wrong, used or expired code', 429: 'too many wrong codes from this address or for this account' },
    async handler({ c, deps, body, audit, json }) {
      const now = deps.clock.now();
      const address = clientAddress(c, deps.config.trustProxy);
      await deps.throttle.assertUnder([Limits.codeFailuresPerAddress, address]);
      const wrong = async (userId?: number) => {
        await deps.throttle.hit(Limits.codeFailuresPerAddress, address);
        if (userId !== undefined) await deps.throttle.hit(Limits.codeFailuresPerAccount, String(userId));
        return badRequest(AuthMessages.twoFactorInvalid);
      };
      if (!/^[0-9a-f-]{36}$/i.test(body.challenge)) throw await wrong();
      const [challenge] = await deps.db
        .select()
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.challengeId, body.challenge))
        .limit(1);
      if (!challenge || challenge.usedAt || challenge.expiresAt <= now || challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
        throw await wrong(challenge?.userId);
      }
      await deps.throttle.assertUnder([Limits.codeFailuresPerAccount, String(challenge.userId)]);
      if (!sameHash(codeHash(challenge.challengeId, body.token), challenge.codeHash)) {
        await deps.db
          .update(twoFactorChallenges)
          .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
          .where(eq(twoFactorChallenges.challengeId, challenge.challengeId));
        audit({ entity: 'two-factor', entityId: challenge.challengeId, after: { result: 'wrong code' } });
        throw await wrong(challenge.userId);
      }
      // Spend the challenge first: of two requests racing with the right code, one wins.
      const spent = await deps.db
        .update(twoFactorChallenges)
        .set({ usedAt: now })
        .where(and(eq(twoFactorChallenges.challengeId, challenge.challengeId), isNull(twoFactorChallenges.usedAt)))
        .returning({ id: twoFactorChallenges.challengeId });
      if (spent.length === 0) throw badRequest(AuthMessages.twoFactorInvalid);
      const [user] = await deps.db.select().from(users).where(eq(users.userId, challenge.userId));
      if (!user) throw badRequest(AuthMessages.twoFactorInvalid);
      const roleNames = await assertMaySignIn(deps, user);
      const reply = await openSession(deps, user, roleNames, 'email');
      audit({ entity: 'session', entityId: reply.sessionId, actor: { userId: user.userId, userName: user.userName }, after: { method: 'two-factor e-mail' } });
      return json(reply);
    },
  }),

  defineRoute({
    method: 'PUT',
    path: 'logout',
    area: 'auth',
    summary: 'End the session on the server: its token is refused from now on.',
    description: 'Answers the single sign-on provider’s logout URL for SSO sessions, where the console goes next.',
    access: signedIn,
    response: v.object({ Message: v.string(), ssoLogoutUrl: v.nullable(v.string()) }),
    async handler({ deps, caller, audit, json }) {
      const now = deps.clock.now();
      const [session] = await deps.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(eq(sessions.sessionId, caller.sessionId))
        .returning({ ssoIssuer: sessions.ssoIssuer });
      let ssoLogoutUrl: string | null = null;
      if (session?.ssoIssuer) {
        const [license] = await deps.db.select({ clientId: licenses.ssoClientId }).from(licenses).where(eq(licenses.licenseId, caller.licenseId));
        if (license?.clientId) ssoLogoutUrl = await deps.sso.logoutUrl(session.ssoIssuer, license.clientId);
      }
      audit({ entity: 'session', entityId: caller.sessionId, before: { revokedAt: null }, after: { revokedAt: now } });
      return json({ Message: AuthMessages.loggedOut, ssoLogoutUrl });
    },
  }),

  defineRoute({
    method: 'GET',
    path: 'verifysession/3',
    area: 'auth',
    summary: 'Is the stored session still valid? 200 with its details, 412 when it has ended.',
    access: signedIn,
    response: v.object({ valid: v.literal(true), userName: v.string(), licenseId: v.number(), exp: v.number(), roles: v.array(v.string()) }),
    handler: ({ caller, json }) =>
      json({ valid: true, userName: caller.userName, licenseId: caller.licenseId, exp: caller.exp, roles: [...caller.roles].sort() }),
  }),

  defineRoute({
    method: 'GET',
    path: 'roles/user',
    area: 'auth',
    summary: 'Role names of the signed-in user, direct and through user groups.',
    access: signedIn,
    response: v.object({ roles: v.array(v.string()) }),
    handler: ({ caller, json }) => json({ roles: [...caller.roles].sort() }),
  }),

  defineRoute({
    method: 'GET',
    path: 'users/{username}/password/recovery',
    area: 'auth',
    summary: 'E-mail a password reset link (valid 24 hours, usable once) to the user.',
    description:
      'Answers the same, in the same time, for an unknown user name, so that the call does not tell which accounts exist: the mail goes after the reply. Single sign-on users get no link. An account gets at most 3 links an hour; past that the reply is the same and no mail goes.',
    access: publicAccess('A forgotten password is recovered without a session; the link goes only to the address on file.'),
    params: v.object({ username: v.pipe(v.string(), v.trim(), v.nonEmpty(AuthMessages.recoveryUserNameRequired), v.maxLength(256)) }),
    response: MessageSchema,
    answers: { 429: 'too many recovery requests from this address' },
    async handler({ c, deps, params, audit, json }) {
      const address = clientAddress(c, deps.config.trustProxy);
      const fromAddress = await deps.throttle.hit(Limits.recoveryPerAddress, address);
      if (fromAddress.hits > Limits.recoveryPerAddress.max) throw tooManyRequests(fromAddress.retryAfter);
      parseBody(RecoverySchema, { userName: params.username });
      // The same work for known and unknown names (one look-up, one count), and the mail is
      // sent after the reply: neither the answer nor its timing tells whether an account exists.
      const user = await findUserByName(deps.db, params.username);
      const mails = await deps.throttle.hit(Limits.recoveryMailsPerAccount, params.username.trim());
      if (user && !user.isSsoUser && user.email && mails.hits <= Limits.recoveryMailsPerAccount.max) {
        deps.background.run('password recovery mail', () => sendResetLink(deps, user, 'Someone, hopefully you, asked to reset your password.'));
        audit({ entity: 'password-reset-link', entityId: user.userId, actor: { userId: user.userId, userName: user.userName }, after: { sentTo: user.email } });
      } else {
        deps.log.info('password recovery without a link', { known: Boolean(user), capped: mails.hits > Limits.recoveryMailsPerAccount.max });
      }
      return json({ Message: AuthMessages.emailSent });
    },
  }),

  defineRoute({
    method: 'GET',
    path: 'users/token/verify/{token}',
    area: 'auth',
    summary: 'Is a password reset link valid (issued within 24 hours and not used)?',
    access: publicAccess('Checks a reset link, which is itself the credential.'),
    params: tokenParam,
    response: v.object({ valid: v.boolean(), userName: v.optional(v.string()) }),
    async handler({ deps, params, json }) {
      const link = await liveResetLink(deps, params.token);
      return json(link ? { valid: true, userName: link.userName } : { valid: false });
    },
  }),

  defineRoute({
    method: 'PUT',
    path: 'users/password/reset/{token}',
    area: 'auth',
    summary: 'Set a new password from a reset link; the link is spent and every session of the user ends.',
    access: publicAccess('The reset link is the credential.'),
    params: tokenParam,
    bodyDoc: v.object({ password: v.string() }),
    response: MessageSchema,
    answers: { 400: "the password breaks the policy, or 'Invalid Link! Click here to get a new one.'" },
    async handler({ c, deps, params, audit, json }) {
      const link = await liveResetLink(deps, params.token);
      if (!link) throw badRequest(AuthMessages.invalidLink);
      const policy = await passwordPolicyFor(deps.db, link.licenseId);
      const raw = await c.req.json().catch(() => ({}));
      const { password } = parseBody(resetPasswordBodySchema(policy), raw);
      const hash = await deps.passwords.hash(password);
      const now = deps.clock.now();
      const spent = await deps.db.transaction(async (tx) => {
        const used = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.tokenHash, link.tokenHash), isNull(passwordResetTokens.usedAt)))
          .returning({ userId: passwordResetTokens.userId });
        if (used.length === 0) return false;
        await tx
          .update(users)
          .set({ passwordHash: hash, lastPasswordChangeDate: now, mustUpdatePassword: false, failedLoginCount: 0, isLockedOut: false })
          .where(eq(users.userId, link.userId));
        // Other links sent before this reset must not work any more.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, link.userId), isNull(passwordResetTokens.usedAt)));
        return true;
      });
      if (!spent) throw badRequest(AuthMessages.invalidLink);
      await revokeSessionsOf(deps.db, link.userId, now);
      audit({ entity: 'user', entityId: link.userId, actor: { userId: link.userId, userName: link.userName }, after: { password: 'changed by reset link' } });
      return json({ Message: AuthMessages.passwordResetDone });
    },
  }),

  defineRoute({
    method: 'GET',
    path: 'users/password/config',
    area: 'auth',
    summary: 'The password policy (config UserPassword; minimum length 8 by default).',
    description: 'With `token` (a reset link), the policy of that user’s licence; otherwise the default policy.',
    access: publicAccess('The reset screen shows the policy before anyone is signed in; it holds no secret.'),
    query: v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
    async handler({ deps, query, json }) {
      const link = query.token ? await liveResetLink(deps, query.token) : undefined;
      return json(await passwordPolicyFor(deps.db, link?.licenseId ?? null));
    },
  }),

  defineRoute({
    method: 'GET',
    path: 'user/{username}/getSsoUrl',
    area: 'auth',
    summary: 'Where an active single sign-on account signs in; null for any other user name.',
    access: publicAccess('Login asks before anyone is signed in; it answers a provider URL, never account details.'),
    params: userNameParam,
    response: v.object({ ssoUrl: v.nullable(v.string()) }),
    async handler({ deps, params, json }) {
      const user = await findUserByName(deps.db, params.username);
      if (!user || !user.isSsoUser || !user.isApproved || user.isLockedOut) return json({ ssoUrl: null });
      const [license] = await deps.db.select().from(licenses).where(eq(licenses.licenseId, user.licenseId));
      if (!license?.isActive || !license.ssoUrl || !license.ssoClientId) return json({ ssoUrl: null });
      try {
        return json({ ssoUrl: await deps.sso.authorizeUrl(license.ssoUrl, license.ssoClientId) });
      } catch (error) {
        deps.log.error('sso discovery failed', { licenseId: license.licenseId, error: (error as Error).message });
        throw new HttpError(502, AuthMessages.ssoInfoFailed);
      }
    },
  }),
];
