import { queryOptions } from '@tanstack/react-query';
import { getProjects } from 'contracts/projects-sites';
import { archiveWorkflows, getWorkflows, validateArchive, WorkflowMessages, type WorkflowListItem } from 'contracts/workflows';
import { historyKeys } from 'kit';
import { useNotifyingMutation } from 'shared';

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const workflowKeys = {
  all: ['workflows', 'workflows'] as const,
  list: (projectId: number | null) => [...workflowKeys.all, 'list', { projectId }] as const,
  /** One workflow and its live copies (GET workflows/{workflowId}). */
  one: (workflowId: number) => [...workflowKeys.all, 'one', workflowId] as const,
  /** The phases Add Phase offers (GET workflows/phases), leaving out one workflow's copies. */
  phases: (relatedKey: string) => [...workflowKeys.all, 'phases', { relatedKey }] as const,
  projects: ['workflows', 'projects'] as const,
};

/** Workflows of one project, or of every project the user may see (an empty list), as the list reads them: no phases (issue 38). */
export const workflowsQuery = (projectId: number | null) =>
  queryOptions({ queryKey: workflowKeys.list(projectId), queryFn: () => getWorkflows(projectId === null ? [] : [projectId]) });

/**
 * The user's active projects (spec 2 §2: assigned active projects): the workflow list's filter, the
 * designer's and the preservation editor's choices, the resource-type copy's targets. One query for
 * the remote.
 */
export const projectOptionsQuery = () =>
  queryOptions({ queryKey: workflowKeys.projects, queryFn: () => getProjects({ state: 'active' }), staleTime: 5 * 60_000 });

/** One row per workflow definition: copies sharing a related key cover several projects. */
export interface WorkflowGroup {
  relatedKey: string;
  name: string;
  workflows: WorkflowListItem[];
  projectIds: string;
  projectNames: string;
  /** Why the definition cannot be archived: every copy's archiveErrors (none: it can be). */
  archiveErrors: string[];
}

/**
 * A copy's project name as the list shows it: a deactivated project's is marked, its copy still
 * live (spec 2 §4 gives deactivation no workflow consequence; the project can be activated again).
 */
export const projectLabel = (workflow: WorkflowListItem) => (workflow.projectIsActive === false ? `${workflow.projectName} (inactive)` : workflow.projectName);

/** Workflows sharing a related key are one row (spec 2 §2); decommissioned ones are hidden. */
export function groupByRelatedKey(workflows: readonly WorkflowListItem[]): WorkflowGroup[] {
  const groups = new Map<string, WorkflowListItem[]>();
  for (const workflow of workflows) {
    if (workflow.isDecommissioned) continue;
    const list = groups.get(workflow.workflowRelatedKey) ?? [];
    list.push(workflow);
    groups.set(workflow.workflowRelatedKey, list);
  }
  return [...groups.entries()].map(([relatedKey, list]) => {
    const sorted = [...list].sort((a, b) => a.projectId - b.projectId);
    return {
      relatedKey,
      name: sorted[0]!.name,
      workflows: sorted,
      projectIds: sorted.map((w) => w.projectId).join(', '),
      projectNames: sorted.map(projectLabel).join(', '),
      archiveErrors: [...new Set(sorted.flatMap((w) => w.archiveErrors))],
    };
  });
}

/** validateArchive found reasons not to archive: shown in the confirmation, not as a toast. */
export class ArchiveRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join(' '));
  }
}

/**
 * Archives a definition's copies (spec 2 §4: validated beforehand): validateArchive, then, when
 * it finds nothing, workflow/archive with the same ids; 'Workflow archived'.
 */
export function useArchiveWorkflows() {
  return useNotifyingMutation({
    mutationFn: async (ids: number[]) => {
      const { archiveErrorsByWorkflowId } = await validateArchive(ids);
      const reasons = [...new Set(Object.values(archiveErrorsByWorkflowId).flat())];
      if (reasons.length > 0) throw new ArchiveRefused(reasons);
      const reply = await archiveWorkflows(ids);
      if (!reply.success) throw new ArchiveRefused([reply.message ?? WorkflowMessages.archiveFailed]);
      return reply;
    },
    invalidates: [workflowKeys.all, historyKeys.all],
    success: WorkflowMessages.archived,
    failure: WorkflowMessages.archiveFailed,
    shownByForm: (error) => error instanceof ArchiveRefused,
  });
}
