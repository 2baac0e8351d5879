/**
 * What the workflow calls do (workflows.routes.ts has their definitions): live workflows of the
 * projects the caller may see, the same projects as the project list (domain/project-visibility.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Workflow } from 'contracts/workflows/model';
import { projects, workflows } from '../../db/schema';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import { implement } from '../../http/route';
import { workflowSpecs } from './workflows.routes';

export const workflowRoutes = implement(workflowSpecs, {
  async getWorkflows({ db, caller, scope, body, json }) {
    const rows = await db
      .select({
        workflowId: workflows.workflowId,
        name: workflows.name,
        workflowType: workflows.workflowType,
        projectId: workflows.projectId,
        projectName: projects.name,
        workflowRelatedKey: workflows.workflowRelatedKey,
        isDecommissioned: workflows.isDecommissioned,
        decommissionDateTime: workflows.decommissionDateTime,
        workflowData: workflows.workflowData,
      })
      .from(workflows)
      .innerJoin(projects, eq(projects.projectId, workflows.projectId))
      .where(
        and(
          await visibleProjectsWhere(db, caller, scope),
          body.length > 0 ? inArray(workflows.projectId, body) : undefined,
          eq(workflows.isDecommissioned, false),
        ),
      )
      .orderBy(workflows.projectId, workflows.name, workflows.workflowId);
    const list: Workflow[] = rows.map((row) => ({
      ...row,
      decommissionDateTime: row.decommissionDateTime?.toISOString() ?? null,
      archiveErrors: [],
    }));
    return json(list);
  },
});
