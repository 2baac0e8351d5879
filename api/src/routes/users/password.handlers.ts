/**
 * What the password calls do (password.routes.ts has their definitions). A user's password, from the user tab and from the forced update after sign-in: its
 * state, the policy that applies, and setting it by hand, by e-mailing a generated one
 * (auto reset), or by e-mailing a reset link. Users change their own; administrators with
 * ADMINISTER_USER_CREATE_UPDATE change those of their licence. SSO users have none.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { AuthMessages } from 'contracts/auth/model';
import { formPolicy, passwordProblems } from 'contracts/auth/model';
import { Role } from 'shared/roles';
import { newPasswordSchema } from 'contracts/auth/model';
import { users } from '../../db/schema';
import { assertMayControl, endSessions } from '../../domain/ceiling';
import { lockSeats } from '../../domain/seats';
import type { Caller } from '../../http/auth';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { implement, parseBody } from '../../http/route';
import { passwordSpecs } from './password.routes';
import type { Scope } from '../../http/scope';
import type { AppDeps } from '../../deps';
import { generatePassword } from '../../services/secrets';
import { Limits } from '../../services/throttle';
import { findUserByName, passwordPolicyFor, type UserRow } from '../auth/auth.service';
import { UNLOCKED } from '../auth/lockout';
import { sendResetLink } from '../auth/reset-link';

/** The target user, if the caller may manage their password: self, or an administrator within scope. */
async function managedUser(deps: AppDeps, caller: Caller, scope: Scope, userName: string): Promise<{ user: UserRow; self: boolean }> {
  const user = await findUserByName(deps.db, userName);
  if (!user) throw notFound();
  const self = user.userId === caller.userId;
  if (!self) {
    scope.assert(user.licenseId);
    if (!caller.roles.has(Role.ADMINISTER_USER_CREATE_UPDATE)) throw forbidden();
  }
  return { user, self };
}

/** A user changing their own password proves they know the current one; wrong guesses count like failed sign-ins. */
async function assertCurrentPassword(deps: AppDeps, user: UserRow, given: string): Promise<void> {
  if (!given) throw badRequest(AuthMessages.currentPasswordRequired, { errors: { currentPassword: AuthMessages.currentPasswordRequired } });
  await deps.throttle.assertUnder([Limits.loginFailuresPerAccount, user.userName]);
  if (!(await deps.passwords.verify(given, user.passwordHash))) {
    await deps.throttle.hit(Limits.loginFailuresPerAccount, user.userName);
    throw badRequest(AuthMessages.currentPasswordWrong, { errors: { currentPassword: AuthMessages.currentPasswordWrong } });
  }
}

export const passwordRoutes = implement(passwordSpecs, {
  async getUserPasswordState({ deps, caller, scope, params, json }) {
    const { user } = await managedUser(deps, caller, scope, params.username);
    return json({
      userName: user.userName,
      isSsoUser: user.isSsoUser,
      isSsoInitial: user.isSsoInitial,
      mustUpdatePassword: user.mustUpdatePassword,
      lastPasswordChangeDate: user.lastPasswordChangeDate?.toISOString() ?? null,
      isLockedOut: user.isLockedOut,
      lastLockedDate: user.lastLockedDate?.toISOString() ?? null,
    });
  },

  async getUserPasswordPolicy({ deps, caller, scope, params, json }) {
    const user = await findUserByName(deps.db, params.username);
    if (!user || (user.userId !== caller.userId && !scope.canSee(user.licenseId))) throw notFound();
    return json(formPolicy(await passwordPolicyFor(deps.db, user.licenseId)));
  },

  async setUserPassword({ deps, caller, scope, params, body, audit, transaction, json }) {
    const { user, self } = await managedUser(deps, caller, scope, params.username);
    if (user.isSsoUser) throw badRequest(AuthMessages.ssoPasswordsNotManaged);
    if (self && body.mode !== 'manual' && !caller.roles.has(Role.ADMINISTER_USER_CREATE_UPDATE)) throw forbidden(AuthMessages.passwordSelfOnly);
    const now = deps.clock.now();
    const policy = await passwordPolicyFor(deps.db, user.licenseId);

    if (body.mode === 'link') {
      if (!user.email) throw badRequest(AuthMessages.recoveryEmailRequired);
      await assertMayControl(deps.db, caller, scope, [user.userId]);
      await sendResetLink(deps, user, 'An administrator sent you a link to choose a new password.');
      audit({ entity: 'password-reset-link', entityId: user.userId, after: { sentTo: user.email } });
      return json({ Message: AuthMessages.emailSent });
    }

    let password: string;
    if (body.mode === 'manual') {
      password = parseBody(v.object({ password: newPasswordSchema(policy) }), { password: body.password }).password;
      if (self) await assertCurrentPassword(deps, user, body.currentPassword);
    } else {
      if (!user.email) throw badRequest(AuthMessages.recoveryEmailRequired);
      do password = generatePassword(Math.max(16, policy.RequiredLength));
      while (passwordProblems(password, policy).length > 0);
    }
    const hash = await deps.passwords.hash(password);
    // The hash is made before, and the mail goes after, the transaction that writes the password and its audit entry.
    await transaction(async (tx) => {
      // Control of the account (domain/ceiling.ts), checked under the licence's lock with the write.
      await lockSeats(tx, user.licenseId);
      await assertMayControl(tx, caller, scope, [user.userId]);
      await tx
        .update(users)
        // A new password unlocks the account, for a while or for good (issue 36).
        .set({ passwordHash: hash, lastPasswordChangeDate: now, mustUpdatePassword: !self, ...UNLOCKED })
        .where(eq(users.userId, user.userId));
      // The user's sessions end for good; the caller's own stays so the console carries on.
      await endSessions(tx, [user.userId], now, caller.sessionId);
      audit({ entity: 'user', entityId: user.userId, after: { password: `changed (${body.mode})`, mustUpdatePassword: !self } });
    });
    if (body.mode === 'auto') {
      await deps.mailer.send({
        to: user.email,
        subject: `Your new ${deps.config.productName} password`,
        text: `An administrator reset your password. Your new password is:\n\n${password}\n\nYou will be asked to choose your own when you next sign in.`,
      });
    }
    return json({ Message: body.mode === 'auto' ? AuthMessages.passwordAutoReset : AuthMessages.passwordUpdated });
  },
});
