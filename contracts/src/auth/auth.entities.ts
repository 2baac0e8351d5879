/** Answers of the sign-in calls: the session, the two-factor challenge, the password policy, environments. */
import * as v from 'valibot';
import { int } from '../common/fields';
import { FactorReplySchema } from './passkeys.entities';

export const SessionReplySchema = v.looseObject({
  type: v.picklist(['password', 'email', 'sso', 'passkey']),
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
});

/** A login that needs the e-mailed code: `token` names the challenge. */
export const TwoFactorReplySchema = v.looseObject({ type: v.literal('email'), token: v.string(), userName: v.string() });

export const LoginReplySchema = v.union([SessionReplySchema, TwoFactorReplySchema, FactorReplySchema]);
export type LoginReply = v.InferOutput<typeof LoginReplySchema>;

export const PasswordPolicySchema = v.looseObject({
  RequiredLength: int,
  RequiredUppercase: int,
  RequiredLowercase: int,
  RequiredDigits: int,
  RequiredSpecialCharacters: int,
  MaxFailedAccessAttempts: int,
});

export const EnvironmentSchema = v.looseObject({ environmentId: int, name: v.string(), serverUrl: v.string(), label: v.nullable(v.string()) });
export type Environment = v.InferOutput<typeof EnvironmentSchema>;
