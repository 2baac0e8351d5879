/**
 * Sign-in calls (contract area auth), one endpoint object each: the console's call functions
 * (auth.calls.ts) and the API's routes (api/src/routes/auth) are made from them.
 */
import * as v from 'valibot';
import { endpoint, endpointGroup, publicAccess, signedIn } from '../common/endpoint';
import { tokenParam, userNameParam } from '../common/params';
import { tolerant } from '../common/fields';
import { MessageReplySchema } from '../common/replies.entities';
import { LogoutReplySchema, MyRolesReplySchema, ResetTokenReplySchema, SessionCheckReplySchema, SsoUrlReplySchema } from './auth.replies';
import { LoginReplySchema, PasswordPolicySchema, SessionReplySchema } from './auth.entities';
import { LoginBodySchema, ResetPasswordBodySchema, TwoFactorSchema } from './auth.forms';
import { AuthMessages } from './auth.messages';

export const authEndpoints = endpointGroup('auth', {
  login: endpoint({
    method: 'POST',
    path: 'login',
    summary: 'Sign in with a user name and password, or with a single sign-on id_token (cognitoJwt).',
    access: publicAccess('Signing in is how a caller gets a session.'),
    body: LoginBodySchema,
    reply: LoginReplySchema,
  }),

  loginTwoFactor: endpoint({
    method: 'POST',
    path: 'login/2fa',
    summary: 'Complete a two-factor sign-in with the e-mailed code.',
    access: publicAccess('The e-mailed code and the challenge are the credentials.'),
    body: TwoFactorSchema,
    reply: SessionReplySchema,
  }),

  logout: endpoint({
    method: 'PUT',
    path: 'logout',
    summary: 'End the session on the server: its token is refused from now on.',
    access: signedIn,
    reply: tolerant(LogoutReplySchema, { Message: v.optional(v.string()), ssoLogoutUrl: v.optional(v.nullable(v.string())) }),
  }),

  verifyResetToken: endpoint({
    method: 'GET',
    path: 'users/token/verify/{token}',
    summary: 'Is a password reset link valid (issued within 24 hours and not used)?',
    access: publicAccess('Checks a reset link, which is itself the credential.'),
    params: tokenParam,
    reply: tolerant(ResetTokenReplySchema),
  }),

  verifySession: endpoint({
    method: 'GET',
    path: 'verifysession/3',
    summary: 'Is the stored session still valid? 200 with its details, 412 when it has ended.',
    access: signedIn,
    reply: tolerant(SessionCheckReplySchema, { valid: v.boolean(), userName: v.optional(v.string()), licenseId: v.optional(v.number()) }),
  }),

  resetPassword: endpoint({
    method: 'PUT',
    path: 'users/password/reset/{token}',
    summary: 'Set a new password from a reset link; the link is spent and every session of the user ends.',
    access: publicAccess('The reset link is the credential.'),
    params: tokenParam,
    body: ResetPasswordBodySchema,
    reply: MessageReplySchema,
  }),

  requestPasswordRecovery: endpoint({
    method: 'GET',
    path: 'users/{username}/password/recovery',
    summary: 'E-mail a password reset link (valid 24 hours, usable once) to the user.',
    access: publicAccess('A forgotten password is recovered without a session; the link goes only to the address on file.'),
    params: v.object({ username: v.pipe(v.string(), v.trim(), v.nonEmpty(AuthMessages.recoveryUserNameRequired), v.maxLength(256)) }),
    reply: MessageReplySchema,
  }),

  getMyRoles: endpoint({
    method: 'GET',
    path: 'roles/user',
    summary: 'Role names of the signed-in user, direct and through user groups.',
    access: signedIn,
    reply: tolerant(MyRolesReplySchema),
  }),

  getSsoUrl: endpoint({
    method: 'GET',
    path: 'user/{username}/getSsoUrl',
    summary: 'Where an active single sign-on account signs in; null for any other user name.',
    access: publicAccess('Login asks before anyone is signed in; it answers a provider URL, never account details.'),
    params: userNameParam,
    reply: tolerant(SsoUrlReplySchema),
  }),

  getPasswordPolicy: endpoint({
    method: 'GET',
    path: 'users/password/config',
    summary: 'The password policy (config UserPassword; minimum length 8 by default).',
    access: publicAccess('The reset screen shows the policy before anyone is signed in; it holds no secret.'),
    query: v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
    reply: PasswordPolicySchema,
  }),
});
