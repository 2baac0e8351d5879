/** Answers of the passkey calls (issue 40): the WebAuthn options, the profile's passkeys, the second-factor step. */
import * as v from 'valibot';

/**
 * What the browser's WebAuthn call takes (`PublicKeyCredentialCreationOptionsJSON` or
 * `…RequestOptionsJSON`, passed to @simplewebauthn/browser as they are), and the id of the
 * one-use challenge on the server that the answer goes back with.
 */
export const PasskeyOptionsReplySchema = v.looseObject({
  challengeId: v.string(),
  options: v.looseObject({ challenge: v.string() }),
});
export type PasskeyOptionsReply = v.InferOutput<typeof PasskeyOptionsReplySchema>;

/** One passkey of the signed-in user, as the profile lists it (never its public key). */
export const PasskeySchema = v.looseObject({
  id: v.string(),
  name: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  /** Synced to other devices (a multi-device passkey) and backed up. */
  backedUp: v.boolean(),
  deviceType: v.string(),
});
export type Passkey = v.InferOutput<typeof PasskeySchema>;

export const PasskeyListSchema = v.array(PasskeySchema);

/**
 * The password step's answer when the account asks for another factor than the e-mailed code:
 * `token` names the step, `factors` what the user may use (here 'passkey').
 */
export const FactorReplySchema = v.looseObject({
  type: v.literal('factor'),
  token: v.string(),
  userName: v.string(),
  factors: v.array(v.string()),
});
