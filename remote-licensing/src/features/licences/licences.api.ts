import { queryOptions } from '@tanstack/react-query';
import { getLicenses } from 'shared';

export const licenceKeys = {
  all: ['licensing', 'licences'] as const,
  list: () => [...licenceKeys.all, 'list'] as const,
};

/** The licences the caller may see (all for a super administrator, their own otherwise). */
export const licencesQuery = () => queryOptions({ queryKey: licenceKeys.list(), queryFn: getLicenses });
