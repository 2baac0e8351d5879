/** Workflows, preservations and their per-project resource-type configuration (contract area workflows). */
import * as v from 'valibot';
import { call, MessageReply, seg } from 'shared';
import { type IdList, SuccessReplySchema } from '../common/replies.entities';
import { ResourceTypeSchema } from '../licensing/resource-types.entities';
import { type PreservationInput, PreservationListReplySchema, type PreservationResourceTypeRemove, type PreservationResourceTypesInput, PreservationResourceTypesSchema, PreservationSchema } from './preservations.entities';
import { ArchiveValidationSchema, type WorkflowInput, type WorkflowResourceTypeRemove, type WorkflowResourceTypesInput, WorkflowResourceTypesSchema, WorkflowSchema } from './workflows.entities';

/** getAll is called with project 0; its body names the projects. */
const ALL_PROJECTS = 0;

/** Resource types (typeName, typeNumber; 707 Adjustment). */
export const getResourceTypes = () => call('get', 'Resource/resourceTypesMetaData', v.array(ResourceTypeSchema));

// ------------------------------------------------------------------ workflows

/** The workflows of these projects (empty: every project the caller may see). */
export const getWorkflows = (projectIds: IdList) => call('post', `${seg(ALL_PROJECTS)}/workflow/getAll`, v.array(WorkflowSchema), { body: projectIds });

/** Why each workflow cannot be archived (archiveErrorsByWorkflowId). */
export const validateArchive = (workflowIds: IdList) => call('post', 'workflow/validateArchive', ArchiveValidationSchema, { body: workflowIds });

/** Saves a workflow's copies across projects (new project entries have workflowId 0); answers the saved workflows. */
export const saveWorkflowsBulk = (projectId: number, workflows: WorkflowInput[]) =>
  call('post', `${seg(projectId)}/workflow/bulk`, v.array(WorkflowSchema), { body: workflows });

/** Updates one workflow. */
export const updateWorkflow = (projectId: number, workflow: WorkflowInput) => call('put', `${seg(projectId)}/workflow`, MessageReply, { body: workflow });

/** Archives (decommissions) workflows (reply success, message). */
export const archiveWorkflows = (workflowIds: IdList) => call('post', 'workflow/archive', SuccessReplySchema, { body: workflowIds });

// ------------------------------------------------------------------ preservations

/** The preservations of these projects (project 1 excluded; reply success, data). */
export const getPreservations = (projectIds: IdList) => call('post', 'preservation/getAll', PreservationListReplySchema, { body: projectIds });

/** A project's preservations. */
export const getProjectPreservations = (projectId: number) => call('get', `${seg(projectId)}/preservation/bulk`, v.array(PreservationSchema));

/** Creates preservations (one per project of a new plan); answers them. */
export const createPreservations = (projectId: number, preservations: PreservationInput[]) =>
  call('post', `${seg(projectId)}/preservation/bulk`, v.array(PreservationSchema), { body: preservations });

/** Updates preservations (the copies of a plan across projects). */
export const updatePreservations = (projectId: number, preservations: PreservationInput[]) =>
  call('put', `${seg(projectId)}/preservation/bulk`, MessageReply, { body: preservations });

// ------------------------------------------------------------------ resource types of a project

/** Links resource types to workflows in a project. */
export const setResourceTypeWorkflows = (projectId: number, body: WorkflowResourceTypesInput) =>
  call('post', `${seg(projectId)}/Resource/resourcetype/workflow`, MessageReply, { body });

/** The resource types of these workflows in a project (empty: every workflow of the project). */
export const getResourceTypeWorkflows = (projectId: number, workflowIds: IdList) =>
  call('post', `${seg(projectId)}/Resource/resourcetype/workflowIds`, v.array(WorkflowResourceTypesSchema), { body: workflowIds });

/** Unlinks a resource type from a workflow in a project. */
export const deleteResourceTypeWorkflow = (projectId: number, body: WorkflowResourceTypeRemove) =>
  call('post', `${seg(projectId)}/Resource/resourcetype/workflows/delete`, MessageReply, { body });

/** Links resource types to preservations in a project. */
export const setResourceTypePreservations = (projectId: number, body: PreservationResourceTypesInput) =>
  call('post', `${seg(projectId)}/Resource/resourcetype/preservation`, MessageReply, { body });

/** The resource types of these preservations in a project (empty: every preservation of the project). */
export const getResourceTypePreservations = (projectId: number, preservationIds: IdList) =>
  call('post', `${seg(projectId)}/Resource/resourcetype/preservationIds`, v.array(PreservationResourceTypesSchema), { body: preservationIds });

/** Unlinks a resource type from a preservation in a project. */
export const deleteResourceTypePreservation = (projectId: number, body: PreservationResourceTypeRemove) =>
  call('post', `${seg(projectId)}/Resource/resourcetype/preservations/delete`, MessageReply, { body });
