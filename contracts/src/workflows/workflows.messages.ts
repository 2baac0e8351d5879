/**
 * The spec's messages of this area, word for word: the texts users see. The console and the
 * API both take them from here, so a form and the server say the same thing. Messages the
 * spec leaves open are ours and marked so.
 */

export const WorkflowMessages = {
  /** Ours: the spec's workflow failures have fixed texts not shown. */
  fetchFailed: 'Failed to fetch workflows.',
  nameRequired: 'Workflow name is Required',
  provideName: 'Please Provide a name',
  phaseNameRequired: 'Phase name is Required',
  phaseNameUnique: 'Phase name must be unique within workflow',
  phaseWeightMin: 'Phase Weight must be greater than 0',
  phaseWeightMax: 'Phase Weight must be less than 100',
  itemNameRequired: 'Item name is Required',
  itemNameUnique: 'Item name must be unique within phase',
  itemValueMin: 'Item Value must be greater than 0',
  itemWeightMin: 'Item Weight must be greater than 0',
  itemWeightMax: 'Item Weight must be less than 100',
  phaseWeightsPositive: 'Phase Weights must be positive',
  phaseWeightsSum: 'Sum of phase weights must equal 100',
  itemWeightsPositive: 'Item Weights must be positive',
  itemWeightsSum: 'Sum of item weight within Phase must be equal 100',
  conditionNameRequired: 'Name is Required',
  conditionNameUnique: 'Name must be unique',
  requirementNameRequired: 'Requirement Name is Required',
  triggerNameRequired: 'Trigger name is required',
  itemStateUnique: 'Item state must be unique',
  statusUnique: 'Status must be unique',
  quantityPositive: 'Total Quantity must be positive.',
  geoTriggerBlocksProjects: 'Item(s) has Geo location trigger. Please remove that to add more projects',
  equipmentStatusBlocksRemoval: 'Item(s) has equipment status set, so the final project cannot be removed.',
  differingEquipmentStatuses:
    'This Workflow is assigned to projects with differing customEquipmentStatuses. Please ensure that all selected projects use the same customEquipmentStatus config to use this feature.',
  noProjectAccess: 'No project access to view workflow. Please assign project first',
  cannotArchive: 'cannot archive',
  updatedSaveToConfirm: 'updated, save workflow to confirm',
} as const;

export const PreservationMessages = {
  nameRequired: 'Preservation Name is required',
  stepNameRequired: 'Step Name is required',
  negativeInterval: 'Value less than 0 not allowed',
  noProjectAccess: 'No project access to view Preservation. Please assign project first',
  addPreservationsFirst: 'Add preservations to continue',
  fetchFailed: 'Failed to fetch preservations',
  addFailed: 'Preservation could not be added',
  added: 'Preservation successfully added',
  resourceTypesFailed: 'Failed to fetch resource types.',
} as const;

export function notInSelectedProject(name: string): string {
  return `${name} is not in selected project`;
}

export function notInASelectedProject(name: string): string {
  return `${name} is not in a selected project`;
}

export function configAlreadyAssigned(type: string): string {
  return `${type} already has a config assigned`;
}
