import { queryOptions } from '@tanstack/react-query';
import { freeDormantSeats, getSeatDashboard, SeatMessages, setSeatSettings, type SeatSettingsInput } from 'contracts/licensing';
import { historyKeys } from 'kit';
import { shownOnFields, useNotifyingMutation } from 'shared';
import { licenseKeys } from './licenses.api';

/**
 * The licence's seat dashboard (ours, issue 24): every product licence against its limit with
 * the seats dormant accounts hold, and those accounts. Under the licence's detail key, so a
 * change to the licence, its product licences or its users' seats reads it afresh.
 */
export const seatDashboardQuery = (licenseId: number) =>
  queryOptions({ queryKey: [...licenseKeys.detail(licenseId), 'seats'] as const, queryFn: () => getSeatDashboard(licenseId) });

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
