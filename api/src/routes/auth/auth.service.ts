/**
 * Sign-in rules shared by the password, two-factor and single sign-on logins: who may sign
 * in, the password policy that applies, and the session a successful login opens.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { SessionReplySchema } from 'contracts/auth/model';
import { AuthMessages } from 'contracts/auth/model';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_CONFIG_NAME, policyFromParameters, type PasswordPolicy } from 'contracts/auth/model';
import { Role } from 'shared/roles';
import type { Db } from '../../db/client';
import { configs, licenses, passwordResetTokens, sessions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { hasProjects, rolesOfUser } from '../../domain/grants';
import { forbidden, HttpError } from '../../http/errors';
import { describeError } from '../../services/log';
import { randomToken, sha256 } from '../../services/secrets';
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

/** The policy for a licence: its own UserPassword config, else root project 1's, else the default. */
export async function passwordPolicyFor(db: Db, licenseId: number | null): Promise<PasswordPolicy> {
  const rows = await db
    .select({ licenseId: configs.licenseId, data: configs.data })
    .from(configs)
    .where(
      and(
        eq(configs.name, PASSWORD_CONFIG_NAME),
        or(
          licenseId === null ? sql`false` : eq(configs.licenseId, licenseId),
          and(eq(configs.projectId, ROOT_PROJECT_ID), isNull(configs.licenseId)),
        ),
      ),
    );
  const chosen = rows.find((row) => row.licenseId !== null) ?? rows[0];
  const parameters = chosen?.data.configs.flatMap((entry) => entry.parameters) ?? [];
  return parameters.length > 0 ? policyFromParameters(parameters) : { ...DEFAULT_PASSWORD_POLICY };
}

/**
 * Refuses a sign-in by an inactive or locked user, or by a user of an inactive or expired
 * licence (a super administrator still gets in, so that a licence can be repaired).
 */
export async function assertMaySignIn(deps: AppDeps, user: UserRow): Promise<string[]> {
  if (user.isLockedOut) throw forbidden(AuthMessages.accountLocked);
  if (!user.isApproved) throw forbidden(AuthMessages.accountInactive);
  const roleNames = await rolesOfUser(deps.db, user.userId);
  if (!roleNames.includes(Role.ACCESS_ALL_CUSTOMER_LICENCES)) {
    const [license] = await deps.db.select().from(licenses).where(eq(licenses.licenseId, user.licenseId));
    if (!license?.isActive) throw forbidden(AuthMessages.licenseInactive);
    if (license.expiryDate && license.expiryDate <= deps.clock.now()) throw forbidden(AuthMessages.licenseExpired);
  }
  return roleNames;
}

/** What a successful login answers; the console parses it with the same schema. */
export type SessionReply = v.InferOutput<typeof SessionReplySchema>;

/** Opens a session for a user who passed every check, and answers what the console keeps. */
export async function openSession(
  deps: AppDeps,
  user: UserRow,
  roleNames: string[],
  method: SessionReply['type'],
  sso?: { issuer: string; relogUrl: string | null },
): Promise<SessionReply> {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.tokenTtlMinutes * 60_000);
  const [session] = await deps.db
    .insert(sessions)
    .values({ userId: user.userId, method, createdAt: now, expiresAt, ssoIssuer: sso?.issuer ?? null })
    .returning({ sessionId: sessions.sessionId });
  await deps.db
    .update(users)
    .set({ lastLoginDate: now, lastActivityDate: now, failedLoginCount: 0 })
    .where(eq(users.userId, user.userId));
  const token = await deps.tokens.sign(
    { userId: user.userId, userName: user.userName, licenseId: user.licenseId, sessionId: session!.sessionId },
    expiresAt,
  );
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
    userHasNoProjects: !(await hasProjects(deps.db, user.userId)),
    ssoUrl: sso?.relogUrl ?? null,
  };
}

/** Revokes every live session of a user (after a password reset, a lock or a deactivation). */
export async function revokeSessionsOf(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** A reset link works once, for 24 hours (spec 1 §9). */
export const RESET_LINK_HOURS = 24;

/**
 * Issues a reset link for `user` and e-mails it with `intro` as the first paragraph; only a
 * hash of the link's token is stored. A refusal by the mail server is a 502 with the spec's text.
 */
export async function sendResetLink(deps: AppDeps, user: UserRow, intro: string): Promise<void> {
  const token = randomToken();
  const now = deps.clock.now();
  await deps.db.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    userId: user.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_LINK_HOURS * 3_600_000),
  });
  const link = `${deps.config.publicUrl}/users/password/reset?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send({
      to: user.email,
      subject: `Reset your ${deps.config.productName} password`,
      text:
        `Hello ${user.firstName || user.userName},\n\n${intro}\n` +
        `Use this link to choose a new password. It works once, within ${RESET_LINK_HOURS} hours:\n${link}\n\n` +
        'If you did not ask for this, you can ignore this message.',
    });
  } catch (error) {
    deps.log.error('reset mail failed', { userId: user.userId, ...describeError(error) });
    throw new HttpError(502, AuthMessages.recoveryFailed);
  }
}
