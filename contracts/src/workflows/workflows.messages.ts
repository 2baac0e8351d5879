/**
 * The spec's messages of this area, word for word: the texts users see. The console and the
 * API both take them from here, so a form and the server say the same thing. Messages the
 * spec leaves open are ours and marked so.
 */

import { GenericMessages } from '../common/common.messages';

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
  /** Ours: every number of a workflow has a range. */
  numberRange: 'A number here is from 0 to 1000000000.',
  geoTriggerBlocksProjects: 'Item(s) has Geo location trigger. Please remove that to add more projects',
  equipmentStatusBlocksRemoval: 'Item(s) has equipment status set, so the final project cannot be removed.',
  differingEquipmentStatuses:
    'This Workflow is assigned to projects with differing customEquipmentStatuses. Please ensure that all ' +
    'selected projects use the same customEquipmentStatus config to use this feature.',
  noProjectAccess: 'No project access to view workflow. Please assign project first',
  cannotArchive: 'cannot archive',
  updatedSaveToConfirm: 'updated, save workflow to confirm',
  /** The e-mail tags' messages (spec 1 §5), for an item's notification e-mails. */
  emailInvalid: 'Invalid Email Address',
  emailDuplicate: 'Email Address already exists',
  /** Ours: save rules the spec states without texts (spec 2 §5), and the editor's bounds. */
  nameTooLong: 'A workflow name has at most 200 characters.',
  phasesRequired: 'Add at least one phase.',
  phaseEmpty: 'Add at least one item to every phase.',
  projectsRequired: 'Choose at least one project.',
  copies: 'The copies of a workflow share its related key and name, one per project.',
  guid: 'Ids and related keys are GUIDs.',
  workflowType: 'workflowType is progress.',
  itemType: 'Item type is 1 (Incremental), 2 (Progress) or 3 (Production).',
  conditionalVisibilityTwo: 'Conditional visibility needs at least 2 entries.',
  conditionalVisibilityTarget: 'A conditional visibility target may not be the item itself or one already used.',
  linkUnknown: 'A prerequisite, condition, auto-complete or auto-reset points to an item that is not in the workflow.',
  requirementType: 'Requirement type is required.',
  triggerType: 'Trigger type is 1 (Geo) or 2 (Tag).',
  geoTriggerSite: 'A Geo trigger needs a site.',
  triggerCondition: 'Trigger condition is 1 (Entering), 2 (Leaving), 3 (TagAssignment) or 4 (TagUnassignment).',
  triggerConditionOfType: 'A Geo trigger fires on Entering or Leaving, a Tag trigger on TagAssignment or TagUnassignment.',
  disabledTabContent: (tabs: readonly string[]) => `This item type has no ${tabs.join(', ')}: remove them or choose another type.`,
  typeChangeBlocked: 'Remove the item’s conditions, requirements, triggers and equipment statuses before changing its type.',
  /** Ours: the designer's item panel. */
  typeHasNoTabs: (type: string, tabs: readonly string[]) => `${type} items have no ${tabs.join(', ')} tab${tabs.length === 1 ? '' : 's'}.`,
  typeChangeCleared: (type: string, tabs: readonly string[]) => `${type} items have no ${tabs.join(', ')}: what the item held there was cleared.`,
  geoTriggerOneProject: 'A Geo trigger’s site is one of the workflow’s project’s sites: choose exactly one project to add one.',
  heldUntilUpdate: 'Changes here are held until you press Update; then save the workflow to keep them.',
  conditionTargetRequired: 'Choose the target item.',
  conditionalHeld: 'Changes here reach the item once every entry is complete and there are at least 2 (or none).',
  deleteBlocked: 'It cannot be deleted while another item links to it:',
  siteNotInProject: 'A Geo trigger’s site is not in the workflow’s project.',
  statusNotOffered: 'An equipment status is not one of the project’s statuses.',
  productionNameRequired: 'Production name is required.',
  productionType: 'Production type is 0, 1 or 2.',
  uomRequired: 'UOM is required for the Default production type.',
  equipmentMappingsMax: 'An item has at most 2 equipment status mappings.',
  progressState: 'Item state is 0 (Progress) or 1 (Reset).',
  statusRequired: 'Choose a status.',
  emailLimit: 'An item has at most 10 e-mail addresses.',
  textTooLong: 'A text here has at most 1000 characters.',
  /** Ours: one rule for every name-like text (issue 36). */
  nameInvisible: GenericMessages.invisible('A workflow name'),
  textInvisible: GenericMessages.invisible('A name here'),
  resourceTypeTaken: (typeNumber: number) => `Resource type ${typeNumber} already has a config assigned`,
  /** Ours: the resource-type configuration's refusals and answers. */
  archivedNotConfigurable: (name: string) => `${name} is archived.`,
  productionNotConfigurable: (name: string) => `${name} has a Production item: resource types cannot follow it.`,
  unknownResourceType: (typeNumber: number) => `Resource type ${typeNumber} does not exist.`,
  followedByResourceTypes: (types: readonly string[], project: string) => `Resource types ${types.join(', ')} of project ${project} follow this workflow.`,
  resourceTypesSaved: 'Resource types saved.',
  productionWhileFollowed: 'Resource types follow this workflow: unlink them before giving it a Production item.',
  resourceTypeRemoved: 'Resource type removed.',
  /** Ours: a copy of the resource-type configuration finds a link already there (nothing to copy for it). */
  alreadyLinked: (type: string, owner: string) => `${type} already follows ${owner} there.`,
  /** The spec's success texts (spec 2 §8: 'Workflow saved/modified/archived'). */
  saved: 'Workflow saved',
  modified: 'Workflow modified',
  archived: 'Workflow archived',
  /** Ours: the spec's workflow failures have fixed texts not shown (spec 2 §8); the server's text wins when it sends one. */
  saveFailed: 'Failed to save the workflow.',
  archiveFailed: 'Failed to archive the workflow.',
  loadFailed: 'Failed to load the workflow.',
  /** Ours (spec 2 §5: a project cannot be removed while archive errors exist): the reasons follow. */
  projectRemovalBlocked: (project: string) => `${project} cannot be taken off the workflow: its copy there cannot be archived.`,
  /** Ours: the API's refusals of a save or an archive. */
  alreadyArchived: 'This workflow is already archived.',
  archiveIdsRequired: 'Send the ids of the workflows to archive.',
  projectInactive: (project: string) => `Project ${project} is not active: a workflow cannot be added to it.`,
  copyExists: (project: string) => `Project ${project} already has a copy of this workflow.`,
  notThisCopy: (workflowId: number) => `Workflow ${workflowId} is not this workflow’s copy in the project it is sent with.`,
  archiveNotCopy: (workflowId: number) => `Workflow ${workflowId} is not a copy of this workflow: only its own copies are archived with a save.`,
  archiveAndSave: (workflowId: number) => `Workflow ${workflowId} cannot be archived and saved in one call.`,
  updateNeedsId: 'PUT saves an existing workflow: send its workflowId (new copies are saved with POST {projectId}/workflow/bulk).',
  projectMismatch: 'The workflow’s projectId must be the project of the path.',
  /** Ours: a related key links copies in the projects of one licence (a super administrator sees several). */
  oneLicense: 'A workflow’s projects must all be of one licence.',
} as const;

export const PreservationMessages = {
  nameRequired: 'Preservation Name is required',
  stepNameRequired: 'Step Name is required',
  nameInvisible: GenericMessages.invisible('A preservation name'),
  negativeInterval: 'Value less than 0 not allowed',
  noProjectAccess: 'No project access to view Preservation. Please assign project first',
  addPreservationsFirst: 'Add preservations to continue',
  fetchFailed: 'Failed to fetch preservations',
  addFailed: 'Preservation could not be added',
  added: 'Preservation successfully added',
  resourceTypesFailed: 'Failed to fetch resource types.',
  /** Ours: save rules the spec states without texts (spec 2 §5), and the editor's bounds. */
  nameTooLong: 'A preservation name has at most 200 characters.',
  stepsRequired: 'Add at least one step.',
  projectsRequired: 'Choose at least one project.',
  copies: 'The copies of a preservation share its related key and name, one per project.',
  intervalUnit: 'The interval unit is 0 (days) or 1 (hours).',
  stepType: 'A step type is a whole number from 0 to 999 (0 is an initial step).',
  intervalTooLong: 'An interval is at most 100000.',
  stepFieldsTooLarge: 'A step’s fields are too large: at most 8 levels deep and 20,000 characters.',
  rootProject: 'Project 1 holds the defaults and has no preservations.',
  projectInactive: (project: string) => `Project ${project} is not active.`,
  newHasId: 'A new preservation’s copies have no id.',
  copyExists: 'A project already has a copy of this preservation.',
  removedLinked: (project: string) => `Resource types of project ${project} follow this preservation: unlink them before taking the project off it.`,
  saved: 'Preservation saved',
  /** Ours: a related key links copies in the projects of one licence (a super administrator sees several). */
  oneLicense: 'A preservation’s projects must all be of one licence.',
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
