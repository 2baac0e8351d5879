import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDeployedVersion } from 'contracts/auth';

export const consoleInfoKey = ['host', 'console-info'] as const;

/** The deployed version, the console's environment and the product name (public call). */
export const consoleInfoQuery = queryOptions({ queryKey: consoleInfoKey, queryFn: getDeployedVersion, staleTime: Infinity });

export function useConsoleInfo() {
  return useQuery(consoleInfoQuery);
}
