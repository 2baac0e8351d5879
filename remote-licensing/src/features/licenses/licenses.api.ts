import { queryOptions } from '@tanstack/react-query';
import { getLicenses } from 'contracts/licensing';

export const licenseKeys = {
  all: ['licensing', 'licenses'] as const,
  list: () => [...licenseKeys.all, 'list'] as const,
};

/** The licences the caller may see (all for a super administrator, their own otherwise). */
export const licensesQuery = () => queryOptions({ queryKey: licenseKeys.list(), queryFn: getLicenses });
