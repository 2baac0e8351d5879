import { defineRemote } from 'shared';
import { PRESERVATION_ROLES, preservationsRoute, preservationsRoutes } from './features/preservations/preservations.routes';
import { workflowDesignerRoutes } from './features/workflow-designer/workflowDesigner.routes';
import { WORKFLOW_ROLES, workflowsRoute, workflowsRoutes } from './features/workflows/workflows.routes';
import './styles.css';

/** Workflows, preservations and their resource-type configuration. */
export default defineRemote({
  id: 'workflows',
  kernel: __KERNEL_VERSION__,
  basePath: workflowsRoute.to({}),
  version: __BUILD_VERSION__,
  nav: [
    { label: 'Workflows', to: workflowsRoute.to({}), roles: WORKFLOW_ROLES, order: 30, group: 'workflows' },
    { label: 'Preservations', to: preservationsRoute.to({}), roles: PRESERVATION_ROLES, order: 31, group: 'workflows' },
  ],
  routes: [...workflowsRoutes, ...workflowDesignerRoutes, ...preservationsRoutes],
});
