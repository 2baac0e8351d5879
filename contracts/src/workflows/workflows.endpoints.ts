/**
 * The workflows calls (contract area workflows), one endpoint object each: resource types,
 * workflows, preservations and their per-project resource-type configuration. The console's
 * call functions (workflows.calls.ts) and the API's routes are made from them.
 *
 * Access (spec 2 §6): ADMINISTER_WORKFLOW and EDIT_WORKFLOW both list, view (the editor) and
 * save workflows — creating and copying are ADMINISTER_WORKFLOW's buttons, archiving
 * EDIT_WORKFLOW's, and the editor archives a project's copy when the project is removed;
 * ADMINISTER_PRESERVATION has the preservation routes. The resource-type configuration is a
 * tab of the project view (spec 1 §2), open to the portal roles.
 */
import * as v from 'valibot';
import { PORTAL_ROLES, Role } from 'shared/roles';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';
import { IdsBodySchema, idIn, int } from '../common/fields';
import { idParam, licenseIdQuery } from '../common/params';
import { MessageReplySchema, SuccessReplySchema } from '../common/replies.entities';
import { ResourceTypeSchema } from '../licensing/resource-types.entities';
import { MAX_PROJECT_IDS, ProjectIdsBodySchema } from '../projects-sites/projects.entities';
import { PreservationListReplySchema, PreservationResourceTypesSchema, PreservationSchema } from './preservations.entities';
import { PreservationBodySchema } from './preservations.forms';
import {
  ArchiveValidationSchema,
  ExistingPhasesSchema,
  WorkflowDetailSchema,
  WorkflowListItemSchema,
  WorkflowResourceTypesSchema,
  WorkflowSchema,
} from './workflows.entities';
import { WorkflowBodySchema } from './workflows.forms';
import { PreservationMessages, WorkflowMessages } from './workflows.messages';

/** The workflow list and editor (spec 2 §6: either role). */
const workflowRoles = anyRole(Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW);
/** The preservation routes (spec 2 §6). */
const preservationRoles = anyRole(Role.ADMINISTER_PRESERVATION);
/** The project view's Resource Workflows and Resource Preservation Config tabs (spec 1 §6: project routes). */
const portal = anyRole(...PORTAL_ROLES);

const projectIdParam = idParam('projectId');

// ------------------------------------------------------------------ bodies

/** The copies of one definition across projects: one per project, sharing the related key and the name. */
const copiesOfOne = (copies: readonly { projectId: number; relatedKey: string; name: string }[]) =>
  new Set(copies.map((copy) => copy.projectId)).size === copies.length && new Set(copies.map((copy) => `${copy.relatedKey}\n${copy.name}`)).size <= 1;

/** Body of POST {projectId}/workflow/bulk: a workflow's copies across projects (new project entries have workflowId 0). */
export const WorkflowsBulkBodySchema = v.pipe(
  v.array(WorkflowBodySchema, WorkflowMessages.projectsRequired),
  v.nonEmpty(WorkflowMessages.projectsRequired),
  v.maxLength(MAX_PROJECT_IDS),
  v.check(
    (workflows) => copiesOfOne(workflows.map((w) => ({ projectId: w.projectId, relatedKey: w.workflowRelatedKey, name: w.name }))),
    WorkflowMessages.copies,
  ),
);

/** Body of POST and PUT {projectId}/preservation/bulk: a preservation's copies across projects. */
export const PreservationsBulkBodySchema = v.pipe(
  v.array(PreservationBodySchema, PreservationMessages.projectsRequired),
  v.nonEmpty(PreservationMessages.projectsRequired),
  v.maxLength(MAX_PROJECT_IDS),
  v.check(
    (preservations) => copiesOfOne(preservations.map((p) => ({ projectId: p.projectId, relatedKey: p.preservationRelatedKey, name: p.name }))),
    PreservationMessages.copies,
  ),
);

const typeNumbers = v.pipe(
  v.array(idIn('A resource type number is a whole number.'), 'Send a list of resource type numbers.'),
  v.maxLength(1000, 'Send a list of resource type numbers.'),
);

/** The first resource type listed under two workflows, if any. */
function typeUnderTwoWorkflows(rows: readonly { resourceTypes: readonly number[] }[]): number | undefined {
  const seen = new Set<number>();
  for (const type of rows.flatMap((row) => [...new Set(row.resourceTypes)])) {
    if (seen.has(type)) return type;
    seen.add(type);
  }
  return undefined;
}

/** Body of POST {projectId}/Resource/resourcetype/workflow: type numbers per workflow; a resource type belongs to one workflow per project (spec 2 §5). */
export const WorkflowResourceTypesBodySchema = v.pipe(
  v.array(v.object({ workflowId: idIn('workflowId must be a workflow id.'), resourceTypes: typeNumbers }), 'Send a list of { workflowId, resourceTypes }.'),
  v.maxLength(1000),
  v.check(
    (rows) => typeUnderTwoWorkflows(rows) === undefined,
    (issue) => WorkflowMessages.resourceTypeTaken(typeUnderTwoWorkflows(issue.input as { resourceTypes: number[] }[]) ?? 0),
  ),
);

/** Body of POST {projectId}/Resource/resourcetype/workflows/delete. */
export const WorkflowResourceTypeRemoveBodySchema = v.object({
  workflowId: idIn('workflowId must be a workflow id.'),
  resourceType: idIn('resourceType must be a resource type number.'),
});

/** Body of POST {projectId}/Resource/resourcetype/preservation (the spec's PascalCase names). */
export const PreservationResourceTypesBodySchema = v.object({ PreservationId: IdsBodySchema, ResourceTypes: typeNumbers });

/** Body of POST {projectId}/Resource/resourcetype/preservations/delete. */
export const PreservationResourceTypeRemoveBodySchema = v.object({
  PreservationId: idIn('PreservationId must be a preservation id.'),
  ResourceType: idIn('ResourceType must be a resource type number.'),
});

/**
 * POST {projectId}/workflow/bulk's `archive` (ours): the copies to archive before the rest is
 * saved — the projects the editor removed — in the same transaction, as comma-separated ids.
 */
export const WorkflowBulkQuerySchema = v.object({
  archive: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(\d{1,9}(,\d{1,9}){0,999})?$/, 'archive must list workflow ids separated by commas.'),
      v.transform((ids) => (ids === '' ? [] : ids.split(',').map(Number))),
    ),
    '',
  ),
});

/**
 * The resource-type link calls' `partial` (ours): `true` saves every link that can be made and
 * answers which were and were not (a copy's Continue); otherwise any refused link refuses the
 * whole call, nothing saved.
 */
export const ResourceTypeLinkQuerySchema = v.object({
  partial: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'partial is true or false.'),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
});

/** One link a resource-type call made or refused: a workflow's or a preservation's type, and why not. */
const ResourceTypeLinkSchema = v.looseObject({
  workflowId: v.optional(int),
  preservationId: v.optional(int),
  resourceType: v.optional(int),
  message: v.optional(v.string()),
});

/** The answer of a resource-type link call: its message and, ours, the links made (`copied`) and refused (`notCopied`). */
export const ResourceTypeLinkReplySchema = v.looseObject({
  Message: v.optional(v.string()),
  copied: v.optional(v.array(ResourceTypeLinkSchema)),
  notCopied: v.optional(v.array(ResourceTypeLinkSchema)),
});
export type ResourceTypeLinkReply = v.InferOutput<typeof ResourceTypeLinkReplySchema>;

// ------------------------------------------------------------------ endpoints

export const workflowEndpoints = endpointGroup('workflows', {
  getResourceTypes: endpoint({
    method: 'GET',
    path: 'Resource/resourceTypesMetaData',
    summary: 'Resource types (typeName, typeNumber; 707 Adjustment).',
    // The configs, resource properties, and workflow and preservation screens all name resource types.
    access: anyRole(...PORTAL_ROLES, Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW, Role.ADMINISTER_PRESERVATION),
    reply: v.array(ResourceTypeSchema),
  }),

  getWorkflows: endpoint({
    method: 'POST',
    path: '{projectId}/workflow/getAll',
    summary: 'Workflows of the given projects (the console sends projectId 0), leaving out archived ones.',
    access: workflowRoles,
    // The path's project id is not used: the body names the projects.
    params: projectIdParam,
    body: ProjectIdsBodySchema,
    // What the list shows, not each workflow's phases and items (issue 38).
    reply: v.array(WorkflowListItemSchema),
  }),

  getExistingPhases: endpoint({
    method: 'GET',
    path: 'workflows/phases',
    summary:
      'The phases Add Phase offers as existing ones: of the live workflows the caller sees, the first of ' +
      'each name, without the copies of the workflow `relatedKey`.',
    access: workflowRoles,
    query: v.object({ relatedKey: v.optional(v.pipe(v.string(), v.maxLength(100))) }),
    reply: ExistingPhasesSchema,
  }),

  getWorkflow: endpoint({
    method: 'GET',
    path: 'workflows/{workflowId}',
    summary: 'One workflow (archived too) and the live copies of it, in the projects the caller may see, with the resource types that use each.',
    access: workflowRoles,
    params: idParam('workflowId'),
    reply: WorkflowDetailSchema,
  }),

  validateArchive: endpoint({
    method: 'POST',
    path: 'workflow/validateArchive',
    summary: 'Why each of these workflows cannot be archived (archiveErrorsByWorkflowId).',
    access: workflowRoles,
    body: IdsBodySchema,
    reply: ArchiveValidationSchema,
  }),

  saveWorkflowsBulk: endpoint({
    method: 'POST',
    path: '{projectId}/workflow/bulk',
    summary: 'Saves a workflow’s copies across projects (new project entries have workflowId 0); answers the saved workflows.',
    access: workflowRoles,
    params: projectIdParam,
    query: WorkflowBulkQuerySchema,
    body: WorkflowsBulkBodySchema,
    reply: v.array(WorkflowSchema),
  }),

  updateWorkflow: endpoint({
    method: 'PUT',
    path: '{projectId}/workflow',
    summary: 'Updates one workflow.',
    access: workflowRoles,
    params: projectIdParam,
    body: WorkflowBodySchema,
    reply: MessageReplySchema,
  }),

  archiveWorkflows: endpoint({
    method: 'POST',
    path: 'workflow/archive',
    summary: 'Archives (decommissions) workflows (reply success, message).',
    access: workflowRoles,
    body: IdsBodySchema,
    reply: SuccessReplySchema,
  }),

  getPreservations: endpoint({
    method: 'POST',
    path: 'preservation/getAll',
    summary: 'The preservations of these projects (project 1 excluded; reply success, data).',
    access: preservationRoles,
    body: ProjectIdsBodySchema,
    reply: PreservationListReplySchema,
  }),

  getProjectPreservations: endpoint({
    method: 'GET',
    path: '{projectId}/preservation/bulk',
    summary: 'A project’s preservations.',
    access: preservationRoles,
    params: projectIdParam,
    reply: v.array(PreservationSchema),
  }),

  createPreservations: endpoint({
    method: 'POST',
    path: '{projectId}/preservation/bulk',
    summary: 'Creates preservations (one per project of a new plan); answers them.',
    access: preservationRoles,
    params: projectIdParam,
    body: PreservationsBulkBodySchema,
    reply: v.array(PreservationSchema),
  }),

  updatePreservations: endpoint({
    method: 'PUT',
    path: '{projectId}/preservation/bulk',
    summary: 'Updates preservations (the copies of a plan across projects).',
    access: preservationRoles,
    params: projectIdParam,
    body: PreservationsBulkBodySchema,
    reply: MessageReplySchema,
  }),

  setResourceTypeWorkflows: endpoint({
    method: 'POST',
    path: '{projectId}/Resource/resourcetype/workflow',
    summary: 'Links resource types to workflows in a project (a resource type to one workflow).',
    access: portal,
    params: projectIdParam,
    query: ResourceTypeLinkQuerySchema,
    body: WorkflowResourceTypesBodySchema,
    reply: ResourceTypeLinkReplySchema,
  }),

  getResourceTypeWorkflows: endpoint({
    method: 'POST',
    path: '{projectId}/Resource/resourcetype/workflowIds',
    summary:
      'The resource types of these workflows in a project (empty: every workflow of the project); project 0 ' +
      '(ours): every project the caller sees, or a licence’s (`licenseId`).',
    access: portal,
    params: projectIdParam,
    query: v.object({ ...licenseIdQuery }),
    body: IdsBodySchema,
    reply: v.array(WorkflowResourceTypesSchema),
  }),

  deleteResourceTypeWorkflow: endpoint({
    method: 'POST',
    path: '{projectId}/Resource/resourcetype/workflows/delete',
    summary: 'Unlinks a resource type from a workflow in a project.',
    access: portal,
    params: projectIdParam,
    body: WorkflowResourceTypeRemoveBodySchema,
    reply: MessageReplySchema,
  }),

  setResourceTypePreservations: endpoint({
    method: 'POST',
    path: '{projectId}/Resource/resourcetype/preservation',
    summary: 'Links resource types to preservations in a project.',
    access: portal,
    params: projectIdParam,
    query: ResourceTypeLinkQuerySchema,
    body: PreservationResourceTypesBodySchema,
    reply: ResourceTypeLinkReplySchema,
  }),

  getResourceTypePreservations: endpoint({
    method: 'POST',
    path: '{projectId}/Resource/resourcetype/preservationIds',
    summary: 'The resource types of these preservations in a project (empty: every preservation of the project).',
    access: portal,
    params: projectIdParam,
    body: IdsBodySchema,
    reply: v.array(PreservationResourceTypesSchema),
  }),

  deleteResourceTypePreservation: endpoint({
    method: 'POST',
    path: '{projectId}/Resource/resourcetype/preservations/delete',
    summary: 'Unlinks a resource type from a preservation in a project.',
    access: portal,
    params: projectIdParam,
    body: PreservationResourceTypeRemoveBodySchema,
    reply: MessageReplySchema,
  }),
});
