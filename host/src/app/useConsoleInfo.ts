import { useQuery } from '@tanstack/react-query';
import { getDeployedVersion } from 'shared';

export const consoleInfoKey = ['host', 'console-info'] as const;

/** The deployed version, the console's environment and the product name (public call). */
export function useConsoleInfo() {
  return useQuery({ queryKey: consoleInfoKey, queryFn: getDeployedVersion, staleTime: Infinity });
}
