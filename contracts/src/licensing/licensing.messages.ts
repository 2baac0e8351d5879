/**
 * The spec's messages of this area, word for word: the texts users see. The console and the
 * API both take them from here, so a form and the server say the same thing. Messages the
 * spec leaves open are ours and marked so.
 */
import { KernelMessages } from 'shared/messages';

export const LicenseMessages = {
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
  creationWarning:
    "The license will be created with your user id as its owner. Reassign it to the customer's license administrator afterwards.",
  unlimited: 'Unlimited',
  notApplicable: KernelMessages.notApplicable,
} as const;

export const ConfigMessages = {
  negative: 'Value cannot be negative.',
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
} as const;

export function pickLocationLevelConflict(levels: number): string {
  return `Conflict with the (ReceiptPost -> Direct Handover Pick Location) config, which has ${levels} level(s).`;
}

export function locationExactLevels(n: number): string {
  return `Location must have exactly ${n} levels (EnforceStorageLevels config)`;
}

export function locationLevelRange(min: number, max: number): string {
  return `Location must have at least ${min} and at most ${max} levels (EnforceStorageLevels config)`;
}

export function propertyRepeated(name: string): string {
  return `Property name "${name}" is used more than once without specifying resource types.`;
}

export function propertyRepeatedForTypes(name: string, types: readonly string[]): string {
  return `Property name "${name}" is used more than once for the following resource types: ${types.join(', ')}`;
}

export const ReportMessages = {
  none: 'No reports available.',
} as const;
