/**
 * A user's password (contract area identity): the definitions — its state, the policy that
 * applies, and setting it by hand, by e-mailing a generated one, or by e-mailing a reset link.
 * password.handlers.ts does them.
 */
import * as v from 'valibot';
import { AuthMessages, MAX_PASSWORD_LENGTH, passwordTooLong, PasswordPolicySchema } from 'contracts/auth/model';
import { UserPasswordStateSchema } from 'contracts/identity/model';
import { userNameParam } from '../../http/params';
import { MessageSchema, route, signedIn } from '../../http/route';

export const PasswordChangeSchema = v.variant('mode', [
  v.object({
    mode: v.literal('manual'),
    // The policy is checked once the user's is known; this only spares it a megabyte (four times the longest in UTF-16 units, so the message holds).
    password: v.optional(v.pipe(v.string(AuthMessages.resetPasswordRequired), v.maxLength(4 * MAX_PASSWORD_LENGTH, passwordTooLong())), ''),
    /** Required when users change their own password: a borrowed session cannot take over the account. */
    currentPassword: v.optional(v.pipe(v.string(), v.maxLength(1024)), ''),
  }),
  v.object({ mode: v.literal('auto') }),
  v.object({ mode: v.literal('link') }),
], 'Choose how to set the password: manual, auto or link.');


export const passwordSpecs = {
  getUserPasswordState: route({
    method: 'GET',
    path: 'users/{username}/password',
    area: 'identity',
    summary: 'Password state of a user: SSO, must update, last change, lockout.',
    access: signedIn,
    params: userNameParam,
    response: UserPasswordStateSchema,
  }),

  getUserPasswordPolicy: route({
    method: 'GET',
    path: 'users/{username}/password/config',
    area: 'identity',
    summary: 'The password policy that applies to a user (their licence’s UserPassword config, else the default).',
    access: signedIn,
    params: userNameParam,
    response: PasswordPolicySchema,
  }),

  setUserPassword: route({
    method: 'PUT',
    path: 'users/{username}/password',
    area: 'identity',
    summary: 'Set a password by hand (mode manual), e-mail a generated one (auto), or e-mail a reset link (link).',
    description:
      'A user sets their own by hand, giving `currentPassword` (this clears mustUpdatePassword); passwords are at most 128 characters. An administrator with ADMINISTER_USER_CREATE_UPDATE may use any mode for users of their licence; a password they choose or generate must be changed at the next sign-in, and only for a user whose administrative roles (directly and through groups) are all their own (the privilege ceiling; super administrators excepted). The user’s sessions end for good (the caller’s own stays). An API key never manages passwords: 403.',
    access: signedIn,
    grants: ['control'],
    sessionOnly: true,
    params: userNameParam,
    body: PasswordChangeSchema,
    response: MessageSchema,
    answers: { 400: "the password breaks the policy, or 'SSO users can not have their passwords managed.'", 403: 'the user holds administrative roles the caller does not, or the caller is an API key' },
  }),
};
