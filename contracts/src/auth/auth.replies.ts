/**
 * The sign-in calls' answers as the API answers them (strict), beside the endpoints whose
 * console readings are derived from them (`tolerant` in auth.endpoints.ts).
 */
import * as v from 'valibot';

/** PUT logout: where single sign-on signs the browser out too (null without it). */
export const LogoutReplySchema = v.object({ Message: v.string(), ssoLogoutUrl: v.nullable(v.string()) });

/** GET users/token/verify/{token}: whether a reset link is still good, and whose. */
export const ResetTokenReplySchema = v.object({ valid: v.boolean(), userName: v.optional(v.string()) });

/** GET verifysession/3: the session's user, licence, expiry and roles. */
export const SessionCheckReplySchema = v.object({
  valid: v.literal(true),
  userName: v.string(),
  licenseId: v.number(),
  exp: v.number(),
  roles: v.array(v.string()),
});

/** The caller's roles. */
export const MyRolesReplySchema = v.object({ roles: v.array(v.string()) });

/** Where single sign-on starts for a user (null: none). */
export const SsoUrlReplySchema = v.object({ ssoUrl: v.nullable(v.string()) });
