/**
 * Sign-in rules shared by the password, two-factor and single sign-on logins: who may sign
 * in, the password policy that applies, and the session a successful login opens.
 */
import { remoteMapFor, remotesFile } from '../../domain/release-channels';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type * as v from 'valibot';
import type { SessionReplySchema } from 'contracts/auth/model';
import { AuthMessages } from 'contracts/auth/model';
import { SESSION_USER_AGENT_CHARS } from 'contracts/identity/model';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_CONFIG_NAME, policyFromParameters, type UserPasswordConfig } from 'contracts/auth/model';
import { Role } from 'shared/roles';
import type { Db } from '../../db/client';
import { configs, licenses, sessions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuditEntry } from '../../http/audit';
import { hasProjects, rolesOfUser } from '../../domain/grants';
import { clientAddress } from '../../http/client-address';
import { forbidden } from '../../http/errors';
import { ROOT_PROJECT_ID } from '../../seed/reference';

export type UserRow = typeof users.$inferSelect;
export type LicenseRow = typeof licenses.$inferSelect;

export async function findUserByName(db: Db, userName: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName.trim()})`)
    .limit(1);
  return user;
}

/** The policy for a licence (with the lockout's settings): its own UserPassword config, else root project 1's, else the default. */
export async function passwordPolicyFor(db: Db, licenseId: number | null): Promise<UserPasswordConfig> {
  const rows = await db
    .select({ licenseId: configs.licenseId, data: configs.data })
    .from(configs)
    .where(
      and(
        eq(configs.name, PASSWORD_CONFIG_NAME),
        or(licenseId === null ? sql`false` : eq(configs.licenseId, licenseId), and(eq(configs.projectId, ROOT_PROJECT_ID), isNull(configs.licenseId))),
      ),
    );
  const chosen = rows.find((row) => row.licenseId !== null) ?? rows[0];
  const parameters = chosen?.data.configs.flatMap((entry) => entry.parameters) ?? [];
  return parameters.length > 0 ? policyFromParameters(parameters) : { ...DEFAULT_PASSWORD_POLICY };
}

/**
 * Refuses a sign-in by an inactive or locked user, or by a user of an inactive or expired
 * licence (a super administrator still gets in, so that a licence can be repaired). Called
 * once the credentials are right: the password and two-factor steps refuse a locked account
 * before, as a wrong password (lockout.ts); single sign-on, whose caller the provider has
 * vouched for, hears that it is locked.
 */
export async function assertMaySignIn(deps: AppDeps, db: Db, user: UserRow): Promise<string[]> {
  if (user.isLockedOut) throw forbidden(AuthMessages.accountLocked);
  if (!user.isApproved) throw forbidden(AuthMessages.accountInactive);
  const roleNames = await rolesOfUser(db, user.userId);
  if (!roleNames.includes(Role.ACCESS_ALL_CUSTOMER_LICENCES)) {
    const [license] = await db.select().from(licenses).where(eq(licenses.licenseId, user.licenseId));
    if (!license?.isActive) throw forbidden(AuthMessages.licenseInactive);
    if (license.expiryDate && license.expiryDate <= deps.clock.now()) throw forbidden(AuthMessages.licenseExpired);
  }
  return roleNames;
}

/** What a successful login answers; the console parses it with the same schema. */
export type SessionReply = v.InferOutput<typeof SessionReplySchema>;

/** Where a session is opened from, as its Sessions list shows it. */
export interface SessionClient {
  userAgent: string | null;
  ipAddress: string | null;
}

/**
 * The client of a sign-in request: its User-Agent (cut to SESSION_USER_AGENT_CHARS: kept for
 * the Sessions list, never refused) and its address (the balancer's entry with TRUST_PROXY).
 */
export function sessionClient(c: Context, deps: AppDeps): SessionClient {
  const userAgent = c.req.header('user-agent')?.trim().slice(0, SESSION_USER_AGENT_CHARS) || null;
  const address = clientAddress(c, deps.config.trustProxy);
  return { userAgent, ipAddress: address === 'unknown' ? null : address };
}

/**
 * Opens a session for a user who passed every check, and answers what the console keeps. The
 * sign-in clears the failure count and the lockout's rounds (lockout.ts). `client` says where
 * from (sessionClient), for the user's Sessions list.
 */
export async function openSession(
  deps: AppDeps,
  db: Db,
  user: UserRow,
  roleNames: string[],
  method: SessionReply['type'],
  sso?: { issuer: string; relogUrl: string | null },
  options: { setupOnly?: boolean; client?: SessionClient } = {},
): Promise<SessionReply> {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.tokenTtlMinutes * 60_000);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.userId,
      method,
      createdAt: now,
      lastActiveAt: now,
      expiresAt,
      ssoIssuer: sso?.issuer ?? null,
      userAgent: options.client?.userAgent ?? null,
      ipAddress: options.client?.ipAddress ?? null,
      setupOnly: options.setupOnly ?? false,
    })
    .returning({ sessionId: sessions.sessionId });
  await db
    .update(users)
    .set({ lastLoginDate: now, lastActivityDate: now, failedLoginCount: 0, lockoutRounds: 0, lockedUntil: null })
    .where(eq(users.userId, user.userId));
  const token = await deps.tokens.sign({ userId: user.userId, userName: user.userName, licenseId: user.licenseId, sessionId: session!.sessionId }, expiresAt);
  return {
    type: method,
    token,
    exp: Math.floor(expiresAt.getTime() / 1000),
    sessionId: session!.sessionId,
    userId: user.userId,
    userName: user.userName,
    licenseId: user.licenseId,
    roles: roleNames,
    mustUpdatePassword: user.mustUpdatePassword,
    isSsoUser: user.isSsoUser,
    userHasNoProjects: !(await hasProjects(db, user.userId)),
    ssoUrl: sso?.relogUrl ?? null,
    // Ours (issue 40): the licence requires a second factor the user has not set up; the session answers only the set-up calls.
    ...(options.setupOnly ? { mustSetUpFactor: true } : {}),
    // Ours (issue 38): the user's remote map (GET remotes/map), one call fewer before the first screen.
    remotes: await remoteMapFor(db, await remotesFile(deps.config.consoleDir), user),
  };
}

/** Revokes every live session of a user (after a password reset, a lock or a deactivation). */
export async function revokeSessionsOf(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Mails the two-factor step's code (the spec's e-mailed code) and records that it went. */
export async function mailSignInCode(deps: AppDeps, user: UserRow, challengeId: string, code: string, audit: (entry: AuditEntry) => void): Promise<void> {
  await deps.mailer.send({
    to: user.email,
    subject: `Your ${deps.config.productName} sign-in code`,
    text:
      `Your sign-in code is ${code}.\n\n` +
      `It works once, for ${deps.config.twoFactorTtlMinutes} minutes. If you did not try to sign in, change your password.`,
  });
  audit({ entity: 'two-factor', entityId: challengeId, actor: { userId: user.userId, userName: user.userName }, after: { sentTo: user.email } });
}
