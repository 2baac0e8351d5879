/**
 * What the second-factor calls do (factors.routes.ts has their definitions): the signed-in
 * user's authenticator app (start, confirm, remove), recovery codes, and the e-mailed code
 * chosen at the two-factor step. The TOTP secret is answered once, at the start of its set-up,
 * to its owner; it is kept encrypted and recovery codes only as hashes.
 */
import bwipjs from 'bwip-js/node';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { AuthMessages, FactorMessages, type SignInFactor } from 'contracts/auth/model';
import type { Db } from '../../db/client';
import { sessions, totpFactors, twoFactorChallenges, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import {
  availableFactors,
  factorPolicyFor,
  hasTotp,
  meetsPolicy,
  newTotpSecret,
  recoveryCodesLeft,
  removeTotp,
  replaceRecoveryCodes,
  totpOf,
  totpStep,
} from '../../domain/factors';
import { passkeyFactor } from '../../domain/passkeys';
import type { Caller } from '../../http/auth';
import { clientAddress } from '../../http/client-address';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { implement } from '../../http/route';
import { Limits } from '../../services/throttle';
import { sixDigitCode } from '../../services/secrets';
import { mailSignInCode, type UserRow } from './auth.service';
import { codeHash, TWO_FACTOR_MAX_ATTEMPTS } from './two-factor';
import { factorSpecs } from './factors.routes';

async function ownUser(db: Db, caller: Caller): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.userId, caller.userId));
  if (!user) throw forbidden();
  return user;
}

/** Changes that weaken or replace a factor ask for the password again; wrong guesses count like failed sign-ins. */
async function assertPassword(deps: AppDeps, user: UserRow, given: string): Promise<void> {
  await deps.throttle.assertUnder([Limits.loginFailuresPerAccount, user.userName]);
  if (!(await deps.passwords.verify(given, user.passwordHash))) {
    await deps.throttle.hit(Limits.loginFailuresPerAccount, user.userName);
    throw badRequest(AuthMessages.currentPasswordWrong, { errors: { password: AuthMessages.currentPasswordWrong } });
  }
}

/** Tells the owner that a factor was added or removed, after the reply (and after the commit). */
function mailFactorChange(deps: AppDeps, user: UserRow, what: string): void {
  if (!user.email) return;
  deps.background.run('factor change mail', () =>
    deps.mailer.send({
      to: user.email,
      subject: `${deps.config.productName}: ${what}`,
      text: `${what} for your account ${user.userName}.\n\n` + 'If it was not you, change your password at once and tell your administrator.',
    }),
  );
}

const ssoRefused = (user: UserRow) => {
  if (user.isSsoUser) throw forbidden(FactorMessages.ssoExempt);
};

/**
 * The chooser's open challenge and its user, when `factor` is among the user's factors; anything
 * else (malformed, unknown, used, expired, tried too often, a factor the user lacks) is the same
 * 400, counted toward the per-address limit of wrong codes.
 */
async function openChallengeFor(c: Context, deps: AppDeps, db: Db, challengeId: string, factor: SignInFactor) {
  const now = deps.clock.now();
  const address = clientAddress(c, deps.config.trustProxy);
  await deps.throttle.assertUnder([Limits.codeFailuresPerAddress, address]);
  const refuse = async () => {
    await deps.throttle.hit(Limits.codeFailuresPerAddress, address);
    return badRequest(AuthMessages.twoFactorInvalid);
  };
  if (!/^[0-9a-f-]{36}$/i.test(challengeId)) throw await refuse();
  const [challenge] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.challengeId, challengeId), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, now)));
  if (!challenge || challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS) throw await refuse();
  const [user] = await db.select().from(users).where(eq(users.userId, challenge.userId));
  if (!user || !(await availableFactors(db, user.userId)).includes(factor)) throw await refuse();
  return { challenge, user };
}

export const factorRoutes = implement(factorSpecs, {
  async getMyFactors({ db, caller, json }) {
    const user = await ownUser(db, caller);
    const factors = await availableFactors(db, user.userId);
    const policy = await factorPolicyFor(db, user, [...caller.roles]);
    return json({
      totp: factors.includes('totp'),
      recoveryCodesLeft: await recoveryCodesLeft(db, user.userId),
      email: factors.includes('email'),
      isSsoUser: user.isSsoUser,
      ...policy,
    });
  },

  async startTotpSetup({ deps, db, caller, audit, json }) {
    const user = await ownUser(db, caller);
    ssoRefused(user);
    if ((await factorPolicyFor(db, user, [...caller.roles])).policy === 'off') throw forbidden(FactorMessages.factorsOff);
    if (await hasTotp(db, user.userId)) throw conflict(FactorMessages.totpAlreadySetUp);
    const secret = newTotpSecret();
    const now = deps.clock.now();
    const sealed = deps.factorCrypto.encrypt(secret);
    await db
      .insert(totpFactors)
      .values({ userId: user.userId, secretEncrypted: sealed, createdAt: now })
      .onConflictDoUpdate({ target: totpFactors.userId, set: { secretEncrypted: sealed, createdAt: now, lastUsedStep: 0 } });
    const otpauthUrl = totpOf(secret, deps.config.productName, user.userName).toString();
    const png = await bwipjs.toBuffer({ bcid: 'qrcode', text: otpauthUrl, scale: 4, paddingwidth: 2, paddingheight: 2, backgroundcolor: 'FFFFFF' });
    audit({ entity: 'user', entityId: user.userId, after: { authenticatorApp: 'set-up started' } });
    return json({ secret, otpauthUrl, qrCode: `data:image/png;base64,${png.toString('base64')}` });
  },

  async confirmTotpSetup({ deps, db, caller, body, audit, transaction, json }) {
    const user = await ownUser(db, caller);
    ssoRefused(user);
    const now = deps.clock.now();
    await deps.throttle.assertUnder([Limits.codeFailuresPerAccount, String(user.userId)]);
    const [pending] = await db.select().from(totpFactors).where(eq(totpFactors.userId, user.userId));
    if (!pending) throw badRequest(FactorMessages.totpNotStarted);
    if (pending.confirmedAt) throw conflict(FactorMessages.totpAlreadySetUp);
    const step = totpStep(deps.factorCrypto.decrypt(pending.secretEncrypted), body.code.replace(/\s/g, ''), now);
    if (step === null) {
      await deps.throttle.hit(Limits.codeFailuresPerAccount, String(user.userId));
      throw badRequest(FactorMessages.totpInvalid, { errors: { code: FactorMessages.totpInvalid } });
    }
    const codes = await transaction(async (tx) => {
      const confirmed = await tx
        .update(totpFactors)
        .set({ confirmedAt: now, lastUsedStep: step })
        .where(and(eq(totpFactors.userId, user.userId), isNull(totpFactors.confirmedAt), eq(totpFactors.secretEncrypted, pending.secretEncrypted)))
        .returning({ userId: totpFactors.userId });
      if (confirmed.length === 0) throw badRequest(FactorMessages.totpNotStarted);
      const fresh = await replaceRecoveryCodes(tx as unknown as Db, user.userId, now);
      // A session opened only for this set-up becomes a full one: the policy is met now.
      await tx.update(sessions).set({ setupOnly: false }).where(eq(sessions.sessionId, caller.sessionId));
      audit({ entity: 'user', entityId: user.userId, before: { authenticatorApp: false }, after: { authenticatorApp: true, recoveryCodes: fresh.length } });
      return fresh;
    });
    mailFactorChange(deps, user, 'An authenticator app was set up');
    return json({ recoveryCodes: codes });
  },

  async removeTotp({ deps, db, caller, body, audit, transaction, json }) {
    const user = await ownUser(db, caller);
    ssoRefused(user);
    await assertPassword(deps, user, body.password);
    const factors = await availableFactors(db, user.userId);
    if (!factors.includes('totp')) throw badRequest(FactorMessages.totpNotSetUp);
    const policy = await factorPolicyFor(db, user, [...caller.roles]);
    if (
      policy.required &&
      !meetsPolicy(
        factors.filter((f) => f !== 'totp' && f !== 'recovery'),
        policy.phishingResistantOnly,
      )
    ) {
      throw forbidden(FactorMessages.setupRequired);
    }
    await transaction(async (tx) => {
      await removeTotp(tx as unknown as Db, user.userId);
      audit({ entity: 'user', entityId: user.userId, before: { authenticatorApp: true }, after: { authenticatorApp: false, recoveryCodes: 0 } });
    });
    mailFactorChange(deps, user, 'Your authenticator app was removed');
    return json({ Message: FactorMessages.totpRemoved });
  },

  async regenerateRecoveryCodes({ deps, db, caller, body, audit, transaction, json }) {
    const user = await ownUser(db, caller);
    ssoRefused(user);
    await assertPassword(deps, user, body.password);
    if (!(await hasTotp(db, user.userId))) throw badRequest(FactorMessages.totpNotSetUp);
    const now = deps.clock.now();
    const codes = await transaction(async (tx) => {
      const fresh = await replaceRecoveryCodes(tx as unknown as Db, user.userId, now);
      audit({ entity: 'user', entityId: user.userId, after: { recoveryCodes: 'replaced' } });
      return fresh;
    });
    mailFactorChange(deps, user, 'New recovery codes were made');
    return json({ recoveryCodes: codes });
  },

  async passkeyForFactorChallenge({ c, deps, db, body, json }) {
    const { user } = await openChallengeFor(c, deps, db, body.challenge, 'passkey');
    return json({ token: (await passkeyFactor(db, user.userId, user.userName, deps.clock.now())).token });
  },

  async sendTwoFactorEmail({ c, deps, db, body, audit, json }) {
    const { challenge, user } = await openChallengeFor(c, deps, db, body.challenge, 'email');
    // Once per challenge: the first choice of the e-mailed code sends it; a second answers the same without mail.
    if (challenge.codeHash !== 'pending') return json({ Message: AuthMessages.emailSent });
    const code = sixDigitCode();
    const claimed = await db
      .update(twoFactorChallenges)
      .set({ codeHash: codeHash(challenge.challengeId, code) })
      .where(and(eq(twoFactorChallenges.challengeId, challenge.challengeId), eq(twoFactorChallenges.codeHash, 'pending')))
      .returning({ id: twoFactorChallenges.challengeId });
    if (claimed.length === 1) {
      await mailSignInCode(deps, user, challenge.challengeId, code, audit);
    }
    return json({ Message: AuthMessages.emailSent });
  },
});
