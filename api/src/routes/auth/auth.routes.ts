/**
 * Sign-in calls (contract area auth): the definitions — password and single sign-on login,
 * the two-factor e-mail step, logout, session checks, roles of the user, password recovery
 * and reset, and the password policy. auth.handlers.ts does them.
 */
import * as v from 'valibot';
import { PasswordPolicySchema, SessionReplySchema, TwoFactorReplySchema } from 'contracts/auth/model';
import { AuthMessages } from 'contracts/auth/model';
import { LoginSchema, SsoLoginSchema, TwoFactorSchema } from 'contracts/auth/model';
import { tokenParam, userNameParam } from '../../http/params';
import { MessageSchema, publicAccess, route, signedIn } from '../../http/route';

export const authSpecs = {
  login: route({
    method: 'POST',
    path: 'login',
    area: 'auth',
    summary: 'Sign in with a user name and password, or with a single sign-on id_token (cognitoJwt).',
    description:
      'Answers the session, or `{ type: "email", token }` when the user has two-factor sign-in: the code goes by e-mail and the token names the challenge for `POST login/2fa`. Repeated wrong passwords lock the account (policy MaxFailedAccessAttempts).',
    access: publicAccess('Signing in is how a caller gets a session.'),
    bodyDoc: v.union([LoginSchema, SsoLoginSchema]),
    response: v.union([SessionReplySchema, TwoFactorReplySchema]),
    answers: {
      400: 'a field is missing or too long (a user name or password past 256 characters), answered before any database work',
      401: 'wrong user name or password, or an id_token that does not verify',
      403: 'locked (whatever the password), inactive, or licence inactive or expired',
      429: 'too many failed sign-ins from this address or for this account; Retry-After says when to try again',
    },
  }),

  loginTwoFactor: route({
    method: 'POST',
    path: 'login/2fa',
    area: 'auth',
    summary: 'Complete a two-factor sign-in with the e-mailed code.',
    description: 'The code works once, before it expires (TWO_FACTOR_TTL_MINUTES), and five wrong codes end the challenge.',
    access: publicAccess('The e-mailed code and the challenge are the credentials.'),
    body: TwoFactorSchema,
    response: SessionReplySchema,
    answers: { 400: 'wrong, used or expired code', 429: 'too many wrong codes from this address or for this account' },
  }),

  logout: route({
    method: 'PUT',
    path: 'logout',
    area: 'auth',
    summary: 'End the session on the server: its token is refused from now on.',
    description: 'Answers the single sign-on provider’s logout URL for SSO sessions, where the console goes next.',
    access: signedIn,
    grants: [],
    sessionOnly: true,
    response: v.object({ Message: v.string(), ssoLogoutUrl: v.nullable(v.string()) }),
  }),

  verifySession: route({
    method: 'GET',
    path: 'verifysession/3',
    area: 'auth',
    summary: 'Is the stored session still valid? 200 with its details, 412 when it has ended.',
    access: signedIn,
    sessionOnly: true,
    response: v.object({ valid: v.literal(true), userName: v.string(), licenseId: v.number(), exp: v.number(), roles: v.array(v.string()) }),
  }),

  getMyRoles: route({
    method: 'GET',
    path: 'roles/user',
    area: 'auth',
    summary: 'Role names of the signed-in user, direct and through user groups.',
    access: signedIn,
    response: v.object({ roles: v.array(v.string()) }),
  }),

  requestPasswordRecovery: route({
    method: 'GET',
    path: 'users/{username}/password/recovery',
    area: 'auth',
    summary: 'E-mail a password reset link (valid 24 hours, usable once) to the user.',
    description:
      'Answers the same, in the same time, for an unknown user name, so that the call does not tell which accounts exist: the mail goes after the reply. Single sign-on users get no link. An account gets at most 3 links an hour; past that the reply is the same and no mail goes.',
    access: publicAccess('A forgotten password is recovered without a session; the link goes only to the address on file.'),
    params: v.object({ username: v.pipe(v.string(), v.trim(), v.nonEmpty(AuthMessages.recoveryUserNameRequired), v.maxLength(256)) }),
    response: MessageSchema,
    answers: { 429: 'too many recovery requests from this address' },
  }),

  verifyResetToken: route({
    method: 'GET',
    path: 'users/token/verify/{token}',
    area: 'auth',
    summary: 'Is a password reset link valid (issued within 24 hours and not used)?',
    access: publicAccess('Checks a reset link, which is itself the credential.'),
    params: tokenParam,
    response: v.object({ valid: v.boolean(), userName: v.optional(v.string()) }),
  }),

  resetPassword: route({
    method: 'PUT',
    path: 'users/password/reset/{token}',
    area: 'auth',
    summary: 'Set a new password from a reset link; the link is spent and every session of the user ends.',
    access: publicAccess('The reset link is the credential.'),
    params: tokenParam,
    bodyDoc: v.object({ password: v.string() }),
    response: MessageSchema,
    answers: { 400: "the password breaks the policy, or 'Invalid Link! Click here to get a new one.'" },
  }),

  getPasswordPolicy: route({
    method: 'GET',
    path: 'users/password/config',
    area: 'auth',
    summary: 'The password policy (config UserPassword; minimum length 8 by default).',
    description: 'With `token` (a reset link), the policy of that user’s licence; otherwise the default policy.',
    access: publicAccess('The reset screen shows the policy before anyone is signed in; it holds no secret.'),
    query: v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
    response: PasswordPolicySchema,
  }),

  getSsoUrl: route({
    method: 'GET',
    path: 'user/{username}/getSsoUrl',
    area: 'auth',
    summary: 'Where an active single sign-on account signs in; null for any other user name.',
    access: publicAccess('Login asks before anyone is signed in; it answers a provider URL, never account details.'),
    params: userNameParam,
    response: v.object({ ssoUrl: v.nullable(v.string()) }),
  }),
};
