import { screenAccess } from 'contracts/common/endpoint';
import { workflowEndpoints } from 'contracts/workflows/model';
import { defineRoute } from 'shared';

/** Who may open the workflow list: whoever may read the workflows (spec 2 §6: ADMINISTER_WORKFLOW or EDIT_WORKFLOW). */
export const WORKFLOW_ROLES = screenAccess(workflowEndpoints.getWorkflows);

/** The workflow list (spec 1). */
export const workflowsRoute = defineRoute({
  id: 'workflows',
  path: '/workflow',
  lazy: () => import('./WorkflowsPage'),
  handle: { roles: WORKFLOW_ROLES, title: 'Workflows' },
});

export const workflowsRoutes = [workflowsRoute];
