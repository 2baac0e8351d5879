import { queryOptions } from '@tanstack/react-query';
import {
  createPreservations,
  getPreservations,
  PreservationMessages,
  updatePreservations,
  type Preservation,
  type PreservationInput,
} from 'contracts/workflows';
import { useNotifyingMutation } from 'shared';
import { resourceConfigKeys } from '../resource-configs/resourceConfigs.api';

export const preservationKeys = {
  all: ['workflows', 'preservations'] as const,
  list: () => [...preservationKeys.all, 'list'] as const,
};

/** Every preservation of the projects the user sees (project 1 never among them), with the server's failure text or the spec's. */
export const preservationsQuery = () =>
  queryOptions({
    queryKey: preservationKeys.list(),
    async queryFn() {
      const reply = await getPreservations([]);
      if (!reply.success) throw new Error(reply.message ?? PreservationMessages.fetchFailed);
      return reply.data;
    },
  });

/** One row per plan: copies sharing a related key cover several projects. */
export interface PreservationGroup {
  relatedKey: string;
  name: string;
  copies: Preservation[];
  projectIds: string;
  projectNames: string;
}

export function groupPreservations(list: readonly Preservation[]): PreservationGroup[] {
  const groups = new Map<string, Preservation[]>();
  for (const preservation of list) groups.set(preservation.preservationRelatedKey, [...(groups.get(preservation.preservationRelatedKey) ?? []), preservation]);
  return [...groups.entries()].map(([relatedKey, copies]) => {
    const sorted = [...copies].sort((a, b) => a.projectId - b.projectId);
    return {
      relatedKey,
      name: sorted[0]!.name,
      copies: sorted,
      projectIds: sorted.map((c) => c.projectId).join(', '),
      projectNames: sorted.map((c) => c.projectName).join(', '),
    };
  });
}

/**
 * Saves a plan's copies: a new plan is created (POST), a saved one updated (PUT; projects added
 * get a copy, projects taken off lose theirs). Answers the copies as saved when created.
 */
export function useSavePreservation(isNew: boolean) {
  return useNotifyingMutation({
    mutationFn: async (copies: PreservationInput[]) => {
      const projectId = copies[0]!.projectId;
      if (isNew) return createPreservations(projectId, copies);
      await updatePreservations(projectId, copies);
      return null;
    },
    invalidates: [preservationKeys.all, resourceConfigKeys.all],
    success: isNew ? PreservationMessages.added : PreservationMessages.saved,
    failure: PreservationMessages.addFailed,
  });
}
