import { queryOptions } from '@tanstack/react-query';
import { getLicense, getLicenseAddons, getLicenseIntegrations, getLicenses, getUsersReport } from 'contracts/licensing';
import { REPORT_START } from './usersReport';

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const licenseKeys = {
  all: ['licensing', 'licenses'] as const,
  list: () => [...licenseKeys.all, 'list'] as const,
  detail: (licenseId: number) => [...licenseKeys.all, 'detail', licenseId] as const,
};

/** The licences the caller may see (all for a super administrator, their own otherwise). */
export const licensesQuery = () => queryOptions({ queryKey: licenseKeys.list(), queryFn: getLicenses });

/** One licence; a licence that is not the caller's to see fails with a 404. */
export const licenseQuery = (licenseId: number) => queryOptions({ queryKey: licenseKeys.detail(licenseId), queryFn: () => getLicense(licenseId) });

/** The product licences the licence offers, each with its seat limit and the seats in use. */
export const licenseAddonsQuery = (licenseId: number) =>
  queryOptions({ queryKey: [...licenseKeys.detail(licenseId), 'addons'] as const, queryFn: () => getLicenseAddons(licenseId) });

/** The integrations linked to the licence. */
export const licenseIntegrationsQuery = (licenseId: number) =>
  queryOptions({ queryKey: [...licenseKeys.detail(licenseId), 'integrations'] as const, queryFn: () => getLicenseIntegrations(licenseId) });

/**
 * The monthly users report from its first month (October 2018, spec 1 §9): every stored month
 * and today's figures, read once; the selector and the chart pick from it.
 */
export const usersReportQuery = (licenseId: number) =>
  queryOptions({
    queryKey: [...licenseKeys.detail(licenseId), 'usersReport'] as const,
    queryFn: () => getUsersReport(licenseId, { startMonth: REPORT_START.month, startYear: REPORT_START.year }),
  });
