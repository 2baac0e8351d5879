/**
 * What the passkey calls do (passkeys.routes.ts has their definitions): a passwordless sign-in
 * or the second factor after a password, and the signed-in user's own passkeys.
 */
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { verifyRegistrationResponse, type AuthenticationResponseJSON, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { PasskeyMessages, type WebAuthnResponseSchema } from 'contracts/auth/model';
import { passkeys, users } from '../../db/schema';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import {
  assertionOptions,
  challengeMatches,
  passkeyReply,
  passkeysOf,
  recordUse,
  registrationOptions,
  relyingParty,
  secondFactorOptions,
  spendChallenge,
  verifyAssertion,
} from '../../domain/passkeys';
import type { AuditEntry } from '../../http/audit';
import type { Caller } from '../../http/auth';
import { clientAddress } from '../../http/client-address';
import { badRequest, forbidden, isUniqueViolation, notFound, unauthorized } from '../../http/errors';
import { implement } from '../../http/route';
import { mailFactorChange } from '../../services/factor-mail';
import { Limits } from '../../services/throttle';
import { assertMaySignIn, openSession, passwordPolicyFor, type UserRow } from './auth.service';
import { countFailedSignIn, isLocked, LockoutEvents } from './lockout';
import { passkeySpecs } from './passkeys.routes';

type WebAuthnAnswer = v.InferOutput<typeof WebAuthnResponseSchema>;
// The body is bounded and shaped by the contract; @simplewebauthn checks the rest of it.
const asAssertion = (answer: WebAuthnAnswer) => answer as unknown as AuthenticationResponseJSON;
const asRegistration = (answer: WebAuthnAnswer) => answer as unknown as RegistrationResponseJSON;

async function userById(db: Db, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.userId, userId));
  return user;
}

/** The signed-in caller's own row; single sign-on users sign in at their provider and have no passkeys. */
async function passkeyOwner(deps: AppDeps, db: Db, caller: Caller): Promise<UserRow> {
  const user = await userById(db, caller.userId);
  if (!user) throw notFound();
  if (user.isSsoUser) throw forbidden(PasskeyMessages.ssoUsers);
  return user;
}

/** One of the caller's passkeys, or 404 (another user's is a 404 like a missing one). */
async function ownPasskey(db: Db, userId: number, credentialId: string) {
  const [passkey] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, credentialId), eq(passkeys.userId, userId)));
  if (!passkey) throw notFound();
  return passkey;
}

/** A confirmation by a fresh assertion of one of the caller's passkeys: whether it verified (the use is recorded). */
async function confirmedByPasskey(deps: AppDeps, db: Db, userId: number, challengeId: string, answer: WebAuthnAnswer): Promise<boolean> {
  const now = deps.clock.now();
  const challenge = await spendChallenge(db, challengeId, ['confirm'], now);
  if (!challenge || challenge.userId !== userId) return false;
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, answer.id));
  if (!passkey || passkey.userId !== userId) return false;
  const result = await verifyAssertion(deps.config, passkey, challenge.challengeHash!, asAssertion(answer));
  return Boolean(result) && (await recordUse(db, passkey, result!, now));
}

export const passkeyRoutes = implement(passkeySpecs, {
  async passkeySignInOptions({ c, deps, db, body, json }) {
    const now = deps.clock.now();
    // A client past the sign-in failures' limit gets no more challenges either.
    await deps.throttle.assertUnder([Limits.loginFailuresPerAddress, clientAddress(c, deps.config.trustProxy)]);
    if (body.token !== undefined) {
      const ticket = await secondFactorOptions(db, deps.config, body.token, now);
      if (!ticket) throw badRequest(PasskeyMessages.signInFailed);
      return json(ticket);
    }
    return json(await assertionOptions(db, deps.config, 'sign-in', null, now));
  },

  async loginPasskey({ c, deps, db, body, audit, transaction, json }) {
    const now = deps.clock.now();
    const address = clientAddress(c, deps.config.trustProxy);
    // The same limits as the password and the e-mailed code: past either, a right passkey looks like a wrong one.
    await deps.throttle.assertUnder([Limits.loginFailuresPerAddress, address]);
    const failed = async (user?: UserRow, why = 'passkey not verified') => {
      await deps.throttle.hit(Limits.loginFailuresPerAddress, address);
      if (user) await deps.throttle.hit(Limits.loginFailuresPerAccount, user.userName);
      audit({ entity: 'login', entityId: user?.userId, after: { result: why, method: 'passkey' } });
      return unauthorized(PasskeyMessages.signInFailed);
    };
    const countAgainst = async (user: UserRow, why: string) => {
      await countFailedSignIn({ deps, db, audit, now }, user, await passwordPolicyFor(db, user.licenseId));
      return failed(user, why);
    };
    // Spent first: a replay of this answer, or a second try on this challenge, finds it used.
    const challenge = await spendChallenge(db, body.challengeId, ['sign-in', 'second-factor'], now);
    if (!challenge) throw await failed(undefined, 'challenge unknown, used or expired');
    // After a password, the challenge is that user's: a failure counts against them.
    const challenged = challenge.userId === null ? undefined : await userById(db, challenge.userId);
    const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, body.response.id));
    if (!passkey) throw challenged ? await countAgainst(challenged, 'unknown passkey') : await failed(undefined, 'unknown passkey');
    if (challenged && passkey.userId !== challenged.userId) throw await countAgainst(challenged, 'another user’s passkey');
    const user = challenged ?? (await userById(db, passkey.userId));
    if (!user) throw await failed();
    await deps.throttle.assertUnder([Limits.loginFailuresPerAccount, user.userName]);
    if (user.isSsoUser) throw await failed(user, 'single sign-on user');
    // Locked, for a while or for good: refused as a wrong passkey, and not counted.
    if (isLocked(user, now)) throw await failed(user, 'refused while locked');
    const result = await verifyAssertion(deps.config, passkey, challenge.challengeHash!, asAssertion(body.response));
    if (!result) throw await countAgainst(user, 'passkey not verified');
    const reply = await transaction(async (tx) => {
      if (!(await recordUse(tx, passkey, result, now))) throw unauthorized(PasskeyMessages.signInFailed);
      const roleNames = await assertMaySignIn(deps, tx, user);
      const session = await openSession(deps, tx, user, roleNames, 'passkey');
      if (user.lockoutRounds > 0) {
        audit({
          entity: 'user',
          entityId: user.userId,
          before: { lockoutRounds: user.lockoutRounds },
          after: { lockoutRounds: 0, event: LockoutEvents.unlockedBySignIn },
        });
      }
      audit({
        entity: 'session',
        entityId: session.sessionId,
        actor: { userId: user.userId, userName: user.userName },
        after: { method: challenged ? 'password and passkey' : 'passkey', passkey: passkey.name },
      });
      return session;
    });
    return json(reply);
  },

  async getMyPasskeys({ db, caller, json }) {
    return json((await passkeysOf(db, caller.userId)).map(passkeyReply));
  },

  async passkeyRegistrationOptions({ deps, db, caller, json }) {
    const user = await passkeyOwner(deps, db, caller);
    const displayName = `${user.firstName} ${user.lastName}`.trim();
    return json(await registrationOptions(db, deps.config, { userId: user.userId, userName: user.userName, displayName }, deps.clock.now()));
  },

  async addPasskey({ deps, db, caller, body, audit, transaction, json }) {
    const now = deps.clock.now();
    const user = await passkeyOwner(deps, db, caller);
    const challenge = await spendChallenge(db, body.challengeId, ['register'], now);
    if (!challenge || challenge.userId !== user.userId) throw badRequest(PasskeyMessages.addFailed);
    const { rpID, origin } = relyingParty(deps.config);
    const verification = await verifyRegistrationResponse({
      response: asRegistration(body.response),
      expectedChallenge: challengeMatches(challenge.challengeHash!),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch(() => undefined);
    if (!verification?.verified) throw badRequest(PasskeyMessages.addFailed);
    const info = verification.registrationInfo;
    const values = {
      credentialId: info.credential.id,
      userId: user.userId,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? []).slice(0, 8),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: body.name,
      createdAt: now,
    };
    const added = await transaction(async (tx) => {
      const [row] = await tx.insert(passkeys).values(values).returning();
      audit({ entity: 'user', entityId: user.userId, after: { passkeyAdded: row!.name, deviceType: row!.deviceType, backedUp: row!.backedUp } });
      return row!;
    }).catch((error: unknown) => {
      // The same authenticator's passkey again (the browser excludes it; a crafted call does not).
      if (isUniqueViolation(error)) throw badRequest(PasskeyMessages.addFailed);
      throw error;
    });
    mailFactorChange(deps, { user, factor: 'passkey', name: added.name, change: 'added' });
    return json(passkeyReply(added), 201);
  },

  async renamePasskey({ db, caller, params, body, audit, json }) {
    const passkey = await ownPasskey(db, caller.userId, params.id);
    const [renamed] = await db.update(passkeys).set({ name: body.name }).where(eq(passkeys.credentialId, passkey.credentialId)).returning();
    audit({ entity: 'user', entityId: caller.userId, before: { passkeyName: passkey.name }, after: { passkeyName: renamed!.name } });
    return json(passkeyReply(renamed!));
  },

  async passkeyConfirmOptions({ deps, db, caller, json }) {
    await passkeyOwner(deps, db, caller);
    return json(await assertionOptions(db, deps.config, 'confirm', caller.userId, deps.clock.now()));
  },

  async removePasskey({ deps, db, caller, params, body, audit, transaction, json }) {
    const user = await passkeyOwner(deps, db, caller);
    const passkey = await ownPasskey(db, user.userId, params.id);
    await confirmIdentity(deps, db, user, body, audit);
    await transaction(async (tx) => {
      await tx.delete(passkeys).where(eq(passkeys.credentialId, passkey.credentialId));
      audit({ entity: 'user', entityId: user.userId, before: { passkey: passkey.name }, after: { passkeyRemoved: passkey.name } });
    });
    mailFactorChange(deps, { user, factor: 'passkey', name: passkey.name, change: 'removed' });
    return json({ Message: PasskeyMessages.removed });
  },
});

/**
 * Removing a factor asks again who it is (a session left open must not be enough): the
 * password, or a fresh assertion of one of the user's passkeys. Wrong passwords count like
 * failed sign-ins on the account's throttle.
 */
async function confirmIdentity(
  deps: AppDeps,
  db: Db,
  user: UserRow,
  body: { password?: string; challengeId?: string; response?: WebAuthnAnswer },
  audit: (e: AuditEntry) => void,
) {
  await deps.throttle.assertUnder([Limits.loginFailuresPerAccount, user.userName]);
  let confirmed: boolean;
  if (body.challengeId && body.response) confirmed = await confirmedByPasskey(deps, db, user.userId, body.challengeId, body.response);
  else if (body.password && user.passwordHash) confirmed = await deps.passwords.verify(body.password, user.passwordHash);
  else throw badRequest(PasskeyMessages.confirmRemoval, { errors: { password: PasskeyMessages.confirmRemoval } });
  if (!confirmed) {
    await deps.throttle.hit(Limits.loginFailuresPerAccount, user.userName);
    audit({ entity: 'passkey', entityId: user.userId, after: { result: 'removal not confirmed' } });
    throw badRequest(PasskeyMessages.confirmFailed, { errors: { password: PasskeyMessages.confirmFailed } });
  }
}
