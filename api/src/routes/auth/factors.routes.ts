/**
 * Second-factor calls (issue 40): the signed-in user's own authenticator app and recovery
 * codes, and the e-mailed code chosen at the two-factor step. factors.handlers.ts does them.
 */
import { factorEndpoints as api, MyFactorsSchema, RecoveryCodesSchema, TotpSetupSchema } from 'contracts/auth/model';
import { MessageSchema, route } from '../../http/route';
import { noLicense } from '../../http/licence-scope';

const own = noLicense('the caller’s own second factors');

export const factorSpecs = {
  getMyFactors: route(api.getMyFactors, {
    scope: own,
    sessionOnly: true,
    setupAllowed: true,
    description:
      'Whether the user has an authenticator app, how many recovery codes are left, whether the e-mailed ' +
      'code is on, and the licence’s second-factor policy (`required`: this user must have a factor; single ' +
      'sign-on users never must).',
    response: MyFactorsSchema,
  }),

  startTotpSetup: route(api.startTotpSetup, {
    scope: own,
    sessionOnly: true,
    setupAllowed: true,
    grants: [],
    description:
      'Answers a new secret (base32), its otpauth:// URI and a QR code (PNG data URL drawn here: nothing ' +
      'goes to another host). The secret is kept encrypted (FACTOR_ENCRYPTION_KEY) and is not answered ' +
      'again; a new start replaces an unconfirmed one.',
    response: TotpSetupSchema,
    answers: { 403: 'a single sign-on user, or the licence’s policy is off', 409: 'an authenticator app is already set up' },
  }),

  confirmTotpSetup: route(api.confirmTotpSetup, {
    scope: own,
    sessionOnly: true,
    setupAllowed: true,
    grants: [],
    // Mails the owner after the commit.
    transaction: 'own',
    description:
      'The app’s current code (one step either side) confirms it; answers ten single-use recovery codes, ' +
      'shown this once (only their hashes are kept). The owner is mailed. A set-up session (a policy that ' +
      'requires a factor) becomes a full one at once.',
    response: RecoveryCodesSchema,
    answers: { 400: 'a wrong code, or no set-up started' },
  }),

  removeTotp: route(api.removeTotp, {
    scope: own,
    sessionOnly: true,
    grants: [],
    // Checks the password (hashing) and mails: not one transaction.
    transaction: 'own',
    description:
      'With the password again. Removes the app and its recovery codes; the owner is mailed. Refused when ' +
      'the licence requires a factor and this is the user’s last one.',
    response: MessageSchema,
    answers: {
      400: 'a wrong password, or no app set up',
      403: 'the licence requires a second factor and this is the last one',
      429: 'too many wrong passwords',
    },
  }),

  regenerateRecoveryCodes: route(api.regenerateRecoveryCodes, {
    scope: own,
    sessionOnly: true,
    grants: [],
    transaction: 'own',
    description: 'With the password again. Ten new recovery codes, shown this once; the old ones stop working. The owner is mailed.',
    response: RecoveryCodesSchema,
    answers: { 400: 'a wrong password, or no app set up', 429: 'too many wrong passwords' },
  }),

  passkeyForFactorChallenge: route(api.passkeyForFactorChallenge, {
    scope: noLicense('the second step of a sign-in: the challenge names the account'),
    transaction: 'own',
    description:
      'For a challenge whose user has a passkey among their factors (the chooser offers it beside an ' +
      'authenticator app): a ticket bound to that user, which `login/passkey/options` turns into the prompt ' +
      'and `login/passkey` answers. The challenge stays open, so the user may still choose another factor. ' +
      'Wrong challenges count toward the same per-address limit as wrong codes.',
    answers: { 400: 'an unknown, used or expired challenge, or a user without a passkey', 429: 'too many wrong codes from this address' },
  }),

  sendTwoFactorEmail: route(api.sendTwoFactorEmail, {
    scope: noLicense('the second step of a sign-in: the challenge names the account'),
    transaction: 'own',
    description: 'For a challenge whose user has the e-mailed code among their factors: the code goes to the account’s address, once per challenge.',
    response: MessageSchema,
    answers: { 400: 'an unknown, used or expired challenge, or a user without the e-mailed code', 429: 'too many wrong codes from this address' },
  }),
};
