/**
 * The workflow and preservation entities' fields as the screens name them (spec 2: the
 * designer and the preservation editor): the words a History uses for each field an entry changed.
 */

/** A workflow's fields. */
export const WorkflowFieldLabels = {
  name: 'Workflow Name',
  workflowType: 'Type',
  projectId: 'Project',
  workflowRelatedKey: 'Related key',
  isDecommissioned: 'Archived',
  decommissionDateTime: 'Archived on',
  workflowData: 'Phases and items',
} as const;

/** A preservation's fields. */
export const PreservationFieldLabels = {
  id: 'Id',
  name: 'Preservation Name',
  projectId: 'Project',
  projectName: 'Project Name',
  preservationRelatedKey: 'Related key',
  preservationSteps: 'Steps',
} as const;
