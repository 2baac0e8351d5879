import { queryOptions } from '@tanstack/react-query';
import { getExistingPhases, getWorkflow, saveWorkflowsBulk, WorkflowMessages, type ExistingPhases } from 'contracts/workflows';
import { historyKeys } from 'kit';
import { useNotifyingMutation } from 'shared';
import { workflowKeys } from '../workflows/workflows.api';
import type { DraftPhase } from './designer.types';
import { phasesOf, type SavePlan } from './designerDraft';

/** One workflow and its live copies with the resource types that use each (GET workflows/{workflowId}). */
export const workflowDetailQuery = (workflowId: number) => queryOptions({ queryKey: workflowKeys.one(workflowId), queryFn: () => getWorkflow(workflowId) });

/** True while a query shown before is read again as the screen opens: the editor waits for the fresh state. */
export const isRefreshingOnMount = (query: { isFetching: boolean; isFetchedAfterMount: boolean }) => query.isFetching && !query.isFetchedAfterMount;

/** A phase another workflow holds, offered by 'Add Phase' as an existing phase. */
export interface ExistingPhase {
  phase: DraftPhase;
  /** The workflow it comes from, to tell phases of the same name apart in the choice. */
  workflowName: string;
}

/** The phases Add Phase offers (GET workflows/phases: the workflow list carries none since issue 38), without the copies of `relatedKey`. */
export const existingPhasesQuery = (relatedKey: string) =>
  queryOptions({ queryKey: workflowKeys.phases(relatedKey), queryFn: () => getExistingPhases({ relatedKey }) });

/**
 * The phases of the other workflows the user sees, one per name (spec 2 §2: existing phases
 * not yet in the workflow), in name order; the workflow's own copies (its related key) left out.
 */
export function existingPhases(workflows: readonly (ExistingPhases[number] & { isDecommissioned?: boolean })[], relatedKey: string): ExistingPhase[] {
  const byName = new Map<string, ExistingPhase>();
  for (const workflow of workflows) {
    if (workflow.isDecommissioned || workflow.workflowRelatedKey === relatedKey) continue;
    for (const phase of phasesOf(workflow.workflowData)) {
      const name = phase.phaseName.trim();
      if (name !== '' && !byName.has(name)) byName.set(name, { phase, workflowName: workflow.name });
    }
  }
  return [...byName.values()].sort((a, b) => a.phase.phaseName.localeCompare(b.phase.phaseName));
}

/**
 * The designer's one save (spec 2 §4): the copies in one bulk call, with the copies of the
 * projects taken off in `archive` (our server archives them first, in the same transaction).
 * 'Workflow saved' for a new workflow, 'Workflow modified' for a saved one.
 */
export function useSaveWorkflow(isNew: boolean) {
  return useNotifyingMutation({
    mutationFn: (plan: SavePlan) => saveWorkflowsBulk(plan.projectId, plan.bodies, plan.archive.length > 0 ? { archive: plan.archive.join(',') } : {}),
    invalidates: [workflowKeys.all, historyKeys.all],
    success: isNew ? WorkflowMessages.saved : WorkflowMessages.modified,
    failure: WorkflowMessages.saveFailed,
  });
}
