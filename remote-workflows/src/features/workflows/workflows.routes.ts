import { defineRoute, Role } from 'shared';

export const WORKFLOW_ROLES = [Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW] as const;

/** The workflow list (spec 1). */
export const workflowsRoute = defineRoute({ id: 'workflows', path: '/workflow', lazy: () => import('./WorkflowsPage'), handle: { roles: WORKFLOW_ROLES, title: 'Workflows' } });

export const workflowsRoutes = [workflowsRoute];
