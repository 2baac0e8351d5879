import { queryOptions } from '@tanstack/react-query';
import { getEnvironments } from 'contracts/auth';
import { getAddons } from 'contracts/identity';
import {
  createLicense,
  getIntegrations,
  LicenseMessages,
  linkLicenseEnvironment,
  setLicenseAddons,
  setLicenseIntegrations,
  updateLicense,
} from 'contracts/licensing';
import { historyKeys } from 'kit';
import { shownOnFields, useNotifyingMutation } from 'shared';
import { licenseKeys } from './licenses.api';

/** The catalogues the editor offers (a licence's own product licences and integrations are licenses.api.ts's queries, shared with the view). */
export const licenseEditKeys = {
  environments: ['licensing', 'environments'] as const,
  addonCatalogue: ['licensing', 'addonCatalogue'] as const,
  integrationCatalogue: ['licensing', 'integrationCatalogue'] as const,
};

export const environmentsQuery = () => queryOptions({ queryKey: licenseEditKeys.environments, queryFn: () => getEnvironments(), staleTime: 5 * 60_000 });
export const addonCatalogueQuery = () => queryOptions({ queryKey: licenseEditKeys.addonCatalogue, queryFn: () => getAddons(), staleTime: 5 * 60_000 });
export const integrationCatalogueQuery = () =>
  queryOptions({ queryKey: licenseEditKeys.integrationCatalogue, queryFn: () => getIntegrations(), staleTime: 5 * 60_000 });

/** Creates a licence (owned by the caller); a taken name or a missing environment is shown under its field. */
export function useCreateLicense() {
  return useNotifyingMutation({
    mutationFn: (body: Parameters<typeof createLicense>[0]) => createLicense(body),
    invalidates: [licenseKeys.all, historyKeys.all],
    failure: LicenseMessages.createFailed,
    // The form shows every failure itself: under its field, or the server's ExceptionMessage / Message under the form.
    shownByForm: () => true,
  });
}

/** Links the new licence to its environment (spec 1 §4: post the licence, link it, then edit). */
export function useLinkEnvironment() {
  return useNotifyingMutation({
    mutationFn: ({ licenseId, environmentId }: { licenseId: number; environmentId: number }) => linkLicenseEnvironment(licenseId, environmentId),
    failure: LicenseMessages.createFailed,
  });
}

/** Step 1 of the save: the product licence seat limits (a limit below the seats in use is a 409 naming them). */
export function useSetLicenseAddons(licenseId: number) {
  return useNotifyingMutation({
    mutationFn: (body: Parameters<typeof setLicenseAddons>[1]) => setLicenseAddons(licenseId, body),
    invalidates: [licenseKeys.all, historyKeys.all],
    success: LicenseMessages.updatedAddons,
    failure: LicenseMessages.addonsUpdateFailed,
  });
}

/** Step 2: the licence's changed fields. A taken name is shown under the name. */
export function useUpdateLicense(licenseId: number) {
  return useNotifyingMutation({
    mutationFn: (body: Parameters<typeof updateLicense>[1]) => updateLicense(licenseId, body),
    invalidates: [licenseKeys.all, historyKeys.all],
    success: LicenseMessages.updated,
    failure: LicenseMessages.updateFailed,
    shownByForm: shownOnFields('name', 'company', 'environmentId', 'maxProjects', 'maxUsers', 'expiryDate', 'expiryNotificationDays', 'licenseType'),
  });
}

/** Step 3: the licence's integrations (every id it has afterwards). */
export function useSetLicenseIntegrations(licenseId: number) {
  return useNotifyingMutation({
    mutationFn: (ids: number[]) => setLicenseIntegrations(licenseId, ids),
    invalidates: [licenseKeys.all, historyKeys.all],
    success: LicenseMessages.integrationsSaved,
    failure: LicenseMessages.integrationsSaveFailed,
  });
}
