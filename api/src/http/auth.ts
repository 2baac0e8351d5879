/**
 * Authentication: the bearer token must verify (signature, exp) and name a live session of
 * an active, unlocked user. Roles are read per request, so a change applies at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { AuthMessages } from 'shared/messages';
import type { Db } from '../db/client';
import { roles, sessions, userGroupRoles, userGroupUsers, userRoles, users } from '../db/schema';
import type { AppDeps } from '../deps';

export interface Caller {
  userId: number;
  userName: string;
  licenseId: number;
  sessionId: string;
  roles: ReadonlySet<string>;
  /** The token's exp, in seconds. */
  exp: number;
  isSsoUser: boolean;
}

export type AuthOutcome =
  | { kind: 'none' }
  | { kind: 'invalid' }
  /** The token was good but its session is over: the console logs out and shows `message`. */
  | { kind: 'ended'; message: string }
  | { kind: 'caller'; caller: Caller };

/** Names of the roles a user holds directly or through a user group. */
export async function rolesOfUser(db: Db, userId: number): Promise<string[]> {
  const direct = db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const viaGroups = db
    .select({ name: roles.name })
    .from(userGroupUsers)
    .innerJoin(userGroupRoles, eq(userGroupRoles.userGroupId, userGroupUsers.userGroupId))
    .innerJoin(roles, eq(roles.roleId, userGroupRoles.roleId))
    .where(eq(userGroupUsers.userId, userId));
  const rows = await direct.union(viaGroups);
  return rows.map((row) => row.name).sort();
}

const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization')?.trim();
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}

export async function authenticate(c: Context, deps: AppDeps): Promise<AuthOutcome> {
  const token = bearerToken(c);
  if (!token) return { kind: 'none' };
  const verified = await deps.tokens.verify(token);
  if (!verified.ok) {
    return verified.reason === 'expired' ? { kind: 'ended', message: AuthMessages.sessionExpired } : { kind: 'invalid' };
  }
  const { claims } = verified;
  const [row] = await deps.db
    .select({
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      userId: users.userId,
      userName: users.userName,
      licenseId: users.licenseId,
      isApproved: users.isApproved,
      isLockedOut: users.isLockedOut,
      isSsoUser: users.isSsoUser,
      lastActivityDate: users.lastActivityDate,
    })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .where(and(eq(sessions.sessionId, claims.sessionId), eq(sessions.userId, claims.userId)))
    .limit(1);
  if (!row) return { kind: 'invalid' };
  const now = deps.clock.now();
  if (row.revokedAt) return { kind: 'ended', message: AuthMessages.sessionEnded };
  if (row.expiresAt <= now) return { kind: 'ended', message: AuthMessages.sessionExpired };
  if (!row.isApproved) return { kind: 'ended', message: AuthMessages.accountInactive };
  if (row.isLockedOut) return { kind: 'ended', message: AuthMessages.accountLocked };

  if (!row.lastActivityDate || now.getTime() - row.lastActivityDate.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await deps.db.update(users).set({ lastActivityDate: now }).where(eq(users.userId, row.userId));
  }
  return {
    kind: 'caller',
    caller: {
      userId: row.userId,
      userName: row.userName,
      licenseId: row.licenseId,
      sessionId: claims.sessionId,
      roles: new Set(await rolesOfUser(deps.db, row.userId)),
      exp: verified.exp,
      isSsoUser: row.isSsoUser,
    },
  };
}

/** Sessions of a user that are still live, for revoking them all (password reset, deactivation). */
export function liveSessionsOf(userId: number) {
  return and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`);
}
