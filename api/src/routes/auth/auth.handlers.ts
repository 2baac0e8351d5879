/**
 * What the sign-in calls do (auth.routes.ts has their definitions): password and single
 * sign-on login, the two-factor e-mail step, logout, session checks, recovery and reset.
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { AuthMessages } from 'contracts/auth/model';
import { formPolicy, type LoginSchema, RecoverySchema, resetPasswordBodySchema, type SsoLoginSchema } from 'contracts/auth/model';
import { timingSafeEqual } from 'node:crypto';
import { licenses, passwordResetTokens, sessions, ssoTokenUses, twoFactorChallenges, users } from '../../db/schema';
import { badRequest, forbidden, HttpError, unauthorized } from '../../http/errors';
import { implement, parseBody } from '../../http/route';
import { authSpecs } from './auth.routes';
import { normalizeIssuer } from '../../services/sso';
import { sha256, sixDigitCode } from '../../services/secrets';
import {
  assertMaySignIn,
  findUserByName,
  mailSignInCode,
  openSession,
  passwordPolicyFor,
  revokeSessionsOf,
  sessionClient,
  type SessionClient,
  type UserRow,
} from './auth.service';
import { countFailedSignIn, isLocked, LockoutEvents, UNLOCKED } from './lockout';
import { passkeyFactor } from '../../domain/passkeys';
import { sendResetLink } from './reset-link';
import { codeHash, TWO_FACTOR_MAX_ATTEMPTS } from './two-factor';
import { availableFactors, factorPolicyFor, meetsPolicy, useRecoveryCode, useTotpCode, recoveryCodesLeft } from '../../domain/factors';
import type { SecondFactor, SignInFactor } from 'contracts/auth/model';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { clientAddress } from '../../http/client-address';
import { Limits, tooManyRequests } from '../../services/throttle';
import type { AuditEntry } from '../../http/audit';

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The request a sign-in step works in: services, the request's database, its audit and client address. */
interface SignInContext {
  deps: AppDeps;
  db: Db;
  audit: (e: AuditEntry) => void;
  address: string;
  /** Where the sign-in comes from, for the session it opens. */
  client: SessionClient;
}

/**
 * The one answer to a sign-in that does not go through — an unknown user name, a wrong
 * password, an account locked for a while or for good — so a stranger cannot tell them apart
 * (issue 36): the same status, the same bytes, after the same password hashing.
 */
const refused = () => unauthorized(AuthMessages.badCredentials);

/** When a sign-in clears a series of temporary locks, the user's History says so. */
function auditClearedLockout(audit: (e: AuditEntry) => void, user: UserRow) {
  if (user.lockoutRounds === 0) return;
  audit({
    entity: 'user',
    entityId: user.userId,
    before: { lockoutRounds: user.lockoutRounds },
    after: { lockoutRounds: 0, event: LockoutEvents.unlockedBySignIn },
  });
}

type Settled<T> = { value: T } | { error: unknown };
/** A promise that never rejects: its outcome is taken later, with `outcome` (no unhandled rejection meanwhile). */
const settled = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
async function outcome<T>(promise: Promise<Settled<T>>): Promise<T> {
  const result = await promise;
  if ('error' in result) throw result.error;
  return result.value;
}

async function passwordLogin({ deps, db, audit, address, client }: SignInContext, input: v.InferOutput<typeof LoginSchema>) {
  const account = input.userName.trim();
  // Throttled before the password is even checked: past the limit, a right guess looks like a wrong one.
  await deps.throttle.assertUnder([Limits.loginFailuresPerAddress, address], [Limits.loginFailuresPerAccount, account]);
  const failed = async () => {
    await deps.throttle.hit(Limits.loginFailuresPerAddress, address);
    await deps.throttle.hit(Limits.loginFailuresPerAccount, account);
    return refused();
  };
  const user = await findUserByName(db, input.userName);
  const usable = user && !user.isSsoUser && user.passwordHash;
  // What a right password leads to is read while the hash is worked out (in Node's thread pool,
  // issue 38); a wrong password or a lock discards it unread, so neither the answer nor its
  // refusal depends on it.
  const ahead = usable ? settled(Promise.all([assertMaySignIn(deps, db, user), availableFactors(db, user.userId)])) : undefined;
  // Always one hash, of a dummy for an unknown name: the answer takes as long either way.
  const ok = await deps.passwords.verify(input.password, usable ? user.passwordHash : null);
  // Settled before any answer, so none of its reads outlives the request's transaction.
  await ahead;
  if (!user || !usable) {
    audit({ entity: 'login', after: { result: 'unknown user or no password' } });
    throw await failed();
  }
  const now = deps.clock.now();
  // Locked, for a while or for good: the right password is refused as a wrong one, and neither
  // counts (a lock cannot be made longer by hammering it).
  if (isLocked(user, now)) {
    audit({ entity: 'login', entityId: user.userId, after: { result: 'refused while locked' } });
    throw await failed();
  }
  if (!ok) {
    await countFailedSignIn({ deps, db, audit, now }, user, await passwordPolicyFor(db, user.licenseId));
    throw await failed();
  }
  const [roleNames, factors] = await outcome(ahead!);
  // An authenticator app (and its recovery codes): the user chooses among their factors (issue 40),
  // a passkey first, being phishing-resistant (login/2fa/passkey turns the choice into a prompt).
  // A passkey without an app is asked for on its own step (PasskeyStep), in place of the e-mailed
  // code; the e-mailed code alone keeps the spec's step.
  const codes = factors.filter((factor): factor is SecondFactor => factor !== 'passkey');
  if (codes.some((factor) => factor !== 'email')) {
    return startFactorChallenge(deps, db, user, factors.includes('passkey') ? ['passkey', ...codes] : codes, audit);
  }
  if (factors.includes('passkey')) return passkeyFactor(db, user.userId, user.userName, deps.clock.now());
  if (user.twoFactorEnabled) return startTwoFactor(deps, db, user, audit);
  const reply = await openSession(deps, db, user, roleNames, 'password', undefined, { client, setupOnly: await mustSetUpFactor(db, user, roleNames, factors) });
  auditClearedLockout(audit, user);
  audit({
    entity: 'session',
    entityId: reply.sessionId,
    actor: { userId: user.userId, userName: user.userName },
    after: { method: 'password', userName: user.userName },
  });
  return reply;
}

/**
 * Whether the licence's policy requires a factor this user does not have yet (issue 40): the
 * session then opens for the set-up only. Single sign-on users are exempt.
 */
async function mustSetUpFactor(db: Db, user: UserRow, roleNames: string[], factors: readonly string[]): Promise<boolean> {
  const policy = await factorPolicyFor(db, user, roleNames);
  return policy.required && !meetsPolicy(factors, policy.phishingResistantOnly);
}

/**
 * The chooser's challenge (issue 40): nothing is sent yet; the reply lists the user's factors
 * and the console asks for the chosen one (`POST login/2fa/email` sends the e-mailed code).
 */
async function startFactorChallenge(deps: AppDeps, db: Db, user: UserRow, factors: SignInFactor[], audit: (e: AuditEntry) => void) {
  const now = deps.clock.now();
  const [challenge] = await db
    .insert(twoFactorChallenges)
    .values({ userId: user.userId, codeHash: 'pending', createdAt: now, expiresAt: new Date(now.getTime() + deps.config.twoFactorTtlMinutes * 60_000) })
    .returning({ challengeId: twoFactorChallenges.challengeId });
  audit({ entity: 'two-factor', entityId: challenge!.challengeId, actor: { userId: user.userId, userName: user.userName }, after: { factors } });
  return { type: 'factor' as const, token: challenge!.challengeId, userName: user.userName, factors };
}

/** Checks the code of the factor chosen at the two-factor step; a TOTP or recovery code is spent by the check. */
async function factorCodeMatches(
  deps: AppDeps,
  db: Db,
  challenge: typeof twoFactorChallenges.$inferSelect,
  method: SecondFactor,
  code: string,
  now: Date,
): Promise<boolean> {
  if (method === 'email') return sameHash(codeHash(challenge.challengeId, code), challenge.codeHash);
  if (!(await availableFactors(db, challenge.userId)).includes(method)) return false;
  if (method === 'totp') return useTotpCode(db, deps.factorCrypto, challenge.userId, code.replace(/\s/g, ''), now);
  return useRecoveryCode(db, challenge.userId, code, now);
}

async function startTwoFactor(deps: AppDeps, db: Db, user: UserRow, audit: (e: AuditEntry) => void) {
  if (!user.email) throw forbidden(AuthMessages.recoveryEmailRequired);
  const now = deps.clock.now();
  const code = sixDigitCode();
  const [challenge] = await db
    .insert(twoFactorChallenges)
    .values({ userId: user.userId, codeHash: 'pending', createdAt: now, expiresAt: new Date(now.getTime() + deps.config.twoFactorTtlMinutes * 60_000) })
    .returning({ challengeId: twoFactorChallenges.challengeId });
  const challengeId = challenge!.challengeId;
  await db
    .update(twoFactorChallenges)
    .set({ codeHash: codeHash(challengeId, code) })
    .where(eq(twoFactorChallenges.challengeId, challengeId));
  await mailSignInCode(deps, user, challengeId, code, audit);
  return { type: 'email' as const, token: challengeId, userName: user.userName };
}

async function ssoLogin({ deps, db, audit, client }: SignInContext, input: v.InferOutput<typeof SsoLoginSchema>) {
  const issuer = deps.sso.claimedIssuer(input.cognitoJwt);
  const candidates = issuer
    ? (
        await db
          .select()
          .from(licenses)
          .where(sql`${licenses.ssoUrl} is not null and ${licenses.ssoClientId} is not null`)
      ).filter((license) => normalizeIssuer(license.ssoUrl!) === issuer)
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
  const firstUse = await db
    .insert(ssoTokenUses)
    .values({ tokenHash: sha256(input.cognitoJwt), expiresAt: new Date((claims.exp ?? 0) * 1000) })
    .onConflictDoNothing()
    .returning({ tokenHash: ssoTokenUses.tokenHash });
  if (firstUse.length === 0) throw unauthorized(AuthMessages.ssoTokenInvalid);
  const licenseIds = candidates.filter((l) => l.ssoClientId === verifiedFor!.ssoClientId).map((l) => l.licenseId);
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  const names = [claims.preferred_username, claims.sub].filter((n): n is string => typeof n === 'string').map((n) => n.toLowerCase());
  const matches = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isSsoUser, true),
        inArray(users.licenseId, licenseIds),
        or(names.length > 0 ? inArray(sql`lower(${users.userName})`, names) : sql`false`, email ? eq(sql`lower(${users.email})`, email) : sql`false`),
      ),
    )
    .limit(2);
  if (matches.length !== 1) throw unauthorized(AuthMessages.ssoNoAccount);
  const user = matches[0]!;
  const roleNames = await assertMaySignIn(deps, db, user);
  const relogUrl = await deps.sso.authorizeUrl(issuer, verifiedFor.ssoClientId!).catch(() => null);
  const reply = await openSession(deps, db, user, roleNames, 'sso', { issuer, relogUrl }, { client });
  if (user.isSsoInitial) await db.update(users).set({ isSsoInitial: false }).where(eq(users.userId, user.userId));
  audit({ entity: 'session', entityId: reply.sessionId, actor: { userId: user.userId, userName: user.userName }, after: { method: 'sso', issuer } });
  return reply;
}

/** Tells the owner a recovery code signed them in, and how many are left (after the reply). */
function mailRecoveryCodeUsed(deps: AppDeps, user: UserRow, left: number): void {
  if (!user.email) return;
  deps.background.run('recovery code mail', () =>
    deps.mailer.send({
      to: user.email,
      subject: `${deps.config.productName}: a recovery code was used`,
      text:
        `A recovery code signed in to your account ${user.userName}. ${left} ${left === 1 ? 'code is' : 'codes are'} ` +
        `left: make new ones on your profile.\n\nIf it was not you, change your password at once and tell ` +
        `your administrator.`,
    }),
  );
}

/** A live reset link's row, or undefined. */
async function liveResetLink(deps: AppDeps, db: Db, token: string) {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({
      tokenHash: passwordResetTokens.tokenHash,
      userId: users.userId,
      userName: users.userName,
      licenseId: users.licenseId,
      isSsoUser: users.isSsoUser,
      isLockedOut: users.isLockedOut,
      lockedUntil: users.lockedUntil,
      lockoutRounds: users.lockoutRounds,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.userId, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, deps.clock.now())))
    .limit(1);
  return row && !row.isSsoUser ? row : undefined;
}

export const authRoutes = implement(authSpecs, {
  async login({ c, deps, db, body, audit, json }) {
    const context = { deps, db, audit, address: clientAddress(c, deps.config.trustProxy), client: sessionClient(c, deps) };
    const reply = body.cognitoJwt !== undefined ? await ssoLogin(context, body) : await passwordLogin(context, body);
    return json(reply);
  },

  async loginTwoFactor({ c, deps, db, body, audit, json }) {
    const now = deps.clock.now();
    const address = clientAddress(c, deps.config.trustProxy);
    await deps.throttle.assertUnder([Limits.codeFailuresPerAddress, address]);
    const wrong = async (userId?: number) => {
      await deps.throttle.hit(Limits.codeFailuresPerAddress, address);
      if (userId !== undefined) await deps.throttle.hit(Limits.codeFailuresPerAccount, String(userId));
      return badRequest(AuthMessages.twoFactorInvalid);
    };
    if (!/^[0-9a-f-]{36}$/i.test(body.challenge)) throw await wrong();
    const [challenge] = await db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.challengeId, body.challenge)).limit(1);
    if (!challenge || challenge.usedAt || challenge.expiresAt <= now || challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
      throw await wrong(challenge?.userId);
    }
    await deps.throttle.assertUnder([Limits.codeFailuresPerAccount, String(challenge.userId)]);
    const [user] = await db.select().from(users).where(eq(users.userId, challenge.userId));
    if (!user) throw await wrong();
    // Locked since the password step (for a while or for good): the right code is refused as a
    // wrong one, and nothing is counted.
    if (isLocked(user, now)) {
      audit({ entity: 'two-factor', entityId: challenge.challengeId, after: { result: 'refused while locked' } });
      throw await wrong(user.userId);
    }
    const method = body.method ?? 'email';
    if (!(await factorCodeMatches(deps, db, challenge, method, body.token, now))) {
      await db
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(eq(twoFactorChallenges.challengeId, challenge.challengeId));
      audit({ entity: 'two-factor', entityId: challenge.challengeId, after: { result: 'wrong code', method } });
      // A wrong code counts toward the same lockout as a wrong password (issue 36).
      await countFailedSignIn({ deps, db, audit, now }, user, await passwordPolicyFor(db, user.licenseId));
      throw await wrong(user.userId);
    }
    // Spend the challenge first: of two requests racing with the right code, one wins.
    const spent = await db
      .update(twoFactorChallenges)
      .set({ usedAt: now })
      .where(and(eq(twoFactorChallenges.challengeId, challenge.challengeId), isNull(twoFactorChallenges.usedAt)))
      .returning({ id: twoFactorChallenges.challengeId });
    if (spent.length === 0) throw badRequest(AuthMessages.twoFactorInvalid);
    const roleNames = await assertMaySignIn(deps, db, user);
    const setupOnly = await mustSetUpFactor(db, user, roleNames, await availableFactors(db, user.userId));
    const reply = await openSession(deps, db, user, roleNames, method, undefined, { client: sessionClient(c, deps), setupOnly });
    auditClearedLockout(audit, user);
    audit({
      entity: 'session',
      entityId: reply.sessionId,
      actor: { userId: user.userId, userName: user.userName },
      after: { method: method === 'email' ? 'two-factor e-mail' : `two-factor ${method}` },
    });
    if (method === 'recovery') mailRecoveryCodeUsed(deps, user, await recoveryCodesLeft(db, user.userId));
    return json(reply);
  },

  async logout({ deps, db, caller, audit, json }) {
    const now = deps.clock.now();
    const [session] = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(eq(sessions.sessionId, caller.sessionId))
      .returning({ ssoIssuer: sessions.ssoIssuer });
    let ssoLogoutUrl: string | null = null;
    if (session?.ssoIssuer) {
      const [license] = await db.select({ clientId: licenses.ssoClientId }).from(licenses).where(eq(licenses.licenseId, caller.licenseId));
      if (license?.clientId) ssoLogoutUrl = await deps.sso.logoutUrl(session.ssoIssuer, license.clientId);
    }
    audit({ entity: 'session', entityId: caller.sessionId, before: { revokedAt: null }, after: { revokedAt: now } });
    return json({ Message: AuthMessages.loggedOut, ssoLogoutUrl });
  },

  verifySession: ({ caller, json }) =>
    json({ valid: true, userName: caller.userName, licenseId: caller.licenseId, exp: caller.exp, roles: [...caller.roles].sort() }),

  getMyRoles: ({ caller, json }) => json({ roles: [...caller.roles].sort() }),

  async requestPasswordRecovery({ c, deps, db, params, audit, json }) {
    const address = clientAddress(c, deps.config.trustProxy);
    const fromAddress = await deps.throttle.hit(Limits.recoveryPerAddress, address);
    if (fromAddress.hits > Limits.recoveryPerAddress.max) throw tooManyRequests(fromAddress.retryAfter);
    parseBody(RecoverySchema, { userName: params.username });
    // The same work for known and unknown names (one look-up, one count), and the mail is
    // sent after the reply: neither the answer nor its timing tells whether an account exists.
    const user = await findUserByName(db, params.username);
    const mails = await deps.throttle.hit(Limits.recoveryMailsPerAccount, params.username.trim());
    if (user && !user.isSsoUser && user.email && mails.hits <= Limits.recoveryMailsPerAccount.max) {
      deps.background.run('password recovery mail', () => sendResetLink(deps, user, 'Someone, hopefully you, asked to reset your password.'));
      audit({ entity: 'password-reset-link', entityId: user.userId, actor: { userId: user.userId, userName: user.userName }, after: { sentTo: user.email } });
    } else {
      deps.log.info('password recovery without a link', { known: Boolean(user), capped: mails.hits > Limits.recoveryMailsPerAccount.max });
    }
    return json({ Message: AuthMessages.emailSent });
  },

  async verifyResetToken({ deps, db, params, json }) {
    const link = await liveResetLink(deps, db, params.token);
    return json(link ? { valid: true, userName: link.userName } : { valid: false });
  },

  async resetPassword({ deps, db, params, body, audit, json }) {
    const link = await liveResetLink(deps, db, params.token);
    if (!link) throw badRequest(AuthMessages.invalidLink);
    // The password's rules are the link's user's licence's policy.
    const { password } = parseBody(resetPasswordBodySchema(await passwordPolicyFor(db, link.licenseId)), body);
    const hash = await deps.passwords.hash(password);
    const now = deps.clock.now();
    const spent = await db.transaction(async (tx) => {
      const used = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.tokenHash, link.tokenHash), isNull(passwordResetTokens.usedAt)))
        .returning({ userId: passwordResetTokens.userId });
      if (used.length === 0) return false;
      // A new password unlocks the account, whether locked for a while or for good (issue 36).
      await tx
        .update(users)
        .set({ passwordHash: hash, lastPasswordChangeDate: now, mustUpdatePassword: false, ...UNLOCKED })
        .where(eq(users.userId, link.userId));
      // Other links sent before this reset must not work any more.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, link.userId), isNull(passwordResetTokens.usedAt)));
      return true;
    });
    if (!spent) throw badRequest(AuthMessages.invalidLink);
    await revokeSessionsOf(db, link.userId, now);
    const wasLocked = isLocked(link, now);
    audit({
      entity: 'user',
      entityId: link.userId,
      actor: { userId: link.userId, userName: link.userName },
      before: wasLocked ? { isLockedOut: link.isLockedOut, lockedUntil: link.lockedUntil, lockoutRounds: link.lockoutRounds } : undefined,
      after: {
        password: 'changed by reset link',
        ...(wasLocked ? { isLockedOut: false, lockedUntil: null, lockoutRounds: 0, event: LockoutEvents.unlockedByPassword } : {}),
      },
    });
    return json({ Message: AuthMessages.passwordResetDone });
  },

  async getPasswordPolicy({ deps, db, query, json }) {
    const link = query.token ? await liveResetLink(deps, db, query.token) : undefined;
    // What the reset form shows: the lockout's waits are the server's own.
    return json(formPolicy(await passwordPolicyFor(db, link?.licenseId ?? null)));
  },

  async getSsoUrl({ deps, db, params, json }) {
    const user = await findUserByName(db, params.username);
    if (!user || !user.isSsoUser || !user.isApproved || user.isLockedOut) return json({ ssoUrl: null });
    const [license] = await db.select().from(licenses).where(eq(licenses.licenseId, user.licenseId));
    if (!license?.isActive || !license.ssoUrl || !license.ssoClientId) return json({ ssoUrl: null });
    try {
      return json({ ssoUrl: await deps.sso.authorizeUrl(license.ssoUrl, license.ssoClientId) });
    } catch (error) {
      deps.log.error('sso discovery failed', { licenseId: license.licenseId, error: (error as Error).message });
      throw new HttpError(502, AuthMessages.ssoInfoFailed);
    }
  },
});
