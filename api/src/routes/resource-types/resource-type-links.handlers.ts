/**
 * What the resource-type link calls do (resource-type-links.routes.ts has their definitions).
 * A link is (project, resource type) → one workflow, or one preservation: the table's primary
 * key on (project, type) holds "one per project" in the database, so two concurrent calls
 * linking one type cannot both win; the loser's link is refused like any taken type.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  configAlreadyAssigned,
  hasProductionItem,
  notInASelectedProject,
  notInSelectedProject,
  WorkflowMessages,
  type ResourceTypeLinkReply,
} from 'contracts/workflows/model';
import type { Tx } from '../../db/client';
import { preservationResourceTypes, preservations, projects, resourceTypes, workflowResourceTypes, workflows } from '../../db/schema';
import { visibleProjectsWhere, projectInSight } from '../../domain/project-visibility';
import type { Caller } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { resourceTypeLinkSpecs } from './resource-type-links.routes';

/** A workflow or preservation a link names, as the rules read it. */
interface Owner {
  id: number;
  name: string;
  projectId: number;
  /** Why nothing may follow it even in its project (archived, a Production item). */
  refused?: string;
}

type Kind = 'workflow' | 'preservation';

/** The path's project id that means every project the caller sees (as POST 0/workflow/getAll). */
const ALL_PROJECTS = 0;
type Link = { ownerId: number; type: number };
type Refusal = Link & { message: string };

const idKey = (kind: Kind) => (kind === 'workflow' ? 'workflowId' : 'preservationId');

/** The owners named, among those of projects the caller sees: any other is a 404, as a missing one. */
async function ownersOf(tx: Tx, caller: Caller, scope: Scope, kind: Kind, ids: readonly number[]): Promise<Map<number, Owner>> {
  if (ids.length === 0) return new Map();
  const visible = await visibleProjectsWhere(tx, caller, scope);
  const rows =
    kind === 'workflow'
      ? (
          await tx
            .select({
              id: workflows.workflowId,
              name: workflows.name,
              projectId: workflows.projectId,
              archived: workflows.isDecommissioned,
              data: workflows.workflowData,
            })
            .from(workflows)
            .innerJoin(projects, eq(projects.projectId, workflows.projectId))
            .where(and(inArray(workflows.workflowId, [...ids]), visible))
            // Shared lock: an archive of the workflow (FOR UPDATE) waits for this link, or this link sees it archived.
            .for('share', { of: workflows })
        ).map((row) => ({
          id: row.id,
          name: row.name,
          projectId: row.projectId,
          refused: row.archived
            ? WorkflowMessages.archivedNotConfigurable(row.name)
            : hasProductionItem(row.data.phases as { items?: { itemType?: number }[] }[])
              ? WorkflowMessages.productionNotConfigurable(row.name)
              : undefined,
        }))
      : await tx
          .select({ id: preservations.id, name: preservations.name, projectId: preservations.projectId })
          .from(preservations)
          .innerJoin(projects, eq(projects.projectId, preservations.projectId))
          .where(and(inArray(preservations.id, [...ids]), visible));
  if (rows.length !== new Set(ids).size) throw notFound();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Makes the links that the rules allow, inside the caller's transaction: the owner in this
 * project and configurable, the type known and not following another owner here. Answers the
 * links made (or already there) and those refused, with why.
 */
async function makeLinks(
  tx: Tx,
  kind: Kind,
  projectId: number,
  links: readonly Link[],
  owners: Map<number, Owner>,
): Promise<{ copied: Link[]; notCopied: Refusal[] }> {
  const types = [...new Set(links.map((link) => link.type))];
  const known = new Map(
    types.length === 0
      ? []
      : (await tx.select().from(resourceTypes).where(inArray(resourceTypes.typeNumber, types))).map((row) => [row.typeNumber, row.typeName]),
  );
  const table = kind === 'workflow' ? workflowResourceTypes : preservationResourceTypes;
  const ownerColumn = kind === 'workflow' ? workflowResourceTypes.workflowId : preservationResourceTypes.preservationId;
  const taken = new Map(
    types.length === 0
      ? []
      : (
          await tx
            .select({ type: table.typeNumber, ownerId: ownerColumn })
            .from(table)
            .where(and(eq(table.projectId, projectId), inArray(table.typeNumber, types)))
        ).map((row) => [row.type, row.ownerId]),
  );
  const copied: Link[] = [];
  const notCopied: Refusal[] = [];
  const toInsert: Link[] = [];
  for (const link of links) {
    const owner = owners.get(link.ownerId)!;
    const typeName = known.get(link.type);
    const why =
      owner.projectId !== projectId
        ? // The spec's words differ by kind (spec 1 §5): a workflow '… in a selected project', a preservation '… in selected project'.
          (kind === 'workflow' ? notInASelectedProject : notInSelectedProject)(owner.name)
        : owner.refused
          ? owner.refused
          : typeName === undefined
            ? WorkflowMessages.unknownResourceType(link.type)
            : taken.has(link.type) && taken.get(link.type) !== link.ownerId
              ? configAlreadyAssigned(typeName)
              : undefined;
    if (why) notCopied.push({ ...link, message: why });
    else if (taken.get(link.type) === link.ownerId) copied.push(link);
    else toInsert.push(link);
  }
  if (toInsert.length > 0) {
    const values = toInsert.map((link) => ({ projectId, typeNumber: link.type, [idKey(kind)]: link.ownerId }));
    // A concurrent call may have linked a type since it was read: the primary key keeps the first, and this one is refused.
    const inserted = await tx
      .insert(table)
      .values(values as never)
      .onConflictDoNothing()
      .returning({ type: table.typeNumber });
    const made = new Set(inserted.map((row) => row.type));
    for (const link of toInsert) {
      if (made.has(link.type)) copied.push(link);
      else notCopied.push({ ...link, message: configAlreadyAssigned(known.get(link.type)!) });
    }
  }
  return { copied, notCopied };
}

/** The call's answer; without `partial`, any refusal refuses the call (the transaction rolls back). */
function answer(kind: Kind, result: { copied: Link[]; notCopied: Refusal[] }, partial: boolean, saved: string): ResourceTypeLinkReply {
  const shown = (link: Link) => ({ [idKey(kind)]: link.ownerId, resourceType: link.type });
  const body = {
    Message: result.notCopied.length === 0 ? saved : result.notCopied.map((refusal) => refusal.message).join('\n'),
    copied: result.copied.map(shown),
    notCopied: result.notCopied.map((refusal) => ({ ...shown(refusal), message: refusal.message })),
  };
  if (!partial && result.notCopied.length > 0) throw conflict(body.Message, { copied: [], notCopied: body.notCopied });
  return body;
}

const typesOf = (rows: readonly { type: number; typeName: string; ownerId: number }[], ownerId: number) =>
  rows.filter((row) => row.ownerId === ownerId).map((row) => ({ typeName: row.typeName, typeNumber: row.type }));

export const resourceTypeLinkRoutes = implement(resourceTypeLinkSpecs, {
  async setResourceTypeWorkflows({ db, caller, scope, params, query, body, audit, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const links = body.flatMap((row) => [...new Set(row.resourceTypes)].map((type) => ({ ownerId: row.workflowId, type })));
    const reply = await db.transaction(async (tx) => {
      const owners = await ownersOf(
        tx,
        caller,
        scope,
        'workflow',
        body.map((row) => row.workflowId),
      );
      return answer('workflow', await makeLinks(tx, 'workflow', project.projectId, links, owners), query.partial, WorkflowMessages.resourceTypesSaved);
    });
    if ((reply.copied ?? []).length > 0)
      audit({ entity: 'workflow-resource-types', entityId: project.projectId, after: reply.copied, subject: { kind: 'project', id: project.projectId } });
    return json(reply);
  },

  async getResourceTypeWorkflows({ db, caller, scope, params, query, body, json }) {
    // Project 0 (ours, as workflow/getAll): every project the caller sees, or one licence's — the licence settings' mapping.
    const where =
      params.projectId === ALL_PROJECTS
        ? and(
            await visibleProjectsWhere(db, caller, scope),
            query.licenseId === undefined && scope.all ? undefined : eq(projects.licenseId, scope.listLicense(query.licenseId)!),
          )
        : eq(workflows.projectId, (await projectInSight(db, caller, scope, params.projectId)).projectId);
    const rows = await db
      .select({
        workflowId: workflows.workflowId,
        name: workflows.name,
        projectId: workflows.projectId,
        projectName: projects.name,
        workflowRelatedKey: workflows.workflowRelatedKey,
        data: workflows.workflowData,
      })
      .from(workflows)
      .innerJoin(projects, eq(projects.projectId, workflows.projectId))
      .where(and(where, eq(workflows.isDecommissioned, false), body.length > 0 ? inArray(workflows.workflowId, body) : undefined))
      .orderBy(asc(workflows.name), asc(workflows.projectId), asc(workflows.workflowId));
    const links =
      rows.length === 0
        ? []
        : await db
            .select({ type: workflowResourceTypes.typeNumber, typeName: resourceTypes.typeName, ownerId: workflowResourceTypes.workflowId })
            .from(workflowResourceTypes)
            .innerJoin(resourceTypes, eq(resourceTypes.typeNumber, workflowResourceTypes.typeNumber))
            .where(
              inArray(
                workflowResourceTypes.workflowId,
                rows.map((row) => row.workflowId),
              ),
            )
            .orderBy(asc(resourceTypes.typeName));
    return json(
      rows.map(({ data, ...row }) => {
        const resourceTypes = typesOf(links, row.workflowId);
        return {
          ...row,
          hasProductionItem: hasProductionItem(data.phases as { items?: { itemType?: number }[] }[]),
          // A workflow that resource types follow cannot be archived (the archive validation's reason).
          archiveErrors:
            resourceTypes.length > 0
              ? [
                  WorkflowMessages.followedByResourceTypes(
                    resourceTypes.map((type) => type.typeName),
                    row.projectName,
                  ),
                ]
              : [],
          resourceTypes,
        };
      }),
    );
  },

  async deleteResourceTypeWorkflow({ db, caller, scope, params, body, audit, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const deleted = await db
      .delete(workflowResourceTypes)
      .where(
        and(
          eq(workflowResourceTypes.projectId, project.projectId),
          eq(workflowResourceTypes.workflowId, body.workflowId),
          eq(workflowResourceTypes.typeNumber, body.resourceType),
        ),
      )
      .returning();
    if (deleted.length === 0) throw notFound();
    audit({ entity: 'workflow-resource-types', entityId: project.projectId, before: deleted, subject: { kind: 'project', id: project.projectId } });
    return json({ Message: WorkflowMessages.resourceTypeRemoved });
  },

  async setResourceTypePreservations({ db, caller, scope, params, query, body, audit, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const ids = [...new Set(body.PreservationId)];
    const links = ids.flatMap((ownerId) => [...new Set(body.ResourceTypes)].map((type) => ({ ownerId, type })));
    const reply = await db.transaction(async (tx) => {
      const owners = await ownersOf(tx, caller, scope, 'preservation', ids);
      return answer('preservation', await makeLinks(tx, 'preservation', project.projectId, links, owners), query.partial, WorkflowMessages.resourceTypesSaved);
    });
    if ((reply.copied ?? []).length > 0)
      audit({ entity: 'preservation-resource-types', entityId: project.projectId, after: reply.copied, subject: { kind: 'project', id: project.projectId } });
    return json(reply);
  },

  async getResourceTypePreservations({ db, caller, scope, params, body, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const rows = await db
      .select({ preservationId: preservations.id, name: preservations.name, preservationRelatedKey: preservations.preservationRelatedKey })
      .from(preservations)
      .where(and(eq(preservations.projectId, project.projectId), body.length > 0 ? inArray(preservations.id, body) : undefined))
      .orderBy(asc(preservations.name), asc(preservations.id));
    const links = await db
      .select({ type: preservationResourceTypes.typeNumber, typeName: resourceTypes.typeName, ownerId: preservationResourceTypes.preservationId })
      .from(preservationResourceTypes)
      .innerJoin(resourceTypes, eq(resourceTypes.typeNumber, preservationResourceTypes.typeNumber))
      .where(eq(preservationResourceTypes.projectId, project.projectId))
      .orderBy(asc(resourceTypes.typeName));
    return json(rows.map((row) => ({ ...row, projectId: project.projectId, resourceTypes: typesOf(links, row.preservationId) })));
  },

  async deleteResourceTypePreservation({ db, caller, scope, params, body, audit, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const deleted = await db
      .delete(preservationResourceTypes)
      .where(
        and(
          eq(preservationResourceTypes.projectId, project.projectId),
          eq(preservationResourceTypes.preservationId, body.PreservationId),
          eq(preservationResourceTypes.typeNumber, body.ResourceType),
        ),
      )
      .returning();
    if (deleted.length === 0) throw notFound();
    audit({ entity: 'preservation-resource-types', entityId: project.projectId, before: deleted, subject: { kind: 'project', id: project.projectId } });
    return json({ Message: WorkflowMessages.resourceTypeRemoved });
  },
});
