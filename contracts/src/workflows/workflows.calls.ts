/** Workflows, preservations and their per-project resource-type configuration (contract area workflows), derived from their endpoints. */
import type * as v from 'valibot';
import { callOf } from '../common/call';
import type { ProjectIdsBodySchema } from '../projects-sites/projects.entities';
import { workflowEndpoints } from './workflows.endpoints';

/** getAll is called with project 0; its body names the projects. */
const ALL_PROJECTS = 0;
const getAllWorkflows = callOf(workflowEndpoints.getWorkflows);

export const getResourceTypes = callOf(workflowEndpoints.getResourceTypes);
/** The workflows of these projects (empty: every project the caller may see), asked of project 0 as the contract does. */
export const getWorkflows = (projectIds: v.InferInput<typeof ProjectIdsBodySchema>) => getAllWorkflows(ALL_PROJECTS, projectIds);
export const getWorkflow = callOf(workflowEndpoints.getWorkflow);
export const getExistingPhases = callOf(workflowEndpoints.getExistingPhases);
export const validateArchive = callOf(workflowEndpoints.validateArchive);
export const saveWorkflowsBulk = callOf(workflowEndpoints.saveWorkflowsBulk);
export const updateWorkflow = callOf(workflowEndpoints.updateWorkflow);
export const archiveWorkflows = callOf(workflowEndpoints.archiveWorkflows);
export const getPreservations = callOf(workflowEndpoints.getPreservations);
export const getProjectPreservations = callOf(workflowEndpoints.getProjectPreservations);
export const createPreservations = callOf(workflowEndpoints.createPreservations);
export const updatePreservations = callOf(workflowEndpoints.updatePreservations);
export const setResourceTypeWorkflows = callOf(workflowEndpoints.setResourceTypeWorkflows);
export const getResourceTypeWorkflows = callOf(workflowEndpoints.getResourceTypeWorkflows);
export const deleteResourceTypeWorkflow = callOf(workflowEndpoints.deleteResourceTypeWorkflow);
export const setResourceTypePreservations = callOf(workflowEndpoints.setResourceTypePreservations);
export const getResourceTypePreservations = callOf(workflowEndpoints.getResourceTypePreservations);
export const deleteResourceTypePreservation = callOf(workflowEndpoints.deleteResourceTypePreservation);
