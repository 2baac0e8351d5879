/**
 * A user's password (contract area identity): the definitions — its state, the policy that
 * applies, and setting it by hand, by e-mailing a generated one, or by e-mailing a reset link.
 * password.handlers.ts does them.
 */
import { userEndpoints as api } from 'contracts/identity/model';
import { MessageSchema, route } from '../../http/route';
import { entity } from '../../http/licence-scope';

export const passwordSpecs = {
  getUserPasswordState: route(api.getUserPasswordState, { scope: entity('userName', 'username') }),

  getUserPasswordPolicy: route(api.getUserPasswordPolicy, { scope: entity('userName', 'username') }),

  setUserPassword: route(api.setUserPassword, {
    scope: entity('userName', 'username'),
    // Counts failed attempts (the throttle, kept whatever it answers), hashes passwords and mails: not one transaction.
    transaction: 'own',
    description:
      'A user sets their own by hand, giving `currentPassword` (this clears mustUpdatePassword); passwords ' +
      'are at most 128 characters. An administrator with ADMINISTER_USER_CREATE_UPDATE may use any mode for ' +
      'users of their licence; a password they choose or generate must be changed at the next sign-in, and ' +
      'only for a user whose administrative roles (directly and through groups) are all their own (the ' +
      'privilege ceiling; super administrators excepted). The user’s sessions end for good (the caller’s ' +
      'own stays). An API key never manages passwords: 403.',
    grants: ['control'],
    sessionOnly: true,
    response: MessageSchema,
    answers: {
      400: "the password breaks the policy, or 'SSO users can not have their passwords managed.'",
      403: 'the user holds administrative roles the caller does not, or the caller is an API key',
    },
  }),
};
