/** Second factors (issue 40): what a user has, what set-up answers, the policy's values. */
import * as v from 'valibot';
import { int } from '../common/fields';

/** The factors a sign-in can be finished with; the passkeys add theirs. */
export const SECOND_FACTORS = ['totp', 'recovery', 'email'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];
/** What a user can finish a sign-in with: the chooser's factors (login/2fa), and a passkey (its own step, login/passkey). */
export type SignInFactor = SecondFactor | 'passkey';

/** A licence's second-factor policy (licence settings): who must have a factor. */
export const SECOND_FACTOR_POLICIES = ['off', 'optional', 'administrators', 'everyone'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];

/** The signed-in user's own second factors, as the profile's 'Sign-in security' shows them. */
export const MyFactorsSchema = v.looseObject({
  /** A confirmed authenticator app. */
  totp: v.boolean(),
  /** Unused recovery codes. */
  recoveryCodesLeft: int,
  /** The e-mailed code (the account's two-factor setting). */
  email: v.boolean(),
  /** Single sign-on users are exempt: their provider decides. */
  isSsoUser: v.boolean(),
  /** The licence's policy, and whether this user must have a factor under it. */
  policy: v.picklist(SECOND_FACTOR_POLICIES),
  phishingResistantOnly: v.boolean(),
  required: v.boolean(),
});
export type MyFactors = v.InferOutput<typeof MyFactorsSchema>;

/** The start of an authenticator app's set-up: the secret (shown once, to its owner) and its QR code. */
export const TotpSetupSchema = v.looseObject({
  /** Base32, as apps take it typed in. */
  secret: v.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUrl: v.string(),
  /** The QR code as a PNG data URL, drawn by the server. */
  qrCode: v.string(),
});
export type TotpSetup = v.InferOutput<typeof TotpSetupSchema>;

/** A new set of recovery codes: shown once, never again. */
export const RecoveryCodesSchema = v.looseObject({ recoveryCodes: v.array(v.string()) });

/** POST login/2fa/passkey: the ticket of a passkey prompt for the account of a two-factor challenge. */
export const PasskeyTicketSchema = v.looseObject({ token: v.string() });
