/** A user's sessions (the user view's Sessions tab and the profile's Sessions part). */
import * as v from 'valibot';
import { IsoDate } from '../common/page';
import { flag, maybeDate, maybeText } from '../common/fields';

/** The most of a browser's User-Agent a session keeps: a longer header is cut, never refused. */
export const SESSION_USER_AGENT_CHARS = 512;

/**
 * How a session was opened (`sessions.method`), as the Sessions list says it. Other methods a
 * later sign-in may write (an authenticator app) are shown as they are stored.
 */
export const SessionMethodLabels: Readonly<Record<string, string>> = {
  password: 'Password',
  email: 'Password and e-mail code',
  totp: 'Password and authenticator app',
  passkey: 'Passkey',
  sso: 'Single sign-on',
};

/** The label of a session's sign-in method; an unknown one as stored. */
export const sessionMethodLabel = (method: string) => SessionMethodLabels[method] ?? method;

/** GET users/{username}/sessions: one live session (not ended, not expired). */
export const UserSessionSchema = v.looseObject({
  sessionId: v.string(),
  /** How it signed in: password, email (password and e-mailed code), passkey, sso, or another method. */
  method: v.string(),
  /** From the User-Agent at sign-in ('Chrome 131'); null when none was sent. */
  browser: maybeText(),
  /** From the User-Agent at sign-in ('Windows 10', 'iOS 18.1'); null when none was sent. */
  system: maybeText(),
  /** The User-Agent at sign-in, as kept (at most SESSION_USER_AGENT_CHARS). */
  userAgent: maybeText(),
  /** The client's address at sign-in. */
  ipAddress: maybeText(),
  createdAt: IsoDate,
  /** The last request, to within a minute; the sign-in until the first request after it. */
  lastActiveAt: maybeDate(),
  expiresAt: IsoDate,
  /** The caller's own session (this device). */
  current: flag(),
});
export type UserSession = v.InferOutput<typeof UserSessionSchema>;

/** POST users/{username}/sessions/end-others: how many sessions ended. */
export const EndedSessionsSchema = v.looseObject({ Message: v.string(), ended: v.number() });

/** One passkey of a user, as an administrator sees it (never its key). */
export const UserPasskeySummarySchema = v.looseObject({
  name: v.string(),
  createdAt: IsoDate,
  lastUsedAt: maybeDate(),
});

/**
 * GET users/{username}/factors: a user's second factors, as their administrator sees them on
 * the Sessions tab (never a secret, a code or a key): whether an authenticator app is set up,
 * recovery codes left, the e-mailed code, the passkeys, and whether the licence's policy
 * requires a factor of them.
 */
export const UserFactorsSchema = v.looseObject({
  totp: flag(),
  recoveryCodesLeft: v.number(),
  email: flag(),
  passkeys: v.array(UserPasskeySummarySchema),
  isSsoUser: flag(),
  /** The licence's policy requires a second factor of this user: after a reset they set one up at their next sign-in. */
  required: flag(),
});
export type UserFactors = v.InferOutput<typeof UserFactorsSchema>;

/** DELETE users/{username}/factors: what was removed, and how many sessions ended. */
export const FactorResetSchema = v.looseObject({ Message: v.string(), ended: v.number() });
