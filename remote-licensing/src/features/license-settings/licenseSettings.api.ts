import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import {
  deleteReportShortcut,
  getInternalLicenseConfig,
  getReportShortcuts,
  type InternalLicenseConfigBodySchema,
  LicenseMessages,
  saveInternalLicenseConfig,
  setReportShortcuts,
  type Shortcut,
  getSecondFactorPolicy,
  setSecondFactorPolicy,
  type SecondFactorPolicySettings,
} from 'contracts/licensing';
import { historyKeys } from 'kit';
import { shownOnFields, useNotifyingMutation } from 'shared';
import { licenseKeys } from '../licenses/licenses.api';
import type { ShortcutEntry } from './shortcuts';

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const settingsKeys = {
  all: ['licensing', 'licenseSettings'] as const,
  license: (licenseId: number) => [...settingsKeys.all, licenseId] as const,
  shortcuts: (licenseId: number) => [...settingsKeys.license(licenseId), 'shortcuts'] as const,
  internalConfig: (licenseId: number) => [...settingsKeys.license(licenseId), 'internalConfig'] as const,
};

/** Every active report with the licence's shortcut type or order (none for an unassigned one). */
export const shortcutsQuery = (licenseId: number) =>
  queryOptions({ queryKey: settingsKeys.shortcuts(licenseId), queryFn: () => getReportShortcuts(licenseId) });

/** The internal configuration (super administrators) and the licence's projects it may override. */
export const internalConfigQuery = (licenseId: number) =>
  queryOptions({ queryKey: settingsKeys.internalConfig(licenseId), queryFn: () => getInternalLicenseConfig(licenseId) });

/** A change to the shortcuts: the list and the licence's History are read again; 'Shortcuts updated' once they are. */
const shortcutChange = (licenseId: number) => ({
  invalidates: [settingsKeys.shortcuts(licenseId), historyKeys.all],
  success: LicenseMessages.shortcutsUpdated,
  failure: LicenseMessages.shortcutsUpdateFailed,
});

/** Upserts the entries sent (a reorder sends every basic shortcut renumbered; an addition one entry). */
export function useSetShortcuts(licenseId: number) {
  return useNotifyingMutation({
    mutationFn: (entries: ShortcutEntry[]) => setReportShortcuts(licenseId, entries),
    ...shortcutChange(licenseId),
  });
}

/** Removes a report's shortcut. */
export function useDeleteShortcut(licenseId: number) {
  return useNotifyingMutation({
    mutationFn: (shortcut: Shortcut) => deleteReportShortcut(licenseId, shortcut.id),
    ...shortcutChange(licenseId),
  });
}

export type InternalConfigBody = v.InferOutput<typeof InternalLicenseConfigBodySchema>;

/** Replaces the internal configuration; the licence (its customer code) and its History are read again. */
export function useSaveInternalConfig(licenseId: number) {
  return useNotifyingMutation({
    mutationFn: (body: InternalConfigBody) => saveInternalLicenseConfig(licenseId, body),
    invalidates: [settingsKeys.internalConfig(licenseId), licenseKeys.all, historyKeys.all],
    success: LicenseMessages.internalConfigSaved,
    failure: LicenseMessages.internalConfigSaveFailed,
    shownByForm: shownOnFields('CustomerCode', 'OpportunityId'),
  });
}

/** The licence's second-factor policy (issue 40). */
export const secondFactorQuery = (licenseId: number) =>
  queryOptions({ queryKey: [...settingsKeys.license(licenseId), 'secondFactor'] as const, queryFn: () => getSecondFactorPolicy(licenseId) });

/** Saves the policy; the licence's History is read again. */
export function useSetSecondFactorPolicy(licenseId: number) {
  return useNotifyingMutation({
    mutationFn: (body: SecondFactorPolicySettings) => setSecondFactorPolicy(licenseId, body),
    invalidates: [secondFactorQuery(licenseId).queryKey, historyKeys.all],
    success: 'Second-factor policy saved.',
    failure: 'Failed to save the second-factor policy.',
    shownByForm: shownOnFields('policy', 'phishingResistantOnly'),
  });
}
