/** Bodies of the passkey calls (issue 40). WebAuthn answers are bounded; the server verifies them with @simplewebauthn/server. */
import * as v from 'valibot';
import { PasskeyMessages } from './passkeys.messages';

const MAX_FIELD = 16_384;
const b64 = v.pipe(v.string(), v.maxLength(MAX_FIELD));
const challengeId = v.pipe(v.string(), v.maxLength(64));

/** A browser's WebAuthn answer (`RegistrationResponseJSON` or `AuthenticationResponseJSON`), bounded. */
export const WebAuthnResponseSchema = v.looseObject({
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(1024)),
  rawId: v.pipe(v.string(), v.maxLength(1024)),
  type: v.literal('public-key'),
  response: v.looseObject({
    clientDataJSON: b64,
    attestationObject: v.optional(b64),
    authenticatorData: v.optional(b64),
    signature: v.optional(b64),
    userHandle: v.optional(v.nullable(b64)),
    transports: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(16))),
  }),
  authenticatorAttachment: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(32)))),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
});

export const passkeyName = v.pipe(v.string(), v.trim(), v.nonEmpty(PasskeyMessages.nameRequired), v.maxLength(100, PasskeyMessages.nameTooLong));

/** The profile's form: the new passkey's name. */
export const PasskeyNameSchema = v.object({ name: passkeyName });

/** Options for a passwordless sign-in, or (with `token`, the password step's) for the second factor. */
export const PasskeySignInOptionsSchema = v.object({ token: v.optional(challengeId) });

/** A passkey sign-in: the challenge's id and the browser's assertion. */
export const PasskeySignInSchema = v.object({ challengeId, response: WebAuthnResponseSchema });

/** A new passkey: its name, the registration challenge and the browser's attestation ('none'). */
export const AddPasskeySchema = v.object({ name: passkeyName, challengeId, response: WebAuthnResponseSchema });

/** Removing a passkey asks again who it is: the password, or a fresh assertion of a passkey. */
export const RemovePasskeySchema = v.object({
  password: v.optional(v.pipe(v.string(), v.maxLength(256))),
  challengeId: v.optional(challengeId),
  response: v.optional(WebAuthnResponseSchema),
});

/** The profile's removal dialog: the password that confirms it (or a passkey instead). */
export const ConfirmPasswordSchema = v.object({ password: v.pipe(v.string(), v.nonEmpty(PasskeyMessages.confirmRemoval), v.maxLength(256)) });
