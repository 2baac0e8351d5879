/**
 * Passkeys (issue 40): the definitions — a passwordless sign-in or the second factor after a
 * password on the login page, and the signed-in user's own passkeys on the profile.
 * passkeys.handlers.ts does them; domain/passkeys.ts holds the WebAuthn checks.
 */
import { passkeyEndpoints as api, PasskeyListSchema, PasskeySchema, SessionReplySchema } from 'contracts/auth/model';
import { MessageSchema, route } from '../../http/route';
import { noLicense } from '../../http/licence-scope';

const own = noLicense('the signed-in user’s own passkeys: the session names the user');

export const passkeySpecs = {
  passkeySignInOptions: route(api.passkeySignInOptions, {
    scope: noLicense('before anyone is signed in: a challenge names no account, or the password step’s ticket names it'),
    description:
      'Without a body (or without `token`): a challenge for a passwordless sign-in with a discoverable ' +
      'passkey. With `token`, the ticket the password step answered (`{ type: "factor", factors: ' +
      '["passkey"] }`): a challenge for one of that user’s passkeys. Asked again, a ticket’s challenge is ' +
      'replaced. A challenge works once, for 5 minutes; attestation none, user verification required, ' +
      'relying party id from PUBLIC_URL.',
    grants: [],
    // Reads the sign-in throttle (its own connection): not one transaction.
    transaction: 'own',
    answers: { 400: 'the ticket is unknown, used or expired', 429: 'too many failed sign-ins from this address' },
  }),

  loginPasskey: route(api.loginPasskey, {
    scope: noLicense('signs in: the passkey names the account'),
    // Counts failed attempts (the throttle and the lockout, kept whatever it answers): not one transaction; the success is one.
    transaction: 'own',
    description:
      'Checks the assertion (challenge, origin, relying party, signature, user verification, a counter that ' +
      'only goes up, the user handle) and opens a session like a password sign-in (`type: "passkey"`), with ' +
      'the same checks: inactive user, inactive or expired licence, forced password update. A second-factor ' +
      'challenge takes only that user’s passkeys. Any failure — an unknown passkey, a wrong signature, a ' +
      'used or expired challenge, another user’s passkey, a counter gone back — answers the same 401 and ' +
      'counts as a failed sign-in (the throttles, and the lockout of the account it names); a locked ' +
      'account is refused the same way.',
    response: SessionReplySchema,
    answers: {
      401: 'the passkey could not be verified, for whatever reason, or the account is locked',
      403: 'a verified passkey of an inactive user or of a user of an inactive or expired licence',
      429: 'too many failed sign-ins from this address or for this account',
    },
  }),

  getMyPasskeys: route(api.getMyPasskeys, {
    scope: own,
    sessionOnly: true,
    description: 'Names, created and last-used dates; never a public key.',
    response: PasskeyListSchema,
  }),

  passkeyRegistrationOptions: route(api.passkeyRegistrationOptions, {
    scope: own,
    sessionOnly: true,
    grants: [],
    description:
      'A one-use challenge (5 minutes) to register a discoverable passkey: attestation none, user ' +
      'verification required, the user’s passkeys excluded. Single sign-on users have none (403).',
    answers: { 403: 'a single sign-on user, or an API key' },
  }),

  addPasskey: route(api.addPasskey, {
    scope: own,
    sessionOnly: true,
    grants: [],
    // Mails the owner after the change commits.
    transaction: 'own',
    status: 201,
    description:
      'Verifies the registration (challenge, origin, relying party, user verification) and keeps the ' +
      'credential, its counter, transports, device type and backed-up flag. The user is mailed.',
    response: PasskeySchema,
    answers: {
      400: 'the name is missing or too long, or the registration could not be verified (a used or expired challenge too)',
      403: 'a single sign-on user, or an API key',
    },
  }),

  renamePasskey: route(api.renamePasskey, {
    scope: own,
    sessionOnly: true,
    grants: [],
    response: PasskeySchema,
    answers: { 404: 'not one of the caller’s passkeys' },
  }),

  passkeyConfirmOptions: route(api.passkeyConfirmOptions, {
    scope: own,
    sessionOnly: true,
    grants: [],
    description: 'A one-use challenge (5 minutes) for one of the caller’s own passkeys, to confirm a removal.',
  }),

  removePasskey: route(api.removePasskey, {
    scope: own,
    sessionOnly: true,
    grants: [],
    // Hashes the password and mails the owner: not one transaction; the removal is one.
    transaction: 'own',
    description:
      'Asks again who it is: `password`, or `challengeId` and `response`, a fresh assertion of one of the ' +
      'caller’s passkeys (from `profile/passkeys/confirm/options`). Wrong passwords count toward the same ' +
      'throttle as failed sign-ins. The user is mailed.',
    response: MessageSchema,
    answers: {
      400: 'neither the password nor a passkey confirmed it',
      404: 'not one of the caller’s passkeys',
      429: 'too many wrong passwords for this account',
    },
  }),
};
