/**
 * Passkeys (WebAuthn, issue 40) with @simplewebauthn/server: the relying party from
 * PUBLIC_URL, one-use challenges stored as hashes, and the checks of an assertion that every
 * passkey use shares (the passwordless sign-in, the second factor after a password, the
 * confirmation before removing one). Attestation 'none', user verification required; the
 * signature counter and the backed-up flags are stored and checked.
 *
 * Until the factor chooser (issue 40, `totp`) lands, `passkeyFactor` is this file's small
 * version of `availableFactors`: a user with two-factor sign-in and a passkey is asked for the
 * passkey after the password.
 */
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { passkeys, webauthnChallenges } from '../db/schema';
import { sha256 } from '../services/secrets';

/** How long a challenge may be answered (the browser's prompt times out after two minutes). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const PROMPT_TIMEOUT_MS = 120_000;

export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * The relying party: its id is PUBLIC_URL's host name and the only origin accepted is
 * PUBLIC_URL's. A browser refuses an IP address as relying party id: a deployment (and a test)
 * that uses passkeys is reached by a name (`localhost` counts as a secure context).
 */
export function relyingParty(config: Pick<Config, 'publicUrl' | 'productName'>) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: config.productName };
}

/** The options as JSON for the browser (the reply's schema reads any object with a challenge). */
const forBrowser = (options: PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON) =>
  options as unknown as { challenge: string; [key: string]: unknown };

/** The user handle a passkey carries for its account: the user's id, never a name. */
export const userHandleOf = (userId: number) => Buffer.from(String(userId), 'utf8').toString('base64url');

/** A challenge row's id, and the challenge as the options carry it. */
async function storeChallenge(db: Db, purpose: ChallengePurpose, userId: number | null, challenge: string | null, now: Date) {
  // Answered or not, old challenges go: the table holds the last few minutes only.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({
      purpose,
      userId,
      challengeHash: challenge === null ? null : sha256(challenge),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    })
    .returning({ challengeId: webauthnChallenges.challengeId });
  return row!.challengeId;
}

/** The passkeys of a user, oldest first. */
export const passkeysOf = (db: Db, userId: number) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.credentialId));

/** Whether the user has a passkey: then the passkey is their second factor after the password. */
export async function hasPasskeys(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return Boolean(row);
}

/**
 * The password step's answer for a user whose second factor is a passkey: a ticket (an
 * unanswered 'second-factor' challenge bound to the user) that `login/passkey/options` turns
 * into the browser's options.
 */
export async function passkeyFactor(db: Db, userId: number, userName: string, now: Date) {
  const token = await storeChallenge(db, 'second-factor', userId, null, now);
  return { type: 'factor' as const, token, userName, factors: ['passkey'] };
}

/** Options to register a passkey for a user (discoverable, user verification required, attestation 'none'). */
export async function registrationOptions(db: Db, config: Config, user: { userId: number; userName: string; displayName: string }, now: Date) {
  const { rpID, rpName } = relyingParty(config);
  const existing = await passkeysOf(db, user.userId);
  const options: PublicKeyCredentialCreationOptionsJSON = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.userName,
    userID: Buffer.from(String(user.userId), 'utf8'),
    userDisplayName: user.displayName || user.userName,
    attestationType: 'none',
    timeout: PROMPT_TIMEOUT_MS,
    // Not the same authenticator twice.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  const challengeId = await storeChallenge(db, 'register', user.userId, options.challenge, now);
  return { challengeId, options: forBrowser(options) };
}

/**
 * Options to assert a passkey. With `userId` (a second factor, a confirmation) only that
 * user's passkeys are allowed; without, the browser offers the discoverable passkeys it has.
 */
async function requestOptions(db: Db, config: Config, userId: number | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed = userId === null ? undefined : (await passkeysOf(db, userId)).map((p) => ({ id: p.credentialId, transports: p.transports }));
  return generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: allowed,
    userVerification: 'required',
    timeout: PROMPT_TIMEOUT_MS,
  });
}

/** A new passwordless sign-in challenge, or a confirmation challenge for the signed-in user. */
export async function assertionOptions(db: Db, config: Config, purpose: 'sign-in' | 'confirm', userId: number | null, now: Date) {
  const options = await requestOptions(db, config, userId);
  const challengeId = await storeChallenge(db, purpose, userId, options.challenge, now);
  return { challengeId, options: forBrowser(options) };
}

/** The options of a second factor's ticket (asked again, a new challenge replaces the last); undefined when the ticket is not live. */
export async function secondFactorOptions(db: Db, config: Config, token: string, now: Date) {
  if (!isChallengeId(token)) return undefined;
  const [ticket] = await db
    .select()
    .from(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeId, token),
        eq(webauthnChallenges.purpose, 'second-factor'),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    );
  if (!ticket?.userId) return undefined;
  const options = await requestOptions(db, config, ticket.userId);
  await db
    .update(webauthnChallenges)
    .set({ challengeHash: sha256(options.challenge) })
    .where(eq(webauthnChallenges.challengeId, token));
  return { challengeId: token, options: forBrowser(options) };
}

export const isChallengeId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Spends a live challenge of one of `purposes` (one use: of two answers racing, one wins; a
 * spent, expired or unknown one answers undefined). It is spent before the answer is checked,
 * so a wrong answer cannot be retried on the same challenge.
 */
export async function spendChallenge(db: Db, challengeId: string, purposes: readonly ChallengePurpose[], now: Date) {
  if (!isChallengeId(challengeId)) return undefined;
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challengeId, challengeId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
        sql`${webauthnChallenges.purpose} in (${sql.join(
          purposes.map((p) => sql`${p}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  return row?.challengeHash ? row : undefined;
}

/** Does the challenge the browser signed hash to the stored one? */
export const challengeMatches = (challengeHash: string) => (challenge: string) => sha256(challenge) === challengeHash;

/** What a verified assertion changes on its passkey. */
export interface AssertionResult {
  newCounter: number;
  backedUp: boolean;
  deviceType: string;
}

/**
 * Checks a browser's assertion against a stored passkey: the challenge, origin and relying
 * party, the signature, user verification, a counter that only goes up (a cloned
 * authenticator's goes back), the user handle when the browser sends one, and a device type
 * that cannot change (a single-device passkey never becomes a synced one). Undefined when any
 * check fails: the caller refuses it as one failure, whatever the reason.
 */
export async function verifyAssertion(
  config: Config,
  passkey: PasskeyRow,
  challengeHash: string,
  response: AuthenticationResponseJSON,
): Promise<AssertionResult | undefined> {
  const { rpID, origin } = relyingParty(config);
  const handle = response.response.userHandle;
  if (handle && handle !== userHandleOf(passkey.userId)) return undefined;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challengeMatches(challengeHash),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!verified || !authenticationInfo.userVerified) return undefined;
    if (authenticationInfo.credentialDeviceType !== passkey.deviceType) return undefined;
    return { newCounter: authenticationInfo.newCounter, backedUp: authenticationInfo.credentialBackedUp, deviceType: authenticationInfo.credentialDeviceType };
  } catch {
    // A malformed answer, a bad signature, a counter going back: all one refusal.
    return undefined;
  }
}

/**
 * Records a use of a passkey, only if its counter is still the one checked (two uses racing
 * with the same counter: one wins). False when another use came first.
 */
export async function recordUse(db: Db, passkey: PasskeyRow, result: AssertionResult, now: Date): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ counter: result.newCounter, backedUp: result.backedUp, lastUsedAt: now })
    .where(and(eq(passkeys.credentialId, passkey.credentialId), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.credentialId });
  return updated.length === 1;
}

/** A passkey as the profile lists it: never its public key. */
export const passkeyReply = (p: PasskeyRow) => ({
  id: p.credentialId,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  backedUp: p.backedUp,
  deviceType: p.deviceType,
});
