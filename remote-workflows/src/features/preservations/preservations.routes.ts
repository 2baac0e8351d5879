import { screenAccess } from 'contracts/common/endpoint';
import { workflowEndpoints } from 'contracts/workflows/model';
import { defineRoute } from 'shared';

/** Who may open the preservation screens (spec 2 §6: ADMINISTER_PRESERVATION). */
export const PRESERVATION_ROLES = screenAccess(workflowEndpoints.getPreservations);

/** The preservation list (spec 2: /preservations). */
export const preservationsRoute = defineRoute({
  id: 'preservations',
  path: '/preservations',
  lazy: () => import('./PreservationsPage'),
  handle: { roles: PRESERVATION_ROLES, title: 'Preservations' },
});

/** The editor (spec 2: /preservations/:id, id `new` for a new one — route preservationNew). */
export const preservationEditRoute = defineRoute({
  id: 'preservation.edit',
  path: '/preservations/:id',
  lazy: () => import('./PreservationEditorPage'),
  handle: { roles: screenAccess(workflowEndpoints.createPreservations), title: 'Preservation' },
});

/** One preservation (spec 2: /preservation/:projectId/:id/view, route preservationView): the editor with its History. */
export const preservationViewRoute = defineRoute({
  id: 'preservation.view',
  path: '/preservation/:projectId/:id/view',
  lazy: () => import('./PreservationEditorPage'),
  handle: { roles: PRESERVATION_ROLES, title: 'Preservation' },
});

export const preservationsRoutes = [preservationsRoute, preservationEditRoute, preservationViewRoute];
