/**
 * Preservation plans (contract area workflows): the list, a project's plans, and saving a plan's
 * copies across projects — the routes of their endpoints. What each call does is in
 * preservations.handlers.ts; the editor's rules are the model's (PreservationBodySchema,
 * PreservationsBulkBodySchema in contracts/workflows).
 */
import { workflowEndpoints as api } from 'contracts/workflows/model';
import { route } from '../../http/route';
import { byHandler } from '../../http/licence-scope';

const noProject = { 404: 'No such project among those the caller sees (another licence’s is the same).' };
const ONE_LICENSE =
  ' A related key links copies in the projects of one licence: the licence of its first copy. A key of ' +
  'another licence is a 404, exactly as a missing plan (to a super administrator, who sees both, a 400 ' +
  '`A preservation’s projects must all be of one licence.`, as are projects of two licences); only the ' +
  'key’s licence’s copies are read. Saves of one key run one after the other (it is locked).';

export const preservationSpecs = {
  getPreservations: route(api.getPreservations, {
    scope: byHandler('the body’s projects: only those the caller sees'),
    description:
      'The body lists project ids; an empty list means every project the caller may see (as in GET ' +
      'projects). Ids the caller may not see are ignored, and project 1 (the defaults) is always left out. ' +
      'Sorted by name, then project.',
    grants: [],
  }),
  getProjectPreservations: route(api.getProjectPreservations, {
    scope: byHandler('the path’s project: one the caller sees (404)'),
    description: 'The plans of one project the caller sees, by name; project 1 has none.',
    grants: [],
    answers: noProject,
  }),
  createPreservations: route(api.createPreservations, {
    scope: byHandler('each copy’s project, and the related key: in the caller’s licence (404), inside the saving transaction'),
    description:
      'A new plan: one copy per chosen project, all sharing `preservationRelatedKey` and the name (no ' +
      '`id`). Every project must be one the caller sees, active, and not project 1. Steps without an `id` ' +
      'get one (a GUID). All copies are created in one transaction, or none.' +
      ONE_LICENSE,
    grants: [],
    status: 201,
    answers: {
      400:
        'A rule of the editor refuses the body (its message, each field under `errors`), project 1 is named, ' +
        'or (a super administrator) the projects or the key are of two licences.',
      409: 'A project is inactive, or already has a copy of this plan (nothing created).',
      404: 'No such project among those the caller sees (another licence’s is the same), or a related key of another licence.',
    },
  }),
  updatePreservations: route(api.updatePreservations, {
    scope: byHandler('each copy’s project, and the related key: in the caller’s licence (404), inside the saving transaction'),
    description:
      'Saves a plan’s copies: a copy with an `id` is updated (it must be this plan’s copy in that project), ' +
      'one without is created in its project (a project added to the plan). A copy of the plan in a project ' +
      'the caller sees that the body leaves out is removed (a project taken off the plan), unless resource ' +
      'types of that project follow it (409: unlink them first). One transaction: all or nothing. Answers ' +
      '`{ Message }`.' +
      ONE_LICENSE,
    grants: [],
    answers: {
      400: 'A rule of the editor refuses the body, or project 1 is named.',
      409: 'A project is inactive or already has another copy, or a removed copy is still linked to resource types (nothing saved).',
      404: 'A copy or project the caller does not see, a copy of another plan, or a related key of another licence.',
    },
  }),
};
