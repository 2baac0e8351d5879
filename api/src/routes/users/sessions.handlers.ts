/** What a user's session calls do (sessions.routes.ts has their definitions). */
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { FactorResetMessages, SessionMessages, type UserSession } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import type { Db } from '../../db/client';
import { passkeys, recoveryCodes, sessions, totpFactors } from '../../db/schema';
import { assertMayControl } from '../../domain/ceiling';
import { availableFactors, factorPolicyFor, recoveryCodesLeft } from '../../domain/factors';
import { rolesOfUser } from '../../domain/grants';
import { passkeysOf } from '../../domain/passkeys';
import type { Caller } from '../../http/auth';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { mailFactorsReset } from '../../services/factor-mail';
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
    audit({
      entity: 'user-sessions',
      entityId: user.userId,
      before: { sessions: ended.map(auditedSession) },
      after: { signedOut: ended.length, allOthers: true },
    });
    return json({ Message: SessionMessages.endedOthers(ended.length), ended: ended.length });
  },

  async getUserFactors({ db, scope, caller, params, json }) {
    const { user } = await readableUser(db, caller, scope, params.username);
    const [factors, left, keys, roles] = await Promise.all([
      availableFactors(db, user.userId),
      recoveryCodesLeft(db, user.userId),
      passkeysOf(db, user.userId),
      rolesOfUser(db, user.userId),
    ]);
    const { required } = await factorPolicyFor(db, user, roles);
    return json({
      totp: factors.includes('totp'),
      recoveryCodesLeft: left,
      email: factors.includes('email'),
      passkeys: keys.map((key) => ({ name: key.name, createdAt: key.createdAt.toISOString(), lastUsedAt: key.lastUsedAt?.toISOString() ?? null })),
      isSsoUser: user.isSsoUser,
      required,
    });
  },

  async resetUserFactors({ deps, db, caller, scope, params, audit, json }) {
    const user = await controlledUser(db, caller, scope, params.username);
    if (user.userId === caller.userId) throw badRequest(FactorResetMessages.own);
    const app = await db.delete(totpFactors).where(eq(totpFactors.userId, user.userId)).returning({ confirmedAt: totpFactors.confirmedAt });
    const codes = await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.userId)).returning({ usedAt: recoveryCodes.usedAt });
    const keys = await db.delete(passkeys).where(eq(passkeys.userId, user.userId)).returning({ name: passkeys.name });
    if (app.length === 0 && codes.length === 0 && keys.length === 0) throw conflict(FactorResetMessages.nothing);
    const now = deps.clock.now();
    const ended = await db.update(sessions).set({ revokedAt: now }).where(live(user.userId, now)).returning({ sessionId: sessions.sessionId });
    const removed = {
      authenticatorApp: app.some((row) => row.confirmedAt !== null),
      recoveryCodesLeft: codes.filter((row) => row.usedAt === null).length,
      passkeys: keys.map((key) => key.name),
    };
    audit({ entity: 'user', entityId: user.userId, before: removed, after: { secondFactorsReset: true, signedOut: ended.length } });
    mailFactorsReset(deps, user, caller.userName, [
      ...(removed.authenticatorApp ? ['the authenticator app'] : []),
      ...(codes.length > 0 ? ['the recovery codes'] : []),
      ...removed.passkeys.map((name) => `the passkey '${name}'`),
    ]);
    return json({ Message: FactorResetMessages.done(user.userName, ended.length), ended: ended.length });
  },
});
