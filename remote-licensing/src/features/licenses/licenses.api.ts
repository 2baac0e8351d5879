import { queryOptions } from '@tanstack/react-query';
import { getLicense, getLicenses } from 'contracts/licensing';

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
