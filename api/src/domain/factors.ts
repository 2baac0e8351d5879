/**
 * Second factors (issue 40): which ones a user can sign in with, the authenticator app's codes
 * (TOTP, RFC 6238: 30-second steps, six digits, SHA-1, accepted one step either side, each
 * step once) and the single-use recovery codes. The passkeys add their own factor here.
 *
 * Secrets never leave this file in clear except to the owner at set-up: the TOTP secret is
 * kept encrypted (services/factor-crypto.ts), recovery codes as SHA-256 hashes.
 */
import { and, count, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { randomInt } from 'node:crypto';
import type { SecondFactorPolicy, SignInFactor } from 'contracts/auth/model';
import { PORTAL_ROLES } from 'shared/roles';
import type { Db } from '../db/client';
import { licenses, recoveryCodes, totpFactors, users } from '../db/schema';
import type { FactorCrypto } from '../services/factor-crypto';
import { hasPasskeys } from './passkeys';
import { sha256 } from '../services/secrets';

/** A code's step length in seconds (RFC 6238's default, what every authenticator app uses). */
export const TOTP_PERIOD = 30;
/** How many recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The factors a user can finish a sign-in with, in the order the chooser offers them: the
 * authenticator app, a recovery code (while one is left), the e-mailed code (the spec's
 * two-factor step, for a user who has it on and an address). Pure of side effects.
 */
export async function availableFactors(db: Db, userId: number): Promise<SignInFactor[]> {
  const [user] = await db.select({ twoFactorEnabled: users.twoFactorEnabled, email: users.email }).from(users).where(eq(users.userId, userId));
  const factors: SignInFactor[] = [];
  if (await hasTotp(db, userId)) {
    factors.push('totp');
    if ((await recoveryCodesLeft(db, userId)) > 0) factors.push('recovery');
  }
  if (user?.twoFactorEnabled && user.email) factors.push('email');
  if (await hasPasskeys(db, userId)) factors.push('passkey');
  return factors;
}

/** Whether the user has a confirmed authenticator app. */
export async function hasTotp(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return row !== undefined;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** The TOTP of a secret (base32), as an authenticator app computes it. */
export function totpOf(secret: string, issuer: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** A new secret of 160 bits (RFC 4226's recommendation), in base32 as apps take it. */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** The 30-second step `code` belongs to at `now`, within one step either side, or null. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, 'x', 'x').validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

/**
 * Checks an authenticator-app code of a confirmed app and spends its step: a code (and any
 * earlier one) works once, also when two requests race with it (the update's condition).
 * Answers whether it was accepted.
 */
export async function useTotpCode(db: Db, crypto: FactorCrypto, userId: number, code: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  if (!row) return false;
  const step = totpStep(crypto.decrypt(row.secretEncrypted), code, now);
  if (step === null) return false;
  const spent = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastUsedStep, step)))
    .returning({ userId: totpFactors.userId });
  return spent.length === 1;
}

/** A recovery code as shown: ten characters in two groups of five, without look-alikes (0/O, 1/I/L). */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A code as typed (any case, spaces or a dash anywhere) in the form its hash is made of. */
const normalRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

const recoveryHash = (userId: number, code: string) => sha256(`recovery:${userId}:${normalRecoveryCode(code)}`);

/** Replaces the user's recovery codes with a new set and answers it (shown once; only hashes are kept). */
export async function replaceRecoveryCodes(db: Db, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryHash(userId, code), createdAt: now })));
  return codes;
}

/** Spends one unused recovery code of the user; answers whether it was one (of two racing uses, one wins). */
export async function useRecoveryCode(db: Db, userId: number, code: string, now: Date): Promise<boolean> {
  if (normalRecoveryCode(code).length !== 10) return false;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryHash(userId, code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.recoveryCodeId });
  return spent.length > 0;
}

/** Removes the authenticator app and its recovery codes. Answers whether there was a confirmed app. */
export async function removeTotp(db: Db, userId: number): Promise<boolean> {
  const removed = await db.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ confirmedAt: totpFactors.confirmedAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed.some((row) => row.confirmedAt !== null);
}

/** Anyone holding one of these counts as an administrator for the 'administrators' policy. */
export const isAdministrativeRole = (role: string) => (PORTAL_ROLES as readonly string[]).includes(role) || role.startsWith('ADMINISTER_');

/** The licence's second-factor policy and whether it requires a factor of this user (single sign-on users are exempt). */
export async function factorPolicyFor(
  db: Db,
  user: { licenseId: number; isSsoUser: boolean },
  roleNames: readonly string[],
): Promise<{ policy: SecondFactorPolicy; phishingResistantOnly: boolean; required: boolean }> {
  const [license] = await db
    .select({ policy: licenses.secondFactorPolicy, phishingResistant: licenses.secondFactorPhishingResistant })
    .from(licenses)
    .where(eq(licenses.licenseId, user.licenseId));
  const policy = (license?.policy ?? 'optional') as SecondFactorPolicy;
  const required = !user.isSsoUser && (policy === 'everyone' || (policy === 'administrators' && roleNames.some(isAdministrativeRole)));
  return { policy, phishingResistantOnly: license?.phishingResistant ?? false, required };
}

/**
 * Whether the user's factors meet a required policy: any factor but the e-mailed code (which
 * phishing defeats, issue 40); with 'phishing-resistant only', a passkey (none yet: the passkeys add it).
 */
export function meetsPolicy(factors: readonly string[], phishingResistantOnly: boolean): boolean {
  return phishingResistantOnly ? factors.includes('passkey') : factors.some((f) => f !== 'email' && f !== 'recovery');
}
