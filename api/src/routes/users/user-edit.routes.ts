/**
 * Creating, changing and duplicating a user (contract area identity): the definitions.
 * user-edit.handlers.ts does them; the form's schema is the console's (contracts users.forms).
 */
import { userEndpoints as api } from 'contracts/identity/model';
import { MessageSchema, route } from '../../http/route';
import { entity, byHandler } from '../../http/licence-scope';

export const userEditSpecs = {
  createUser: route(api.createUser, {
    scope: byHandler('a new user goes to the body’s licenseId (404 outside the scope) or the caller’s own'),
    description:
      'The body’s `userName` must be the path’s. Required: userName (no spaces or / \\ ? # %), firstName, ' +
      'lastName, a valid email; optional phoneNumber, companyName, position, comment, and the flags ' +
      'isSsoUser, isApproved (default true), isLockedOut, twoFactorEnabled. `licenseId` defaults to the ' +
      'caller’s licence; only a super administrator may name another. The new user has no password until ' +
      'one is set on the password tab (or a reset link is e-mailed), no product licence, role or project. A ' +
      'username taken in any licence, ignoring case, is a 409.',
    grants: [],
    status: 201,
    answers: {
      400: 'A field breaks the form’s rules (the spec’s message, per field in `errors`).',
      404: 'The licence is outside the caller’s scope.',
      409: 'The username is taken.',
    },
  }),

  updateUser: route(api.updateUser, {
    scope: entity('userName', 'username'),
    description:
      'Send any of firstName, lastName, email, phoneNumber, companyName, position, comment, isSsoUser, ' +
      'isApproved, isLockedOut, twoFactorEnabled; fields left out stay. Users may change their own contact ' +
      'details (not comment or flags); anyone else’s need ADMINISTER_USER_CREATE_UPDATE and the user in the ' +
      'caller’s licence (another licence’s user is a 404). Nobody deactivates or locks their own account. ' +
      'Unlocking (`isLockedOut: false`) clears the failed sign-in count and a temporary lock after failed ' +
      'sign-ins too (the user’s `lockedUntil`); a deactivated or locked user’s sessions end at their next ' +
      'call. The username cannot change.',
    grants: ['control'],
    response: MessageSchema,
    answers: {
      400:
        'A field breaks the form’s rules, a change to one’s own account that is not allowed, or deactivating ' +
        'or locking the last active super administrator.',
      403:
        'Another user (or a comment or flag), and the caller does not administer users; or another user whose ' +
        'administrative roles are not all the caller’s (the privilege ceiling).',
      404: 'No such user in the caller’s scope.',
    },
  }),

  copyUser: route(api.copyUser, {
    scope: entity('userName', 'username'),
    description:
      'The body is the user form, its `userName` the path’s `copy`. Answers 201 `{ Message }` when ' +
      'everything was copied. When the product licences would pass a seat limit of the licence the copy is ' +
      'still created, without product licences, roles or the user groups that grant product licences, and ' +
      'the answer is 210 with the spec’s message naming the add-ons: the console shows it as a warning.',
    grants: ['control'],
    response: MessageSchema,
    status: 201,
    answers: {
      210: 'Created without product licences: seats would run out (the message names them).',
      403:
        'The source (or the copy, with its groups) holds administrative roles the caller does not, or ' +
        'projects the caller does not see (the privilege ceiling).',
      404: 'No such source user in the caller’s scope.',
      409: 'The new username is taken.',
    },
  }),
};
