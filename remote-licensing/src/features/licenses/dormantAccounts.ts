/** How the seat dashboard words a dormant account (ours, issue 24): its seats, its last sign-in, and what freeing takes. */
import type { DormantAccount, DormantSeat } from 'contracts/licensing';
import { formatDay } from 'kit';

/** The last sign-in of an account that never signed in. */
export const NEVER = 'Never';

/**
 * One seat as the table and its CSV say it: the product licence's name, and when user groups
 * give it, which ones ('Progress Tracking (through Mill Heritage Crew)'); a seat held directly
 * and through groups too says both, since freeing leaves the groups' seat in place.
 */
export function seatText(seat: DormantSeat): string {
  if (seat.groups.length === 0) return seat.name;
  const groups = seat.groups.join(', ');
  return seat.direct ? `${seat.name} (direct and through ${groups})` : `${seat.name} (through ${groups})`;
}

/** Every seat the account holds, in one line (the CSV's cell and the search's text). */
export const seatsText = (account: DormantAccount) => account.seats.map(seatText).join('; ');

/** The day of the last sign-in, or 'Never'. */
export const lastSignInText = (account: DormantAccount) => (account.lastLoginDate ? formatDay(account.lastLoginDate) : NEVER);

/** The accounts 'Free these seats' reaches: those holding at least one seat directly (a group's seat stays). */
export const freeableUserIds = (accounts: readonly DormantAccount[]) =>
  accounts.filter((account) => account.seats.some((seat) => seat.direct)).map((account) => account.userId);
