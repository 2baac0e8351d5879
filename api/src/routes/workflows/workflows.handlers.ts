/**
 * What the workflow calls do (workflows.routes.ts has their definitions): workflows of the
 * projects the caller sees (workflows.service.ts), their archive reasons read in one query
 * however many there are, archiving, and saving copies (workflow-save.ts), each write in one
 * transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { WorkflowMessages } from 'contracts/workflows/model';
import { projects, workflows } from '../../db/schema';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import { badRequest, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import { saveCopies } from './workflow-save';
import { workflowSpecs } from './workflows.routes';
import {
  archiveLocked,
  archiveReasons,
  existingPhases,
  followersOf,
  followersOfIds,
  liveCopies,
  namedWorkflows,
  visibleWorkflowList,
  visibleWorkflows,
  workflowListReply,
  workflowReply,
} from './workflows.service';

export const workflowRoutes = implement(workflowSpecs, {
  async getWorkflows({ db, caller, scope, body, json }) {
    const where = and(body.length > 0 ? inArray(workflows.projectId, body) : undefined, eq(workflows.isDecommissioned, false));
    const rows = await visibleWorkflowList(db, caller, scope, where);
    // The archive reasons of the whole list in one query, over the same workflows.
    const followers = rows.length === 0 ? new Map<number, string[]>() : await followersOf(db, and(await visibleProjectsWhere(db, caller, scope), where)!);
    return json(rows.map((row) => workflowListReply(row, archiveReasons(row, followers.get(row.workflowId)))));
  },

  async getExistingPhases({ db, caller, scope, query, json }) {
    return json(existingPhases(await visibleWorkflows(db, caller, scope, eq(workflows.isDecommissioned, false)), query.relatedKey));
  },

  async getWorkflow({ db, caller, scope, params, json }) {
    const [row] = await visibleWorkflows(db, caller, scope, eq(workflows.workflowId, params.workflowId));
    if (!row) throw notFound();
    const followers = await followersOfIds(db, [row.workflowId]);
    return json({ workflow: workflowReply(row, archiveReasons(row, followers.get(row.workflowId))), copies: await liveCopies(db, caller, scope, row) });
  },

  async validateArchive({ db, caller, scope, body, json }) {
    const rows = await namedWorkflows(db, caller, scope, body);
    const followers = await followersOfIds(db, [...rows.keys()]);
    return json({
      archiveErrorsByWorkflowId: Object.fromEntries(
        [...rows.values()].map((row) => [String(row.workflowId), archiveReasons(row, followers.get(row.workflowId))]),
      ),
    });
  },

  async archiveWorkflows({ db, deps, caller, scope, body, audit, json }) {
    if (body.length === 0) throw badRequest(WorkflowMessages.archiveIdsRequired);
    const { entries } = await db.transaction(async (tx) =>
      archiveLocked(tx, [...(await namedWorkflows(tx, caller, scope, body, true)).values()], deps.clock.now()),
    );
    entries.forEach(audit);
    return json({ success: true, message: WorkflowMessages.archived });
  },

  async saveWorkflowsBulk({ db, deps, caller, scope, query, body, audit, json }) {
    const { saved, entries } = await db.transaction((tx) =>
      saveCopies(tx, caller, scope, { copies: body, archive: query.archive, pathOf: (index) => `${index}.` }, deps.clock.now()),
    );
    entries.forEach(audit);
    const followers = await followersOfIds(
      db,
      saved.map((row) => row.workflowId),
    );
    return json(saved.map((row) => workflowReply(row, archiveReasons(row, followers.get(row.workflowId)))));
  },

  async updateWorkflow({ db, deps, caller, scope, params, body, audit, json }) {
    if (body.workflowId === 0) throw badRequest(WorkflowMessages.updateNeedsId, { errors: { workflowId: WorkflowMessages.updateNeedsId } });
    if (body.projectId !== params.projectId) {
      // The path's project must be one the caller sees before the body is compared with it.
      const [project] = await db
        .select({ projectId: projects.projectId })
        .from(projects)
        .where(and(eq(projects.projectId, params.projectId), await visibleProjectsWhere(db, caller, scope)));
      if (!project) throw notFound();
      throw badRequest(WorkflowMessages.projectMismatch, { errors: { projectId: WorkflowMessages.projectMismatch } });
    }
    const { entries } = await db.transaction((tx) => saveCopies(tx, caller, scope, { copies: [body], archive: [], pathOf: () => '' }, deps.clock.now()));
    entries.forEach(audit);
    return json({ Message: WorkflowMessages.modified });
  },
});
