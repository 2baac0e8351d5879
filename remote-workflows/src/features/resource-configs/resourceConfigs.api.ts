import { queryOptions } from '@tanstack/react-query';
import { getResourceTypes, getResourceTypeWorkflows } from 'contracts/workflows';

/** The remote's key factory for the resource-type configuration (keys start with the remote's id). */
export const resourceConfigKeys = {
  all: ['workflows', 'resource-configs'] as const,
  types: () => [...resourceConfigKeys.all, 'types'] as const,
  licenseWorkflows: (licenseId: number) => [...resourceConfigKeys.all, 'license', licenseId, 'workflows'] as const,
};

/** Every resource type (707 is the fixed Adjustment type); they change with a release, not during a session. */
export const resourceTypesQuery = () => queryOptions({ queryKey: resourceConfigKeys.types(), queryFn: () => getResourceTypes(), staleTime: 5 * 60_000 });

/** The workflows of every project of the licence the user sees, each with the resource types that follow it (project 0: all projects). */
export const licenseWorkflowTypesQuery = (licenseId: number) =>
  queryOptions({ queryKey: resourceConfigKeys.licenseWorkflows(licenseId), queryFn: () => getResourceTypeWorkflows(0, [], { licenseId }) });
