/**
 * The project view's Resource Workflows Config and Resource Preservation Config (contract area
 * workflows): which workflow and which preservation each resource type of a project follows —
 * the routes of their endpoints. What each call does is in resource-type-links.handlers.ts.
 */
import { workflowEndpoints as api } from 'contracts/workflows/model';
import { route } from '../../http/route';
import { byHandler } from '../../http/licence-scope';

const noProject = { 404: 'No such project, workflow or preservation among those the caller sees (another licence’s is the same).' };
const partial =
  ' With `partial=true` (ours: a copy’s Continue) every link that can be made is made and the answer ' +
  'lists them in `copied` and the refused ones, each with its message, in `notCopied`; without it, any ' +
  'refused link refuses the call (409, the same lists, nothing saved).';

export const resourceTypeLinkSpecs = {
  setResourceTypeWorkflows: route(api.setResourceTypeWorkflows, {
    scope: byHandler('the path’s project (0: every project the caller sees, or the query’s licence): one the caller sees (404)'),
    description:
      'Links resource types to workflows of the project: each row’s types are added to its workflow (a type ' +
      'already linked to it stays; removing one is `workflows/delete`). A resource type follows one ' +
      'workflow per project (the database holds it, also under concurrent calls): one linked to another ' +
      'workflow is refused with "{type} already has a config assigned". The workflow must be a live ' +
      'workflow of this project ("{name} is not in a selected project") without a Production item (type 3). ' +
      'Resource type 707 is the fixed Adjustment type.' +
      partial,
    grants: [],
    answers: { 400: 'Not a list of rows, or a type under two rows.', 409: 'A link the rules refuse (nothing saved unless `partial`).', ...noProject },
  }),
  getResourceTypeWorkflows: route(api.getResourceTypeWorkflows, {
    scope: byHandler('the path’s project (0: every project the caller sees, or the query’s licence): one the caller sees (404)'),
    description:
      'The live workflows of the project (only the listed ids, if any), each with the resource types that ' +
      'follow it and the reasons it cannot be archived, by name. Project 0 (ours, as `0/workflow/getAll`) ' +
      'answers the workflows of every project the caller sees — of licence `licenseId` when given (another ' +
      'licence’s is a 404; a licence administrator’s own by default) — the licence settings’ mapping and ' +
      'usage.',
    grants: [],
    answers: noProject,
  }),
  deleteResourceTypeWorkflow: route(api.deleteResourceTypeWorkflow, {
    scope: byHandler('the path’s project (0: every project the caller sees, or the query’s licence): one the caller sees (404)'),
    description: 'Unlinks a resource type from a workflow of the project.',
    grants: [],
    answers: { 404: 'The project is not one the caller sees, or the type does not follow that workflow there.' },
  }),
  setResourceTypePreservations: route(api.setResourceTypePreservations, {
    scope: byHandler('the path’s project (0: every project the caller sees, or the query’s licence): one the caller sees (404)'),
    description:
      'Links the resource types `ResourceTypes` to the preservation(s) `PreservationId` of the project ' +
      '(added; removing one is `preservations/delete`). A resource type has one preservation per project: ' +
      'one linked to another is refused with "{type} already has a config assigned"; a preservation of ' +
      'another project with "{name} is not in selected project".' +
      partial,
    grants: [],
    answers: { 400: 'Not a body of PreservationId and ResourceTypes lists.', 409: 'A link the rules refuse (nothing saved unless `partial`).', ...noProject },
  }),
  getResourceTypePreservations: route(api.getResourceTypePreservations, {
    scope: byHandler('the path’s project (0: every project the caller sees, or the query’s licence): one the caller sees (404)'),
    description: 'The preservations of the project (only the listed ids, if any), each with the resource types that follow it, by name. Project 1 has none.',
    grants: [],
    answers: noProject,
  }),
  deleteResourceTypePreservation: route(api.deleteResourceTypePreservation, {
    scope: byHandler('the path’s project (0: every project the caller sees, or the query’s licence): one the caller sees (404)'),
    description: 'Unlinks a resource type from a preservation of the project.',
    grants: [],
    answers: { 404: 'The project is not one the caller sees, or the type does not follow that preservation there.' },
  }),
};
