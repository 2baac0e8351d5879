/**
 * Failed sign-in lockout (issue 36 item 4), on Keycloak's brute-force detection (its mixed
 * mode): after the licence's MaxFailedAccessAttempts failed sign-ins in a row (wrong
 * passwords and wrong two-factor codes alike) the account is locked for LockoutWaitSeconds;
 * each further round doubles the wait, up to LockoutMaxWaitSeconds. After MaxTemporaryLockouts
 * rounds without a successful sign-in (0: never) the next round sets the spec's lasting Locked
 * flag, as an administrator's lock does. Failures during a lock are not counted (so a lock
 * cannot be made longer by hammering it), and failures further apart than
 * FailureResetSeconds start the count again. A successful sign-in clears it all.
 *
 * Nothing here answers differently: the sign-in calls refuse a locked account exactly as a
 * wrong password. The owner learns of a lock by mail (the first temporary lock of a series,
 * and the lasting one), with a reset link: a new password unlocks the account.
 *
 * The state lives in the users row (locked_until, lockout_rounds, failed_login_count,
 * last_failed_login_date), read and written under the row's lock, so concurrent failures on
 * several servers count exactly and lock once.
 */
import { eq } from 'drizzle-orm';
import { MAX_LOCKOUT_WAIT_SECONDS, type UserPasswordConfig } from 'contracts/auth/model';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { endSessions } from '../../domain/ceiling';
import type { AuditEntry } from '../../http/audit';
import { Limits } from '../../services/throttle';
import type { UserRow } from './auth.service';
import { sendResetLink } from './reset-link';

/** What the users row holds of the lockout. */
export interface LockoutState {
  failedLoginCount: number;
  lastFailedLoginDate: Date | null;
  lockedUntil: Date | null;
  lockoutRounds: number;
  isLockedOut: boolean;
  lastLockedDate: Date | null;
}

/** An unlocked account with no failures: what a new password, an administrator's unlock and a successful sign-in write. */
export const UNLOCKED = { isLockedOut: false, lockedUntil: null, lockoutRounds: 0, failedLoginCount: 0 } as const;

/** Whether every sign-in is refused, whatever its credentials: the lasting lock, or a temporary one not over yet. */
export function isLocked(state: Pick<LockoutState, 'isLockedOut' | 'lockedUntil'>, now: Date): boolean {
  return state.isLockedOut || (state.lockedUntil !== null && state.lockedUntil > now);
}

/** The end of a temporary lock while it lasts, else null: what the user view and list show. */
export function lockedUntilOf(state: Pick<LockoutState, 'isLockedOut' | 'lockedUntil'>, now: Date): string | null {
  return !state.isLockedOut && state.lockedUntil && state.lockedUntil > now ? state.lockedUntil.toISOString() : null;
}

/** The wait of temporary lock number `round` (1, 2, …): the first wait, doubled each round, up to the longest (and a day). */
export function lockoutWaitSeconds(policy: UserPasswordConfig, round: number): number {
  const longest = Math.min(Math.max(policy.LockoutMaxWaitSeconds, policy.LockoutWaitSeconds), MAX_LOCKOUT_WAIT_SECONDS);
  return Math.min(policy.LockoutWaitSeconds * 2 ** Math.min(round - 1, 30), longest);
}

/** What one failed sign-in does: nothing (locked already), counted, a temporary lock, or the lasting one. */
export type FailureOutcome =
  | { event: 'ignored' }
  | { event: 'counted'; next: Partial<LockoutState> }
  | { event: 'temporary'; next: Partial<LockoutState>; round: number; waitSeconds: number; until: Date }
  | { event: 'permanent'; next: Partial<LockoutState>; round: number };

/** The lockout's rule, on its own: the state after one more failure at `now`. */
export function afterFailure(state: LockoutState, policy: UserPasswordConfig, now: Date): FailureOutcome {
  if (isLocked(state, now)) return { event: 'ignored' };
  const forget =
    policy.FailureResetSeconds > 0 &&
    state.lastFailedLoginDate !== null &&
    now.getTime() - state.lastFailedLoginDate.getTime() > policy.FailureResetSeconds * 1000;
  const count = (forget ? 0 : state.failedLoginCount) + 1;
  const rounds = forget ? 0 : state.lockoutRounds;
  if (policy.MaxFailedAccessAttempts <= 0 || count < policy.MaxFailedAccessAttempts) {
    return { event: 'counted', next: { failedLoginCount: count, lastFailedLoginDate: now, lockoutRounds: rounds, lockedUntil: null } };
  }
  const round = rounds + 1;
  const lasting = policy.LockoutWaitSeconds <= 0 || (policy.MaxTemporaryLockouts > 0 && round > policy.MaxTemporaryLockouts);
  const locked = { failedLoginCount: 0, lastFailedLoginDate: now, lockoutRounds: round, lastLockedDate: now };
  if (lasting) return { event: 'permanent', round, next: { ...locked, lockedUntil: null, isLockedOut: true } };
  const waitSeconds = lockoutWaitSeconds(policy, round);
  const until = new Date(now.getTime() + waitSeconds * 1000);
  return { event: 'temporary', round, waitSeconds, until, next: { ...locked, lockedUntil: until } };
}

/** The History's words for each outcome ('locked after repeated failures' tells an automatic lock from an administrator's). */
export const LockoutEvents = {
  failed: 'failed sign-in',
  temporary: (waitSeconds: number) => `locked for ${waitSeconds} s after failed sign-ins`,
  permanent: 'locked after repeated failures',
  unlockedByPassword: 'unlocked by a new password',
  unlockedBySignIn: 'lockout cleared by a successful sign-in',
  unlockedByAdministrator: 'unlocked by an administrator',
} as const;

const stateColumns = {
  failedLoginCount: users.failedLoginCount,
  lastFailedLoginDate: users.lastFailedLoginDate,
  lockedUntil: users.lockedUntil,
  lockoutRounds: users.lockoutRounds,
  isLockedOut: users.isLockedOut,
  lastLockedDate: users.lastLockedDate,
};

/**
 * Counts a failed sign-in of `userId` under its row's lock (so concurrent failures, on any
 * server, count one by one and lock once), and ends its sessions when the lock is the lasting one.
 */
export async function recordFailedSignIn(
  db: Db,
  userId: number,
  policy: UserPasswordConfig,
  now: Date,
): Promise<{ before: LockoutState; outcome: FailureOutcome } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(stateColumns).from(users).where(eq(users.userId, userId)).for('update');
    if (!before) return undefined;
    const outcome = afterFailure(before, policy, now);
    if (outcome.event === 'ignored') return { before, outcome };
    await tx.update(users).set(outcome.next).where(eq(users.userId, userId));
    // A lasting lock ends the sessions for good, as an administrator's does; a temporary one does
    // not, or a stranger's guesses would sign the owner out.
    if (outcome.event === 'permanent') await endSessions(tx, [userId], now);
    return { before, outcome };
  });
}

/** What a sign-in call needs to count a failure: its services, the request's database, its audit and clock. */
export interface FailureContext {
  deps: AppDeps;
  db: Db;
  audit(entry: AuditEntry): void;
  now: Date;
}

/**
 * Counts a failed sign-in (a wrong password or code) of a real account: the lockout, the
 * user's History, and the owner's mail when it locks. The caller then refuses the sign-in
 * exactly as for an unknown user: nothing here changes the answer.
 */
export async function countFailedSignIn(
  { deps, db, audit, now }: FailureContext,
  user: UserRow,
  policy: UserPasswordConfig,
): Promise<FailureOutcome | undefined> {
  const recorded = await recordFailedSignIn(db, user.userId, policy, now);
  if (!recorded) return undefined;
  const { before, outcome } = recorded;
  if (outcome.event === 'ignored') {
    // Not counted and not in the user's History; the audit log keeps the attempt.
    audit({ entity: 'login', entityId: user.userId, after: { result: 'refused while locked' } });
    return outcome;
  }
  const changed = Object.keys(outcome.next).filter((key) => key !== 'lastFailedLoginDate') as (keyof LockoutState)[];
  const event =
    outcome.event === 'counted' ? LockoutEvents.failed : outcome.event === 'temporary' ? LockoutEvents.temporary(outcome.waitSeconds) : LockoutEvents.permanent;
  audit({
    entity: 'user',
    entityId: user.userId,
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: { ...Object.fromEntries(changed.map((key) => [key, outcome.next[key]])), event },
  });
  // One mail per lock: the first temporary lock of a series, and the lasting one.
  if ((outcome.event === 'temporary' && outcome.round === 1) || outcome.event === 'permanent') mailLockNotice(deps, user, outcome, policy);
  return outcome;
}

/** '1 minute', '15 minutes', '90 seconds'. */
function duration(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Tells the owner of a locked account what happened, with a reset link that unlocks it (the
 * recovery link, within the account's hourly limit of recovery mails). It goes after the
 * reply, so the reply neither waits for it nor tells that it went.
 */
function mailLockNotice(
  deps: AppDeps,
  user: UserRow,
  outcome: Extract<FailureOutcome, { event: 'temporary' | 'permanent' }>,
  policy: UserPasswordConfig,
): void {
  if (!user.email) return;
  const product = deps.config.productName;
  const attempts = `${policy.MaxFailedAccessAttempts} wrong ${policy.MaxFailedAccessAttempts === 1 ? 'password or sign-in code' : 'passwords or sign-in codes'}`;
  const notice =
    outcome.event === 'temporary'
      ? {
          subject: `Your ${product} account is locked for a while`,
          intro:
            `After ${attempts} in a row for your account ${user.userName}, signing in to it is locked for ${duration(outcome.waitSeconds)} ` +
            `(until ${utc(outcome.until)}). ` +
            'If the wrong attempts go on after that, each lock lasts longer.\n\n' +
            'If it was you and you have forgotten your password, choose a new one: that unlocks the account at once.\n',
        }
      : {
          subject: `Your ${product} account is locked`,
          intro:
            `After repeated wrong passwords or sign-in codes for your account ${user.userName}, it is locked until it is unlocked. ` +
            'Choosing a new password unlocks it; so can your administrator.\n',
        };
  deps.background.run('lockout mail', async () => {
    const mails = await deps.throttle.hit(Limits.recoveryMailsPerAccount, user.userName);
    if (mails.hits > Limits.recoveryMailsPerAccount.max) {
      deps.log.info('lockout without a mail', { userId: user.userId, capped: true });
      return;
    }
    await sendResetLink(deps, user, notice.intro, {
      subject: notice.subject,
      outro: 'If it was not you, someone else has tried to sign in as you: a new password keeps the account yours.',
    });
  });
}
