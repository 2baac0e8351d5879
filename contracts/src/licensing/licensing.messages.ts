/**
 * The spec's messages of this area, word for word: the texts users see. The console and the
 * API both take them from here, so a form and the server say the same thing. Messages the
 * spec leaves open are ours and marked so.
 */
import { KernelMessages } from 'shared/messages';

import { GenericMessages } from '../common/common.messages';

export const LicenseMessages = {
  /** Ours: the licence editor's own failures (the spec names none). */
  integrationsSaveFailed: 'Failed to save integrations.',
  environmentsFailed: 'Failed to fetch environments.',
  addonsCatalogueFailed: 'Failed to load default Product Licenses.',
  nameRequired: 'Please enter a license name.',
  companyRequired: 'Please enter a company name.',
  maxProjectsRequired: 'Please enter maximum number of projects.',
  maxProjectsInvalid: 'Please enter a valid max Projects value.',
  maxUsersRequired: 'Please enter a maximum number of users.',
  maxUsersInvalid: 'Please enter a valid max Users value.',
  valueRequired: 'Please enter value.',
  valuePositive: 'Please enter positive value.',
  notificationDays: 'Enter comma separated numbers ex) 5, 10, 30',
  loadFailed: 'Failed to load licenses',
  reportFailed: 'Failed to load license report',
  addonsUpdateFailed: 'Failed to update Product Licenses',
  createFailed: 'Failed to create license',
  updateFailed: 'Failed to update license',
  updatedAddons: 'Updated license addons',
  updated: 'Updated license',
  updatedConfigs: 'Updated configs',
  configsUpdateFailed: 'Failed to update configs',
  integrationsFailed: 'Failed to fetch integrations.',
  integrationsSaved: 'Integrations saved.',
  shortcutsUpdated: 'Shortcuts updated',
  creationWarning: "The license will be created with your user id as its owner. Reassign it to the customer's license administrator afterwards.",
  unlimited: 'Unlimited',
  notApplicable: KernelMessages.notApplicable,
  /** Ours: the licence form's rules the spec states without texts, and its bounds. */
  environmentRequired: 'Please select an environment.',
  nameTooLong: 'A license name has at most 100 characters.',
  nameInvisible: 'A license name cannot contain invisible or control characters.',
  companyInvisible: GenericMessages.invisible('A company'),
  licenseTypeInvisible: GenericMessages.invisible('A license type'),
  customerCodeInvisible: GenericMessages.invisible('A customer code'),
  opportunityIdInvisible: GenericMessages.invisible('An opportunity id'),
  companyTooLong: 'A company name has at most 200 characters.',
  licenseTypeTooLong: 'A license type has at most 100 characters.',
  expiryTooLate: 'The expiry date cannot be after 18 Jan 2038.',
  ssoUrlInvalid: 'The SSO URL must be a web address of at most 2000 characters.',
  customerCodeTooLong: 'A customer code has at most 100 characters.',
  opportunityIdTooLong: 'An opportunity id has at most 100 characters.',
  /** Ours: what the server checks beyond the form when a licence is made or changed. */
  nameTaken: 'A license with this name already exists. Please choose a different name.',
  ownerNotInLicense: 'The owner must be a user of this license.',
  superAdministratorsOnly: 'Only a super administrator can create or change licenses.',
  addonListedTwice: 'Each product license can be listed only once.',
  addonUnknown: 'One of the product licenses does not exist.',
  integrationUnknown: 'One of the integrations does not exist.',
  /** Ours: the monthly users report's start (spec 1 §9: from October 2018). */
  reportMonth: 'startMonth must be a month from 1 to 12.',
  reportYear: 'startYear must be a year from 2018.',
  reportStart: 'The monthly users report starts at October 2018.',
  reportFuture: 'The monthly users report cannot start after the current month.',
  /** Ours: the internal configuration's bounds. */
  projectOverrides: 'Project overrides are lists of { type, value } keyed by project id.',
  /** Ours: an override names a project of another licence (or none), or one type twice for a project. */
  overrideProjectOutside: (projectId: string) => `Project ${projectId} is not a project of this license.`,
  overrideTypeRepeated: (type: string) => `The override ${type} is given more than once for one project.`,
  /** Ours: the licence settings screen's internal configuration (its toast, failures and the override rows' fields). */
  internalConfigSaved: 'Internal configuration saved.',
  internalConfigLoadFailed: 'Failed to load the internal configuration.',
  internalConfigSaveFailed: 'Failed to save the internal configuration.',
  overrideProjectRequired: 'Please select a project.',
  overrideTypeRequired: 'Please enter a type.',
  overrideTypeTooLong: 'A type has at most 200 characters.',
  overrideValueTooLong: 'A value has at most 2000 characters.',
  /** Ours: the report shortcuts' failures (the spec names only 'Shortcuts updated'). */
  shortcutsLoadFailed: 'Failed to load report shortcuts.',
  shortcutsUpdateFailed: 'Failed to update shortcuts.',
} as const;

export const ConfigMessages = {
  negative: 'Value cannot be negative.',
  /** Ours (issue 36): the lockout settings of UserPassword. */
  wholeNumber: 'Value must be a whole number.',
  lockoutMaxWaitBelowWait: 'The longest lockout cannot be shorter than the first.',
  lockoutWaitTooLong: 'A lockout cannot be longer than 86400 seconds (a day).',
  minAboveMax: 'The minimum value cannot be greater than the maximum!',
  locationSeparator: "Location name may not contain '>' except to separate levels",
  propertyNameBlank: 'Property names cannot be blank.',
  selectionRequired: 'Properties with restricted selection must have selections to choose from.',
  fetchFailed: 'Failed to fetch configs.',
  fetchOneFailed: 'Failed to fetch config.',
  licenseFetchFailed: 'Failed to fetch license configs.',
  notRemoved: 'Config was not removed.',
  notSaved: 'Config was not saved.',
  addFailed: 'Adding config failed.',
  statusOptionsFailed: 'Failed to fetch material status options.',
  notDeleted: 'Config did not get deleted.',
  saved: 'Config saved.',
  added: 'Configuration added.',
  removed: 'Config Removed.',
  deleted: 'Config deleted.',
  licenseAdded: 'New License configuration added.',
  licenseUpdated: 'License configuration updated.',
  licenseRemoved: 'License configuration removed.',
  /** Ours: what the spec leaves open about a config sent to be saved. */
  nameRequired: 'A config needs a name.',
  nameTooLong: 'A config name has at most 100 characters.',
  whichToUpdate: 'Name the config to update (id or systemConfigId).',
  oneOwner: 'A config belongs to a license or to a project, not to both.',
  /** The project's Project Config tab (spec 1 §2, spec 2): its empty states and the custom-integration notice. */
  noNewConfigs: 'No new configurations',
  customIntegration: 'The following project configs require custom integration logic to have an effect.',
  /** Ours: the tab's empty state when the project has no config (the spec names it without a text). */
  noProjectConfigs: 'This project has no configurations yet. Add one from the defaults.',
  noLicenseConfigs: 'This license has no configurations yet. Add one from the defaults.',
  /** Ours: compare-and-set, the second of two administrators saving one config. */
  versionRequired: 'Send the version of the config you read (version), so a change made since is not overwritten.',
  changedSince: 'This config was changed by someone else since you opened it. It now shows their version: make your change again.',
  /** Ours: a config name the owner already has (the Copy tab asks before it overwrites). */
  exists: 'This configuration already exists.',
  /** Ours: resource properties that require elevated privileges (spec 1 §3) and the root project's defaults. */
  elevatedOnly: 'Only a super administrator can change resource properties that require elevated privileges.',
  defaultsSuperAdministratorsOnly: 'Only a super administrator can change the default configs.',
  jsonInvalid: 'This is not valid JSON of a config: { "configs": [ { "property": …, "parameters": [ … ] } ] }.',
  notADefault: 'There is no default config with this name.',
  licenseConfigNotFound: 'This license has no config with this id.',
  resourceTypesFailed: 'Failed to fetch resource types.',
  resetToDefault: 'Config reset to the default.',
  /** Ours: what the server checks of a config's owner and name (issue 26). */
  projectRequired: 'Name the project the config belongs to (projectId).',
  ownerMismatch: 'The config names another license or project than the one it is sent to.',
  nameUnchangeable: 'A config’s name cannot change: add a config of the other name instead.',
  /** Ours: the config editor's number fields (a blank one cannot be saved). */
  numberRequired: 'Enter a number.',
} as const;

/**
 * Ours, in the words of the spec's seat message (spec 1 §5): a licence's product licence
 * limits lowered below the seats in use; `list` names each with its seats in use and new limit.
 */
export function addonLimitsBelowUse(list: string): string {
  return `Product license limits not updated as some would be below the seats in use. Please check the following: ${list}`;
}

export function pickLocationLevelConflict(levels: number): string {
  return `Conflict with the (ReceiptPost -> Direct Handover Pick Location) config, which has ${levels} level(s).`;
}

export function locationExactLevels(n: number): string {
  return `Location must have exactly ${n} levels (EnforceStorageLevels config)`;
}

export function locationLevelRange(min: number, max: number): string {
  return `Location must have at least ${min} and at most ${max} levels (EnforceStorageLevels config)`;
}

/** Ours: a pick location under a one-sided EnforceStorageLevels range (the spec words the two-sided ones). */
export function locationAtLeastLevels(n: number): string {
  return `Location must have at least ${n} levels (EnforceStorageLevels config)`;
}

export function locationAtMostLevels(n: number): string {
  return `Location must have at most ${n} levels (EnforceStorageLevels config)`;
}

export function propertyRepeated(name: string): string {
  return `Property name "${name}" is used more than once without specifying resource types.`;
}

export function propertyRepeatedForTypes(name: string, types: readonly string[]): string {
  return `Property name "${name}" is used more than once for the following resource types: ${types.join(', ')}`;
}

export const ReportMessages = {
  none: 'No reports available.',
  /** Ours: the report group screens' failures and the new group's toast (the spec names none). */
  groupsLoadFailed: 'Failed to load report groups.',
  groupAddFailed: 'Failed to add report group.',
  groupDeleteFailed: 'Failed to delete report group.',
  reportsLoadFailed: 'Failed to load reports.',
  rolesLoadFailed: 'Failed to load roles.',
  projectsLoadFailed: 'Failed to fetch projects',
  groupAdded: 'Report group added.',
  /** Ours: the new report group's required fields (the spec names them without texts). */
  reportRequired: 'Please select a report.',
  roleRequired: 'Please select a role.',
  /** Ours: what the new report group refers to must exist, and its project be in its licence. */
  reportUnknown: 'The selected report does not exist.',
  roleUnknown: 'The selected role does not exist.',
  licenseInvalid: 'Please select a license, or none for every license.',
  projectInvalid: 'Please select a project, or none for every project.',
  projectUnknown: 'The selected project does not exist.',
  projectOutsideLicense: 'The selected project is not in the selected license.',
  groupExists: 'This report group already exists.',
  groupDeleted: 'Report group deleted.',
  /** Ours: a shortcut is basic (an order), dashboard (a type) or unassigned (neither), never both (spec 1 §3). */
  shortcutTypeOrOrder: 'A shortcut has a type or an order, not both.',
  shortcutType: 'A shortcut type must be one of the dashboard types.',
  /** Ours: one report per dashboard type and one basic shortcut per position in a licence; shortcuts name active reports. */
  shortcutTypeTaken: (type: string) => `Another report already has the ${type} dashboard shortcut.`,
  shortcutOrderRepeated: 'Two basic shortcuts cannot have the same order.',
  shortcutOrderTaken: (order: number) => `Another report’s basic shortcut already has order ${order}.`,
  shortcutReportUnknown: 'A shortcut names a report that does not exist.',
  shortcutNotFound: 'This report has no shortcut in this license.',
  shortcutRepeated: 'A report is listed more than once.',
  shortcutsChanged: 'The shortcuts were changed by someone else at the same time. Load them again.',
  shortcutRemoved: 'Shortcut removed.',
} as const;
