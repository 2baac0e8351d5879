import { queryOptions } from '@tanstack/react-query';
import {
  deleteResourceTypePreservation,
  deleteResourceTypeWorkflow,
  getResourceTypePreservations,
  getResourceTypeWorkflows,
  setResourceTypePreservations,
  setResourceTypeWorkflows,
  type ResourceTypeLinkReply,
} from 'contracts/workflows';
import { useNotifyingMutation } from 'shared';
import { resourceConfigKeys } from '../resource-configs/resourceConfigs.api';
import { productionMessage, type CopyPlan, type OwnerRow, type ResourceKind } from './resourceLinks';

export const projectResourceKeys = {
  all: [...resourceConfigKeys.all, 'project'] as const,
  rows: (kind: ResourceKind, projectId: number) => [...projectResourceKeys.all, kind, projectId] as const,
};

/** The spec's fixed failure text for a configuration change (spec 2 §8). */
const FAILED = 'Failed to update configs';

async function readRows(kind: ResourceKind, projectId: number): Promise<OwnerRow[]> {
  if (kind === 'workflows') {
    return (await getResourceTypeWorkflows(projectId, [])).map((row) => ({
      ownerId: row.workflowId,
      name: row.name ?? `Workflow ${row.workflowId}`,
      projectId: row.projectId,
      relatedKey: row.workflowRelatedKey,
      resourceTypes: row.resourceTypes,
      notConfigurable: row.hasProductionItem ? productionMessage(row.name ?? '') : undefined,
    }));
  }
  return (await getResourceTypePreservations(projectId, [])).map((row) => ({
    ownerId: row.preservationId,
    name: row.name ?? `Preservation ${row.preservationId}`,
    projectId: row.projectId ?? projectId,
    relatedKey: row.preservationRelatedKey,
    resourceTypes: row.resourceTypes,
  }));
}

/** A project's workflows (or preservations), each with the resource types that follow it there. */
export const ownerRowsQuery = (kind: ResourceKind, projectId: number) =>
  queryOptions({ queryKey: projectResourceKeys.rows(kind, projectId), queryFn: () => readRows(kind, projectId) });

function link(kind: ResourceKind, projectId: number, ownerId: number, typeNumbers: number[], partial: boolean): Promise<ResourceTypeLinkReply> {
  const query = partial ? { partial: 'true' as const } : {};
  return kind === 'workflows'
    ? setResourceTypeWorkflows(projectId, [{ workflowId: ownerId, resourceTypes: typeNumbers }], query)
    : setResourceTypePreservations(projectId, { PreservationId: [ownerId], ResourceTypes: typeNumbers }, query);
}

/** ADD NEW: resource types now follow an owner of the project. */
export function useAddLinks(kind: ResourceKind, projectId: number) {
  return useNotifyingMutation({
    mutationFn: ({ ownerId, typeNumbers }: { ownerId: number; typeNumbers: number[] }) => link(kind, projectId, ownerId, typeNumbers, false),
    invalidates: [projectResourceKeys.rows(kind, projectId), resourceConfigKeys.all],
    success: (reply) => reply.Message,
    failure: FAILED,
  });
}

/** Removes one resource type from an owner of the project. */
export function useRemoveLink(kind: ResourceKind, projectId: number) {
  return useNotifyingMutation({
    mutationFn: ({ ownerId, typeNumber }: { ownerId: number; typeNumber: number }) =>
      kind === 'workflows'
        ? deleteResourceTypeWorkflow(projectId, { workflowId: ownerId, resourceType: typeNumber })
        : deleteResourceTypePreservation(projectId, { PreservationId: ownerId, ResourceType: typeNumber }),
    invalidates: [projectResourceKeys.rows(kind, projectId), resourceConfigKeys.all],
    success: (reply) => reply.Message,
    failure: FAILED,
  });
}

/** What a copy made and what the server refused (a link taken since the plan was read). */
export interface CopyResult {
  copied: number;
  refused: string[];
}

/**
 * The copy's Save or Continue: each target's links in one call per owner, `partial` when the
 * plan already refused some (the server then saves what it can and says what it did not).
 */
export function useCopyLinks(kind: ResourceKind) {
  return useNotifyingMutation({
    async mutationFn({ plan, partial }: { plan: CopyPlan; partial: boolean }): Promise<CopyResult> {
      const result: CopyResult = { copied: 0, refused: [] };
      for (const target of plan.targets) {
        for (const owner of target.links) {
          const reply = await link(kind, target.projectId, owner.ownerId, owner.typeNumbers, partial);
          result.copied += reply.copied?.length ?? owner.typeNumbers.length;
          result.refused.push(...(reply.notCopied ?? []).map((refusal) => refusal.message ?? ''));
        }
      }
      return result;
    },
    invalidates: (_result, { plan }) => [...plan.targets.map((target) => projectResourceKeys.rows(kind, target.projectId)), resourceConfigKeys.all],
    success: (result) => `${result.copied} resource type ${result.copied === 1 ? 'link' : 'links'} copied.`,
    warningOf: (result) => (result.refused.length > 0 ? `Copied ${result.copied}; not copied: ${result.refused.join('; ')}` : undefined),
    failure: FAILED,
  });
}
