/**
 * What the workflow handlers share: the workflows a caller sees (a workflow is visible when its
 * project is, domain/project-visibility.ts: the workflow list and the project list never
 * disagree), the archive reasons of any number of workflows in one query, the reply of a
 * workflow, and archiving. Another licence's workflow, or one of a project the caller does not
 * see, is a 404, exactly as a missing one.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { WorkflowMessages, type ExistingPhases, type Workflow, type WorkflowListItem } from 'contracts/workflows/model';
import type { Db, Tx } from '../../db/client';
import { projects, resourceTypes, workflowResourceTypes, workflows } from '../../db/schema';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import type { AuditEntry } from '../../http/audit';
import { workflowAuditValues } from './workflow-audit';
import type { Caller } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';
import type { Scope } from '../../http/scope';

export type WorkflowRow = typeof workflows.$inferSelect;
/** A workflow with its project's name and state: what a reply and the archive reasons read. */
export type WorkflowInProject = WorkflowRow & { projectName: string; projectIsActive: boolean };

/** A workflow row and its project's name. */
export const workflowColumns = {
  workflowId: workflows.workflowId,
  name: workflows.name,
  workflowType: workflows.workflowType,
  projectId: workflows.projectId,
  workflowRelatedKey: workflows.workflowRelatedKey,
  workflowData: workflows.workflowData,
  isDecommissioned: workflows.isDecommissioned,
  decommissionDateTime: workflows.decommissionDateTime,
  projectName: projects.name,
  projectIsActive: projects.isActive,
};

/** The workflows matching `where` (a condition on workflows and their projects) whose projects the caller sees. */
export async function visibleWorkflows(db: Db | Tx, caller: Caller, scope: Scope, where: SQL | undefined): Promise<WorkflowInProject[]> {
  return db
    .select(workflowColumns)
    .from(workflows)
    .innerJoin(projects, eq(projects.projectId, workflows.projectId))
    .where(and(await visibleProjectsWhere(db, caller, scope), where))
    .orderBy(asc(workflows.projectId), asc(workflows.name), asc(workflows.workflowId));
}

/** A workflow as the list reads it: every column but its phases and items. */
export type WorkflowListRow = Omit<WorkflowInProject, 'workflowData'>;

/**
 * The workflows matching `where` whose projects the caller sees, as the list reads them: without
 * `workflow_data`, so the database reads no phase or item (issue 38). In visibleWorkflows' order.
 */
export async function visibleWorkflowList(db: Db | Tx, caller: Caller, scope: Scope, where: SQL | undefined): Promise<WorkflowListRow[]> {
  const { workflowData: _data, ...columns } = workflowColumns;
  return db
    .select(columns)
    .from(workflows)
    .innerJoin(projects, eq(projects.projectId, workflows.projectId))
    .where(and(await visibleProjectsWhere(db, caller, scope), where))
    .orderBy(asc(workflows.projectId), asc(workflows.name), asc(workflows.workflowId));
}

/**
 * The phases Add Phase offers (GET workflows/phases): of these workflows, in their order, each
 * phase whose trimmed name is not empty and not taken by an earlier one, leaving out the copies
 * of `relatedKey`; each workflow with those phases only, when it has one.
 */
export function existingPhases(rows: readonly WorkflowInProject[], relatedKey: string | undefined): ExistingPhases {
  const taken = new Set<string>();
  const answer: ExistingPhases = [];
  for (const row of rows) {
    if (row.isDecommissioned || row.workflowRelatedKey === relatedKey) continue;
    const data = row.workflowData as { phases?: unknown };
    const phases = (Array.isArray(data?.phases) ? data.phases : []).filter((phase: unknown) => {
      const name = typeof (phase as { phaseName?: unknown })?.phaseName === 'string' ? (phase as { phaseName: string }).phaseName.trim() : '';
      if (name === '' || taken.has(name)) return false;
      taken.add(name);
      return true;
    });
    if (phases.length > 0) answer.push({ workflowId: row.workflowId, name: row.name, workflowRelatedKey: row.workflowRelatedKey, workflowData: { phases } });
  }
  return answer;
}

/**
 * The workflows named, each of a project the caller sees: any other (another licence's, a
 * project not assigned, a missing id) is a 404 and nothing is read further. With `lock`, the
 * rows are locked for the caller's transaction (FOR UPDATE), so an archive and a save of the
 * same workflow run one after the other, each reading what the one before left.
 */
export async function namedWorkflows(db: Db | Tx, caller: Caller, scope: Scope, ids: readonly number[], lock = false): Promise<Map<number, WorkflowInProject>> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return new Map();
  const query = db
    .select(workflowColumns)
    .from(workflows)
    .innerJoin(projects, eq(projects.projectId, workflows.projectId))
    .where(and(inArray(workflows.workflowId, distinct), await visibleProjectsWhere(db, caller, scope)));
  const rows = lock ? await query.for('update', { of: workflows }) : await query;
  if (rows.length !== distinct.length) throw notFound();
  return new Map(rows.map((row) => [row.workflowId, row]));
}

/**
 * The names of the resource types that follow each workflow matching `where` in its project
 * (workflow_resource_types), by name: one query however many workflows.
 */
export async function followersOf(db: Db | Tx, where: SQL): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ workflowId: workflowResourceTypes.workflowId, typeName: resourceTypes.typeName })
    .from(workflowResourceTypes)
    .innerJoin(resourceTypes, eq(resourceTypes.typeNumber, workflowResourceTypes.typeNumber))
    .innerJoin(workflows, and(eq(workflows.workflowId, workflowResourceTypes.workflowId), eq(workflows.projectId, workflowResourceTypes.projectId)))
    .innerJoin(projects, eq(projects.projectId, workflows.projectId))
    .where(where)
    .orderBy(asc(resourceTypes.typeName));
  const byWorkflow = new Map<number, string[]>();
  for (const row of rows) byWorkflow.set(row.workflowId, [...(byWorkflow.get(row.workflowId) ?? []), row.typeName]);
  return byWorkflow;
}

/** The resource types following these workflows, by workflow id. */
export const followersOfIds = (db: Db | Tx, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve(new Map<number, string[]>()) : followersOf(db, inArray(workflows.workflowId, [...new Set(ids)]));

/**
 * Why a workflow cannot be archived (empty: it can): resource types of its project follow it,
 * or it is archived already. The list's `archiveErrors`, validateArchive's answer, and what
 * archiving (alone or with a save) checks again inside its transaction.
 */
export function archiveReasons(row: Pick<WorkflowInProject, 'isDecommissioned' | 'projectName'>, followers: readonly string[] = []): string[] {
  return [
    ...(row.isDecommissioned ? [WorkflowMessages.alreadyArchived] : []),
    ...(followers.length > 0 ? [WorkflowMessages.followedByResourceTypes(followers, row.projectName)] : []),
  ];
}

/** A workflow as the API answers it (WorkflowSchema). */
export function workflowReply(row: WorkflowInProject, archiveErrors: string[]): Workflow {
  return {
    workflowId: row.workflowId,
    name: row.name,
    workflowType: row.workflowType,
    projectId: row.projectId,
    projectName: row.projectName,
    workflowRelatedKey: row.workflowRelatedKey,
    isDecommissioned: row.isDecommissioned,
    decommissionDateTime: row.decommissionDateTime?.toISOString() ?? null,
    archiveErrors,
    workflowData: row.workflowData,
    projectIsActive: row.projectIsActive,
  };
}

/** A workflow as the list answers it (WorkflowListItemSchema): no phases, no items. */
export function workflowListReply(row: WorkflowListRow, archiveErrors: string[]): WorkflowListItem {
  return {
    workflowId: row.workflowId,
    name: row.name,
    workflowType: row.workflowType,
    projectId: row.projectId,
    projectName: row.projectName,
    workflowRelatedKey: row.workflowRelatedKey,
    isDecommissioned: row.isDecommissioned,
    decommissionDateTime: row.decommissionDateTime?.toISOString() ?? null,
    archiveErrors,
    projectIsActive: row.projectIsActive,
  };
}

/**
 * Archives the locked workflows inside the caller's transaction, or refuses them all: a 409
 * whose message is every reason (one per line) and whose `archiveErrorsByWorkflowId` names them
 * per workflow, nothing changed. The reasons are read after the lock, so a resource type
 * linked meanwhile is seen. Answers the archived rows and their History entries, which the
 * handler records once the transaction has committed.
 */
export async function archiveLocked(tx: Tx, rows: readonly WorkflowInProject[], now: Date): Promise<{ archived: WorkflowRow[]; entries: AuditEntry[] }> {
  if (rows.length === 0) return { archived: [], entries: [] };
  const followers = await followersOfIds(
    tx,
    rows.map((row) => row.workflowId),
  );
  const reasons = Object.fromEntries(rows.map((row) => [String(row.workflowId), archiveReasons(row, followers.get(row.workflowId))]));
  const refused = Object.values(reasons).flat();
  if (refused.length > 0) throw conflict([...new Set(refused)].join('\n'), { archiveErrorsByWorkflowId: reasons });
  const archived = await tx
    .update(workflows)
    .set({ isDecommissioned: true, decommissionDateTime: now })
    .where(
      inArray(
        workflows.workflowId,
        rows.map((row) => row.workflowId),
      ),
    )
    .returning();
  const entries = archived.map((after) => ({
    entity: 'workflow',
    entityId: after.workflowId,
    ...workflowAuditValues(
      rows.find((row) => row.workflowId === after.workflowId)!,
      after,
    ),
  }));
  return { archived, entries };
}

/**
 * The live copies of a workflow (its related key) in the projects the caller sees, each with the
 * resource types that follow it there: only its own licence's (domain/related-keys.ts), so no
 * copy of another licence ever shows, not even to a super administrator.
 */
export async function liveCopies(db: Db, caller: Caller, scope: Scope, workflow: Pick<WorkflowRow, 'workflowRelatedKey' | 'projectId'>) {
  const itsLicense = db.select({ licenseId: projects.licenseId }).from(projects).where(eq(projects.projectId, workflow.projectId));
  const copies = await db
    .select({ workflowId: workflows.workflowId, projectId: workflows.projectId, projectName: projects.name })
    .from(workflows)
    .innerJoin(projects, eq(projects.projectId, workflows.projectId))
    .where(
      and(
        eq(workflows.workflowRelatedKey, workflow.workflowRelatedKey),
        eq(workflows.isDecommissioned, false),
        inArray(projects.licenseId, itsLicense),
        await visibleProjectsWhere(db, caller, scope),
      ),
    )
    .orderBy(asc(projects.name), asc(workflows.projectId));
  const links =
    copies.length === 0
      ? []
      : await db
          .select({
            workflowId: workflowResourceTypes.workflowId,
            projectId: workflowResourceTypes.projectId,
            typeName: resourceTypes.typeName,
            typeNumber: resourceTypes.typeNumber,
          })
          .from(workflowResourceTypes)
          .innerJoin(resourceTypes, eq(resourceTypes.typeNumber, workflowResourceTypes.typeNumber))
          .where(
            inArray(
              workflowResourceTypes.workflowId,
              copies.map((copy) => copy.workflowId),
            ),
          )
          .orderBy(asc(resourceTypes.typeName));
  return copies.map((copy) => ({
    ...copy,
    resourceTypes: links
      .filter((link) => link.workflowId === copy.workflowId && link.projectId === copy.projectId)
      .map(({ typeName, typeNumber }) => ({ typeName, typeNumber })),
  }));
}

/** Reads `sql` as the caller's visibility of `projects`: a boolean column, true when the caller sees the row's project. */
export async function seenColumn(db: Db | Tx, caller: Caller, scope: Scope): Promise<SQL<boolean>> {
  return sql<boolean>`coalesce((${await visibleProjectsWhere(db, caller, scope)}), false)`;
}
