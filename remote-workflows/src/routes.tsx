import { defineRemote, Role } from 'shared';
import './styles.css';

const WORKFLOW_ROLES = [Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW] as const;

/** Workflows, preservations and their resource-type configuration. */
export default defineRemote({
  id: 'workflows',
  basePath: '/workflow',
  version: __BUILD_VERSION__,
  nav: [{ label: 'Workflows', to: '/workflow', roles: WORKFLOW_ROLES, order: 30 }],
  routes: [{ path: '/workflow', lazy: () => import('./features/workflows/WorkflowsPage'), handle: { roles: WORKFLOW_ROLES, title: 'Workflows' } }],
});
