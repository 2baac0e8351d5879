/**
 * A user's lock as the user list and view show it (issue 36): isLockedOut is the lasting
 * Locked flag (an administrator's, or after repeated failed sign-ins); lockedUntil the end of
 * a temporary lock after failed sign-ins, which the server answers while it lasts.
 */

/** The end of the user's temporary lock if it is still on at `now`, else null (a lasting lock shows as Locked). */
export function temporaryLockEnd(user: { isLockedOut: boolean; lockedUntil?: string | null }, now: Date = new Date()): string | null {
  if (user.isLockedOut || !user.lockedUntil) return null;
  return new Date(user.lockedUntil) > now ? user.lockedUntil : null;
}
