/**
 * The workflow list (contract area workflows): the routes of its endpoints
 * (contracts/workflows). What each call does is in workflows.handlers.ts.
 */
import { workflowEndpoints as api } from 'contracts/workflows/model';
import { route } from '../../http/route';

export const workflowSpecs = {
  getWorkflows: route(api.getWorkflows, {
    description:
      'The body lists project ids; an empty list means every project the caller may see (as in GET projects). Ids the caller may not see are ignored. `archiveErrors` is empty until the archive validation exists.',
    grants: [],
  }),
};
