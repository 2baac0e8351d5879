import { queryOptions } from '@tanstack/react-query';
import { getProjects } from 'contracts/projects-sites';
import { getWorkflows, type Workflow } from 'contracts/workflows';

export const workflowKeys = {
  all: ['workflows', 'workflows'] as const,
  list: (projectId: number | null) => [...workflowKeys.all, 'list', { projectId }] as const,
  projects: ['workflows', 'projects'] as const,
};

/** Workflows of one project, or of every project the user may see (an empty list). */
export const workflowsQuery = (projectId: number | null) =>
  queryOptions({ queryKey: workflowKeys.list(projectId), queryFn: () => getWorkflows(projectId === null ? [] : [projectId]) });

export const projectOptionsQuery = () => queryOptions({ queryKey: workflowKeys.projects, queryFn: () => getProjects({ state: 'active' }), staleTime: 5 * 60_000 });

/** One row per workflow definition: copies sharing a related key cover several projects. */
export interface WorkflowGroup {
  relatedKey: string;
  name: string;
  workflows: Workflow[];
  projectIds: string;
  projectNames: string;
}

export function groupByRelatedKey(workflows: readonly Workflow[]): WorkflowGroup[] {
  const groups = new Map<string, Workflow[]>();
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
      projectNames: sorted.map((w) => w.projectName).join(', '),
    };
  });
}
