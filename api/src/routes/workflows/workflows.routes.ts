/**
 * The workflow list (contract area workflows): live workflows of the projects the caller may
 * see, the same projects as the project list (projects.visibility.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { WorkflowSchema, type Workflow } from 'shared/api-schemas';
import { Role } from 'shared/roles';
import { projects, workflows } from '../../db/schema';
import { anyRole, defineRoute } from '../../http/route';
import { visibleProjectsWhere } from '../projects/projects.visibility';

const MAX_PROJECT_IDS = 1000;
/** The largest id an integer column holds. */
const MAX_ID = 2_147_483_647;

const ProjectIdsBody = v.pipe(
  v.array(
    v.pipe(
      v.number('Each project id must be a number.'),
      v.integer('Each project id must be a whole number.'),
      v.minValue(0, 'A project id cannot be negative.'),
      v.maxValue(MAX_ID, 'A project id is out of range.'),
    ),
    'Send a list of project ids.',
  ),
  v.maxLength(MAX_PROJECT_IDS, `Send at most ${MAX_PROJECT_IDS} project ids.`),
);

export const workflowRoutes = [
  defineRoute({
    method: 'POST',
    path: '{projectId}/workflow/getAll',
    area: 'workflows',
    summary: 'Workflows of the given projects (the console sends projectId 0), leaving out archived ones.',
    description:
      'The body lists project ids; an empty list means every project the caller may see (as in GET projects). Ids the caller may not see are ignored. `archiveErrors` is empty until the archive validation exists.',
    access: anyRole(Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW),
    // The path's project id is not used: the body names the projects.
    params: v.object({ projectId: v.pipe(v.string(), v.regex(/^\d{1,9}$/)) }),
    body: ProjectIdsBody,
    response: v.array(WorkflowSchema),
    async handler({ db, caller, scope, body, json }) {
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
  }),
];
