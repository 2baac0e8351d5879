/** Answers of the sign-in calls: the session, the two-factor challenge, the password policy, environments. */
import * as v from 'valibot';
import { int } from '../common/fields';
import { RemoteMapEntrySchema } from './remote-map.entities';

export const SessionReplySchema = v.looseObject({
  /** How the session was opened: the password alone, a second factor (`email`, `totp`, `recovery`, `passkey`), a passkey alone or single sign-on. */
  type: v.picklist(['password', 'email', 'sso', 'totp', 'recovery', 'passkey']),
  token: v.string(),
  exp: int,
  sessionId: v.string(),
  userId: int,
  userName: v.string(),
  licenseId: int,
  roles: v.array(v.string()),
  mustUpdatePassword: v.boolean(),
  isSsoUser: v.boolean(),
  userHasNoProjects: v.boolean(),
  ssoUrl: v.nullable(v.string()),
  /** Ours (issue 40): the licence requires a second factor the user must set up before using the console. */
  mustSetUpFactor: v.optional(v.boolean()),
  /**
   * Ours (issue 38): the user's remote map, as `GET remotes/map` answers it, so the console
   * loads the landing section's code without asking for it first.
   */
  remotes: v.optional(v.array(RemoteMapEntrySchema)),
});

/** A login that needs the e-mailed code: `token` names the challenge. */
export const TwoFactorReplySchema = v.looseObject({ type: v.literal('email'), token: v.string(), userName: v.string() });

/**
 * Ours (issue 40): a login that needs a second factor the user chooses: `factors` lists what
 * the user has (`totp`, `recovery`, `email`, …) in the order offered; `token` names the
 * challenge for `POST login/2fa`. A user who has only the e-mailed code gets TwoFactorReplySchema.
 */
export const FactorChallengeReplySchema = v.looseObject({ type: v.literal('factor'), token: v.string(), userName: v.string(), factors: v.array(v.string()) });

export const LoginReplySchema = v.union([SessionReplySchema, TwoFactorReplySchema, FactorChallengeReplySchema]);
export type LoginReply = v.InferOutput<typeof LoginReplySchema>;

export const PasswordPolicySchema = v.looseObject({
  RequiredLength: int,
  RequiredUppercase: int,
  RequiredLowercase: int,
  RequiredDigits: int,
  RequiredSpecialCharacters: int,
  MaxFailedAccessAttempts: int,
});
