import { defineRoute, Role } from 'shared';
import { WORKFLOW_ROLES } from '../workflows/workflows.routes';

/**
 * A new workflow (spec 2 §2: /workflow/new, WorkflowNew), also a copy (`?id=<id>&copy=true`):
 * creating and copying are ADMINISTER_WORKFLOW's (spec 2 §6). The designer, with dnd-kit, is
 * its own chunk, loaded only on these two routes.
 */
export const workflowNewRoute = defineRoute({
  id: 'workflow.new',
  path: '/workflow/new',
  lazy: () => import(/* webpackChunkName: "workflow-designer" */ './WorkflowDesignerPage'),
  handle: { roles: [Role.ADMINISTER_WORKFLOW], title: 'Add New Workflow' },
});

/** One workflow (spec 2 §2: /workflow/:projectId/:id/view, Workflow): viewed, edited and saved with either workflow role. */
export const workflowViewRoute = defineRoute({
  id: 'workflow.view',
  path: '/workflow/:projectId/:id/view',
  lazy: () => import(/* webpackChunkName: "workflow-designer" */ './WorkflowDesignerPage'),
  handle: { roles: WORKFLOW_ROLES, title: 'Edit Workflow' },
});

/** The link that copies a workflow: the new-workflow designer started from it (spec 2 §2: WorkflowNew's id and copy). */
export const workflowCopyLink = (workflowId: number) => `${workflowNewRoute.to({})}?id=${workflowId}&copy=true`;

export const workflowDesignerRoutes = [workflowNewRoute, workflowViewRoute];

/** A whole number from a route's or query's parameter, or null when it is not one (the screen then says not found). */
export const routeId = (text: string | null | undefined): number | null => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);
