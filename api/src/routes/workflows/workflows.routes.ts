/**
 * Progress workflows (contract area workflows): the list, one workflow with its copies, the
 * archive validation, archiving, and saving a workflow's copies — the routes of their endpoints
 * (contracts/workflows). What each call does is in workflows.handlers.ts and workflow-save.ts;
 * the editor's rules are the model's (WorkflowBodySchema, workflows.rules.ts).
 */
import { workflowEndpoints as api } from 'contracts/workflows/model';
import { route } from '../../http/route';
import { byHandler } from '../../http/licence-scope';

const SCOPE =
  'A workflow is visible when its project is one the caller sees (as in GET projects: assigned directly ' +
  'or through a group, a whole licence with ADMINISTER_PROJECT_READ, every licence for a super ' +
  'administrator; an API key its own projects); any other — another licence’s, a project not assigned, ' +
  'a missing id — is a 404, and nothing changes.';
const REASONS =
  'A workflow cannot be archived while resource types of its project follow it (`Resource types {names} ' +
  'of project {projectName} follow this workflow.`), or when it is archived already (`This workflow is ' +
  'already archived.`).';
const RULES =
  'Each copy follows the editor’s rules (the body’s schema: name, phases and items named and unique, ' +
  'weights from 0 to 100 summing to 100 within 0.0001 for the phases and for each phase’s items, links ' +
  'that point to items of the workflow, each tab’s fields, nothing on a tab the item’s type disables; ' +
  '400 with the spec’s message and each field under `errors`). Then, against the stored data: a Geo ' +
  'trigger keeps the workflow to one project — its live copies after the save are in exactly one ' +
  'project (400 `Item(s) has Geo location trigger. Please remove that to add more projects`) — and ' +
  'names an active site of its copy’s project (400 under the trigger’s `siteID`); when an item maps an ' +
  'equipment status, the custom equipment statuses of the workflow’s projects (project config ' +
  'CustomEquipmentStatus, parameter Statuses; none without it) must agree (400 `This Workflow is ' +
  'assigned to projects with differing customEquipmentStatuses. …`) and each mapped status must be ' +
  'Unavailable (2), Available (3) or one of the project’s custom statuses (4 on; 400 under its ' +
  '`equipmentStatusState`); an item stored with another type may change type only without conditions, ' +
  'requirements, triggers and equipment mappings (400 under its `itemType`).';
const ONE_TRANSACTION =
  'Everything happens in one transaction, all or nothing; saves of one workflow run one after the other ' +
  '(its related key and stored copies are locked), so the rules read what the save before left. A ' +
  'project holds one live copy of a workflow, which a unique index keeps even under concurrent saves ' +
  '(409).';
const ONE_LICENSE =
  'A related key links copies in the projects of one licence: the licence of its first copy. A key of ' +
  'another licence is a 404, exactly as a missing workflow (to a super administrator, who sees both, a ' +
  '400 `A workflow’s projects must all be of one licence.`, as are projects of two licences); only the ' +
  'key’s licence’s copies are read, counted by the rules and answered.';
const HISTORY = 'Each copy saved or archived has its History (`audit?subject=workflow:{workflowId}`), with what it was before and after.';

export const workflowSpecs = {
  getWorkflows: route(api.getWorkflows, {
    scope: byHandler('the body’s projects: only those the caller sees'),
    description:
      `The body lists project ids; an empty list means every project the caller may see (as in GET ` +
      `projects). Ids the caller may not see are ignored. Archived workflows are left out; those of a ` +
      `deactivated project are kept (it can be activated again) with \`projectIsActive\` false (ours), ` +
      `which the list marks. Each workflow’s \`archiveErrors\` are the reasons it cannot be archived, as ` +
      `POST workflow/validateArchive gives them (${REASONS}) The path’s project id is not used. Ours (issue ` +
      `38): each workflow comes without \`workflowData\` — the list shows no phase or item; \`GET ` +
      `workflows/{workflowId}\` answers one workflow whole and \`GET workflows/phases\` the phases Add ` +
      `Phase offers.`,
    grants: [],
  }),

  getExistingPhases: route(api.getExistingPhases, {
    scope: byHandler('the workflows of the projects the caller sees'),
    description:
      `Ours (issue 38: the workflow list no longer carries phases): the designer’s Add Phase offers these ` +
      `as existing phases (spec 2 §2). Of the live workflows of every project the caller sees (as \`POST ` +
      `0/workflow/getAll\` with an empty list, in its order), each phase whose name (trimmed, not empty) no ` +
      `earlier one has, leaving out the copies of the workflow whose related key is \`relatedKey\`; each ` +
      `workflow with those phases only, and only when it has one. ${SCOPE}`,
  }),

  getWorkflow: route(api.getWorkflow, {
    scope: byHandler('the workflow’s project: one the caller sees (404); its copies only in the caller’s licence'),
    description:
      `The workflow (an archived one too) with its \`archiveErrors\`, and \`copies\`: its live copies (the ` +
      `same \`workflowRelatedKey\`, not archived, in its licence) in the projects the caller sees, itself ` +
      `included when live, by project name, each with the resource types that follow it in its project (who ` +
      `a change reaches). ${SCOPE}`,
    answers: { 404: 'No such workflow among the projects the caller sees.' },
  }),

  validateArchive: route(api.validateArchive, {
    scope: byHandler('the body’s workflows: each in a project the caller sees (404)'),
    description:
      `Answers \`archiveErrorsByWorkflowId\`: for every id sent, the reasons it cannot be archived (an ` +
      `empty list: it can). ${REASONS} Changes nothing. ${SCOPE}`,
    grants: [],
    answers: { 404: 'An id is not a workflow of the projects the caller sees.' },
  }),

  saveWorkflowsBulk: route(api.saveWorkflowsBulk, {
    scope: byHandler('each copy’s project, and the related key: in the caller’s licence (404), inside the saving transaction'),
    description:
      `Saves a workflow’s copies, one per project, sharing \`workflowRelatedKey\` and the name (the ` +
      `editor’s Save). First, the copies named in \`archive\` (ours: the projects the editor took off; ` +
      `comma-separated ids, each a live copy of this workflow the caller sees, not also in the body) are ` +
      `archived — any archive reason refuses the call (409, every reason in \`Message\`, per workflow in ` +
      `\`archiveErrorsByWorkflowId\`). Then each copy: \`workflowId\` 0 creates it in its project, which ` +
      `must be one the caller sees (404) and active (409), and hold no live copy of the workflow (409); any ` +
      `other \`workflowId\` must be this workflow’s live copy in that project (404 when the caller does not ` +
      `see it, 409 when it is another workflow or archived). Copies of projects the caller does not see, ` +
      `and live copies the body leaves out, stay as they are. ${ONE_LICENSE} ${RULES} ${ONE_TRANSACTION} ` +
      `Answers the saved copies in the body’s order, with their project names and \`archiveErrors\`; 200 ` +
      `even when it created copies, the contract’s answer for this call. The path’s project id is not used. ` +
      `${HISTORY}`,
    grants: [],
    answers: {
      400:
        'A rule refuses a copy (its message, each field under `errors`), `archive` names another workflow or ' +
        'a copy that is also sent, or (a super administrator) the projects or the key are of two licences ' +
        '(nothing archived or saved).',
      404: 'A project, copy or workflow to archive the caller does not see, or a related key of another licence (nothing archived or saved).',
      409:
        'A workflow to archive has archive reasons, a project is inactive or already holds a live copy, or a ' +
        'copy sent is another workflow’s or archived (nothing archived or saved).',
    },
  }),

  updateWorkflow: route(api.updateWorkflow, {
    scope: byHandler('each copy’s project, and the related key: in the caller’s licence (404), inside the saving transaction'),
    description:
      `Saves one existing copy: \`workflowId\` is the copy’s (0 is a 400: new copies are made with POST ` +
      `{projectId}/workflow/bulk), and \`projectId\` must be the path’s (400) — the copy’s own project. The ` +
      `same checks as the bulk save, on this copy: it must be the live copy of its workflow in that project ` +
      `(404 when the caller does not see it, 409 when it is another workflow’s or archived). ${ONE_LICENSE} ` +
      `${RULES} One transaction, all or nothing. Answers \`{ Message: 'Workflow modified' }\`. ${HISTORY}`,
    grants: [],
    answers: {
      400: 'A rule refuses the copy, workflowId is 0, or projectId is not the path’s (nothing saved).',
      404: 'No such workflow or project among those the caller sees.',
      409: 'The workflow is archived or is not the copy in that project.',
    },
  }),

  archiveWorkflows: route(api.archiveWorkflows, {
    scope: byHandler('the body’s workflows: each in a project the caller sees (404)'),
    description:
      `Archives (decommissions) the workflows: each is marked archived with the time. ${REASONS} Any reason ` +
      `refuses the whole call — 409 with every reason in \`Message\` (one per line) and per workflow in ` +
      `\`archiveErrorsByWorkflowId\` — and nothing is archived. The reasons are checked again inside the ` +
      `transaction, after the workflows are locked, so a resource type linked meanwhile is seen. An empty ` +
      `list is a 400. Answers \`{ success: true, message: 'Workflow archived' }\`. ${SCOPE} ${HISTORY}`,
    grants: [],
    answers: {
      400: 'No workflow ids sent.',
      404: 'An id is not a workflow of the projects the caller sees (nothing archived).',
      409: 'A workflow has archive reasons (nothing archived).',
    },
  }),
};
