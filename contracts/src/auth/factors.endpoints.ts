/**
 * Second factors (issue 40), one endpoint object each: the signed-in user's own authenticator
 * app and recovery codes (the profile's 'Sign-in security'), and the e-mailed code chosen at
 * the two-factor step. The passkeys add theirs beside.
 */
import * as v from 'valibot';
import { endpoint, endpointGroup, publicAccess, signedIn } from '../common/endpoint';
import { MessageReplySchema } from '../common/replies.entities';
import { AuthMessages, FactorMessages } from './auth.messages';
import { requiredRaw, requiredText } from './auth.forms';
import { MyFactorsSchema, PasskeyTicketSchema, RecoveryCodesSchema, TotpSetupSchema } from './factors.entities';

/** The first code from the app, which confirms its set-up. */
export const TotpConfirmSchema = v.object({
  code: v.pipe(requiredText(FactorMessages.totpCodeRequired), v.maxLength(16, FactorMessages.totpInvalid)),
});

/** The password again, for a change that weakens or replaces a factor. */
export const FactorPasswordSchema = v.object({
  password: v.pipe(requiredRaw(AuthMessages.currentPasswordRequired), v.maxLength(256, AuthMessages.currentPasswordWrong)),
});

export const factorEndpoints = endpointGroup('auth', {
  getMyFactors: endpoint({
    method: 'GET',
    path: 'account/factors',
    summary: 'The signed-in user’s second factors: authenticator app, recovery codes left, e-mailed code, and the licence’s policy.',
    access: signedIn,
    reply: MyFactorsSchema,
  }),

  startTotpSetup: endpoint({
    method: 'POST',
    path: 'account/factors/totp',
    summary: 'Start setting up an authenticator app: a new secret and its QR code, confirmed by a first code.',
    access: signedIn,
    reply: TotpSetupSchema,
  }),

  confirmTotpSetup: endpoint({
    method: 'POST',
    path: 'account/factors/totp/confirm',
    summary: 'Confirm the authenticator app with its first code; answers ten recovery codes, shown once.',
    access: signedIn,
    body: TotpConfirmSchema,
    reply: RecoveryCodesSchema,
  }),

  removeTotp: endpoint({
    method: 'DELETE',
    path: 'account/factors/totp',
    summary: 'Remove the authenticator app and its recovery codes (with the password again).',
    access: signedIn,
    body: FactorPasswordSchema,
    reply: MessageReplySchema,
  }),

  regenerateRecoveryCodes: endpoint({
    method: 'POST',
    path: 'account/factors/recovery-codes',
    summary: 'Replace the recovery codes with ten new ones (with the password again): the old ones stop working.',
    access: signedIn,
    body: FactorPasswordSchema,
    reply: RecoveryCodesSchema,
  }),

  passkeyForFactorChallenge: endpoint({
    method: 'POST',
    path: 'login/2fa/passkey',
    summary:
      'At the two-factor step, the user chose their passkey: answers the ticket `login/passkey/options` ' +
      'turns into the browser’s prompt for one of their passkeys.',
    access: publicAccess('The second step of a sign-in: the challenge from the password step is the credential.'),
    body: v.object({ challenge: v.pipe(requiredText(AuthMessages.twoFactorInvalid), v.maxLength(64, AuthMessages.twoFactorInvalid)) }),
    reply: PasskeyTicketSchema,
  }),

  sendTwoFactorEmail: endpoint({
    method: 'POST',
    path: 'login/2fa/email',
    summary: 'At the two-factor step, e-mail the sign-in code for the challenge (the user chose the e-mailed code).',
    access: publicAccess('The second step of a sign-in: the challenge from the password step is the credential.'),
    body: v.object({ challenge: v.pipe(requiredText(AuthMessages.twoFactorInvalid), v.maxLength(64, AuthMessages.twoFactorInvalid)) }),
    reply: MessageReplySchema,
  }),
});
