import { defineRemote } from 'shared';
import { WORKFLOW_ROLES, workflowsRoute, workflowsRoutes } from './features/workflows/workflows.routes';
import './styles.css';

/** Workflows, preservations and their resource-type configuration. */
export default defineRemote({
  id: 'workflows',
  kernel: __KERNEL_VERSION__,
  basePath: workflowsRoute.to({}),
  version: __BUILD_VERSION__,
  nav: [{ label: 'Workflows', to: workflowsRoute.to({}), roles: WORKFLOW_ROLES, order: 30 }],
  routes: [...workflowsRoutes],
});
