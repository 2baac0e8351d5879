/**
 * The seat dashboard of a licence (ours, beyond the spec; issue 24): every product licence
 * against its limit, and the dormant accounts holding seats — users of the licence who have
 * not signed in for the licence's number of days (90 unless changed; one who never signed in
 * counts from their creation). 'Free these seats' takes the product licences those accounts
 * hold directly, previewed first like a user group change.
 */
import * as v from 'valibot';
import { idIn, int, IsoDate, maybeDate, tolerant } from '../common/fields';
import { pageOf } from '../common/page';
import { GroupChangePreviewSchema } from '../identity/user-groups.entities';

/** Ours: the texts of the seat dashboard. */
export const SeatMessages = {
  loadFailed: 'Failed to load the seat dashboard.',
  dormantDays: 'Dormant after must be a whole number of days from 1 to 3650.',
  userIds: 'userIds must list 1 to 10000 user ids.',
  dormantLimit: 'dormantLimit must be a whole number from 0 to 5000.',
  settingsSaved: 'Dormant account setting saved.',
  settingsFailed: 'Failed to save the dormant account setting.',
  freed: (count: number) => `Freed ${count} ${count === 1 ? 'seat' : 'seats'}.`,
  freeFailed: 'Failed to free the seats.',
  noneDormant: (days: number) => `No account holding a seat has gone ${days} days without signing in.`,
  nothingToFree: 'The dormant accounts hold their seats only through user groups: remove them from the groups to free those seats.',
  dormantRule: (days: number) =>
    `Accounts holding a seat that have not signed in for ${days} ${days === 1 ? 'day' : 'days'} are ` +
    `dormant (an account that never signed in counts from when it was created).`,
  exportFailed: 'Failed to export the dormant accounts.',
  reviewFree: (count: number) => `Free the seats of ${count} dormant ${count === 1 ? 'account' : 'accounts'}`,
  /** Ours (issue 38): the dormant accounts are paged on the server; the button frees the page shown. */
  freeThisPage: 'Free these seats takes the seats of the accounts on this page.',
  search: 'Search dormant accounts',
  noneMatch: 'No dormant account matches the search.',
  pageFailed: 'Failed to load the dormant accounts.',
} as const;

/** The most dormant accounts the dashboard's call lists at once (`dormantLimit`); the paged call has no such limit. */
export const DORMANT_LIST_LIMIT = 5000;

/** The first and last number of days an account may go without signing in before it counts as dormant. */
export const DORMANT_DAYS = { min: 1, max: 3650, fallback: 90 } as const;

/** One product licence of the licence: its limit (negative: unlimited, 0: not offered), seats in use, and of those, seats dormant accounts hold. */
export const SeatAddonReplySchema = v.object({ addOnId: int, name: v.string(), maxUsers: int, used: int, dormant: int });
export const SeatAddonSchema = tolerant(SeatAddonReplySchema);
export type SeatAddon = v.InferOutput<typeof SeatAddonSchema>;

/** A seat a dormant account holds: directly (freed by 'free these seats') and/or through the named user groups (kept). */
export const DormantSeatReplySchema = v.object({ addOnId: int, name: v.string(), direct: v.boolean(), groups: v.array(v.string()) });
export const DormantSeatSchema = tolerant(DormantSeatReplySchema);
export type DormantSeat = v.InferOutput<typeof DormantSeatSchema>;

/** A dormant account holding a seat, as the API answers it. */
export const DormantAccountReplySchema = v.object({
  userId: int,
  userName: v.string(),
  fullName: v.string(),
  isActive: v.boolean(),
  /** Null: never signed in (then dormant from `createdDate`). */
  lastLoginDate: v.nullable(IsoDate),
  createdDate: v.nullable(IsoDate),
  seats: v.array(DormantSeatReplySchema),
});
export const DormantAccountSchema = tolerant(DormantAccountReplySchema, {
  lastLoginDate: maybeDate(),
  createdDate: maybeDate(),
  seats: v.array(DormantSeatSchema),
});
export type DormantAccount = v.InferOutput<typeof DormantAccountSchema>;

/** A page of the dormant accounts (GET licenses/{licenseId}/seats/dormant), as the API answers it. */
export const DormantAccountPageReplySchema = pageOf(DormantAccountReplySchema);
export const DormantAccountPageSchema = pageOf(DormantAccountSchema);
export type DormantAccountPage = v.InferOutput<typeof DormantAccountPageSchema>;

/** The seat dashboard as the API answers it. */
export const SeatDashboardReplySchema = v.object({
  /** Days without signing in after which an account holding a seat is dormant (the licence's setting). */
  dormantAfterDays: int,
  /** The moment the figures were read (ISO). */
  asOf: v.string(),
  addOns: v.array(SeatAddonReplySchema),
  /** How many dormant accounts hold seats in all (more than `dormant` lists in a large licence). */
  dormantTotal: int,
  /**
   * The dormant accounts holding at least one seat, longest silent first: at most `dormantLimit`
   * of them (5,000 unless asked; the console asks for none and pages them with
   * GET licenses/{licenseId}/seats/dormant).
   */
  dormant: v.array(DormantAccountReplySchema),
});

export const SeatDashboardSchema = tolerant(SeatDashboardReplySchema, {
  addOns: v.array(SeatAddonSchema),
  dormantTotal: v.optional(int),
  dormant: v.array(DormantAccountSchema),
});
export type SeatDashboard = v.InferOutput<typeof SeatDashboardSchema>;

/** Body of PUT licenses/{licenseId}/seats/settings. */
export const SeatSettingsBodySchema = v.object({
  dormantAfterDays: v.pipe(
    v.optional(v.number(SeatMessages.dormantDays), Number.NaN),
    v.integer(SeatMessages.dormantDays),
    v.minValue(DORMANT_DAYS.min, SeatMessages.dormantDays),
    v.maxValue(DORMANT_DAYS.max, SeatMessages.dormantDays),
  ),
});
export type SeatSettingsInput = v.InferInput<typeof SeatSettingsBodySchema>;

/**
 * Body of POST licenses/{licenseId}/seats/free: the dormant accounts whose direct product
 * licences to take (the ones the preview showed). An account that is no longer dormant, or not
 * in the licence, is left alone.
 */
export const FreeSeatsBodySchema = v.object({
  userIds: v.pipe(
    v.optional(v.array(idIn(SeatMessages.userIds), SeatMessages.userIds), []),
    v.minLength(1, SeatMessages.userIds),
    v.maxLength(10_000, SeatMessages.userIds),
  ),
});
export type FreeSeatsInput = v.InferInput<typeof FreeSeatsBodySchema>;

/**
 * What freeing seats does (or, previewed, would do): each account's lost product licences (and
 * roles that needed them) and how seats move, as a user group change's preview answers; `freed`
 * counts the seats given back.
 */
export const FreeSeatsReplySchema = v.object({ ...GroupChangePreviewSchema.entries, freed: int });
export type FreeSeatsReply = v.InferOutput<typeof FreeSeatsReplySchema>;
