import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { freeDormantSeats, getDormantAccounts, getSeatDashboard, SeatMessages, setSeatSettings, type SeatSettingsInput } from 'contracts/licensing';
import { historyKeys, urlParam } from 'kit';
import { shownOnFields, useNotifyingMutation } from 'shared';
import { licenseKeys } from './licenses.api';

/**
 * The licence's seat dashboard (ours, issue 24): every product licence against its limit with
 * the seats dormant accounts hold, and those accounts. Under the licence's detail key, so a
 * change to the licence, its product licences or its users' seats reads it afresh.
 */
export const seatDashboardQuery = (licenseId: number) =>
  queryOptions({
    queryKey: [...licenseKeys.detail(licenseId), 'seats'] as const,
    // The figures alone: the accounts come a page at a time (issue 38: a licence may have hundreds of thousands).
    queryFn: () => getSeatDashboard(licenseId, { dormantLimit: 0 }),
  });

/** Dormant accounts a page (the spec's generic 20). */
export const DORMANT_PAGE_SIZE = 20;

/** The dormant accounts' search, order and page in the URL (`?q=quill&sort=userName&page=1#addons`). */
export const dormantListParams = {
  q: urlParam.string(),
  sort: urlParam.oneOf(['lastSignIn', 'userName'] as const, 'lastSignIn'),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.number(0),
};

/** One page of the licence's dormant accounts, under its seats key (a change to seats reads it afresh); the last page stays while the next loads. */
export const dormantPageQuery = (licenseId: number, list: { q: string; sort: 'lastSignIn' | 'userName'; dir: 'asc' | 'desc'; page: number }) =>
  queryOptions({
    queryKey: [...licenseKeys.detail(licenseId), 'seats', 'dormant', list] as const,
    queryFn: () => getDormantAccounts(licenseId, { filter: list.q || undefined, page: list.page, pageSize: DORMANT_PAGE_SIZE, sort: list.sort, dir: list.dir }),
    placeholderData: keepPreviousData,
  });

/** Saves after how many days without signing in an account holding a seat is dormant; a 400 on the field is shown under it. */
export function useSetSeatSettings(licenseId: number) {
  return useNotifyingMutation({
    mutationFn: (body: SeatSettingsInput) => setSeatSettings(licenseId, body),
    // The dormant list follows the setting; the licence's History records it.
    invalidates: [licenseKeys.detail(licenseId), historyKeys.all],
    success: SeatMessages.settingsSaved,
    failure: SeatMessages.settingsFailed,
    shownByForm: shownOnFields('dormantAfterDays'),
  });
}

/**
 * Takes the product licences the named dormant accounts hold directly (the ones the review
 * showed). Everything under the licence refreshes before the toast: this tab's figures, the
 * Details stats and the users report.
 */
export function useFreeDormantSeats(licenseId: number) {
  return useNotifyingMutation({
    mutationFn: (userIds: number[]) => freeDormantSeats(licenseId, { userIds }),
    invalidates: [licenseKeys.detail(licenseId), historyKeys.all],
    success: (reply) => SeatMessages.freed(reply.freed),
    failure: SeatMessages.freeFailed,
  });
}
