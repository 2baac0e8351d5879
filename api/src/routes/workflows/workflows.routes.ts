/**
 * The workflow list (contract area workflows): the definitions. What each call does is in
 * workflows.handlers.ts.
 */
import * as v from 'valibot';
import { WorkflowSchema } from 'contracts/workflows/model';
import { Role } from 'shared/roles';
import { idParam } from '../../http/params';
import { anyRole, route } from '../../http/route';

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

export const workflowSpecs = {
  getWorkflows: route({
    method: 'POST',
    path: '{projectId}/workflow/getAll',
    area: 'workflows',
    summary: 'Workflows of the given projects (the console sends projectId 0), leaving out archived ones.',
    description:
      'The body lists project ids; an empty list means every project the caller may see (as in GET projects). Ids the caller may not see are ignored. `archiveErrors` is empty until the archive validation exists.',
    access: anyRole(Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW),
    grants: [],
    // The path's project id is not used: the body names the projects.
    params: idParam('projectId'),
    body: ProjectIdsBody,
    response: v.array(WorkflowSchema),
  }),
};
