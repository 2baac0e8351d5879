/** What a user's session calls do (sessions.routes.ts has their definitions). */
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { SessionMessages, type UserSession } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { assertMayControl } from '../../domain/ceiling';
import type { Caller } from '../../http/auth';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { findUserByName, type UserRow } from '../auth/auth.service';
import { sessionSpecs } from './sessions.routes';
import { readableUser } from './users.service';

type SessionRow = typeof sessions.$inferSelect;

/** Browser and system in words from a User-Agent ('Chrome 131', 'Windows 10'); null for what it does not say. */
export function describeUserAgent(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const systemVersion = os.versionName ?? os.version;
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    system: os.name ? [os.name, systemVersion].filter(Boolean).join(' ') : null,
  };
}

/** One session as the Sessions list shows it. */
function sessionReply(row: SessionRow, caller: Caller): UserSession {
  return {
    sessionId: row.sessionId,
    method: row.method,
    ...describeUserAgent(row.userAgent),
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: (row.lastActiveAt ?? row.createdAt).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.sessionId === caller.sessionId,
  };
}

/** The session in a trail entry: what the list showed of it. */
function auditedSession(row: SessionRow) {
  const { browser, system } = describeUserAgent(row.userAgent);
  return { sessionId: row.sessionId, method: row.method, browser, system, ipAddress: row.ipAddress, createdAt: row.createdAt };
}

/** A user's sessions that are neither signed out nor expired. */
const live = (userId: number, now: Date) => and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/**
 * The user whose sessions the caller may end: themself, or — with ADMINISTER_USER_CREATE_UPDATE —
 * a user of their scope within the privilege ceiling (domain/ceiling.ts). Runs in the route's transaction.
 */
async function controlledUser(db: Db, caller: Caller, scope: Scope, userName: string): Promise<UserRow> {
  const user = await findUserByName(db, userName);
  if (!user) throw notFound();
  if (user.userId === caller.userId) return user;
  scope.assert(user.licenseId);
  if (!caller.roles.has(Role.ADMINISTER_USER_CREATE_UPDATE)) throw forbidden();
  await assertMayControl(db, caller, scope, [user.userId]);
  return user;
}

export const sessionRoutes = implement(sessionSpecs, {
  async getUserSessions({ deps, db, caller, scope, params, json }) {
    const { user } = await readableUser(db, caller, scope, params.username);
    const rows = await db
      .select()
      .from(sessions)
      .where(live(user.userId, deps.clock.now()))
      .orderBy(desc(sql`coalesce(${sessions.lastActiveAt}, ${sessions.createdAt})`), desc(sessions.createdAt));
    return json(rows.map((row) => sessionReply(row, caller)));
  },

  async endUserSession({ deps, db, caller, scope, params, audit, json }) {
    const user = await controlledUser(db, caller, scope, params.username);
    if (params.sessionId === caller.sessionId) throw badRequest(SessionMessages.current);
    const now = deps.clock.now();
    const [ended] = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(live(user.userId, now), eq(sessions.sessionId, params.sessionId)))
      .returning();
    if (!ended) throw notFound(SessionMessages.notLive);
    audit({ entity: 'user-sessions', entityId: user.userId, before: { session: auditedSession(ended) }, after: { signedOut: 1 } });
    return json({ Message: SessionMessages.ended });
  },

  async endOtherUserSessions({ deps, db, caller, scope, params, audit, json }) {
    const user = await controlledUser(db, caller, scope, params.username);
    const now = deps.clock.now();
    const ended = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(live(user.userId, now), ne(sessions.sessionId, caller.sessionId)))
      .returning();
    audit({ entity: 'user-sessions', entityId: user.userId, before: { sessions: ended.map(auditedSession) }, after: { signedOut: ended.length, allOthers: true } });
    return json({ Message: SessionMessages.endedOthers(ended.length), ended: ended.length });
  },
});
