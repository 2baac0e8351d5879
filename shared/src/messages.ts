/**
 * The spec's message catalogue, word for word: the texts users see. The browser and the
 * API both take their messages from here, so a form and the server say the same thing.
 * Messages the spec leaves open are ours and marked so.
 */

export const AuthMessages = {
  userNameRequired: 'Please enter your username.',
  passwordRequired: 'Please enter your password.',
  userNameRequiredShort: 'User Name is required',
  passwordRequiredShort: 'Password is required',
  highlightedFieldsRequired: 'Highlighted fields are required',
  recoveryUserNameRequired: 'Please enter a username.',
  recoveryEmailRequired: 'Please make sure you enter an email',
  resetPasswordRequired: 'Password required.',
  passwordsMustMatch: 'Passwords must match.',
  invalidLink: 'Invalid Link! Click here to get a new one.',
  pleaseUpdatePassword: 'Please update your password',
  loginFailed: 'Failed to login. Try again',
  logoutFailed: 'Failed to logout',
  resetFailed: 'Failed to reset password',
  recoveryFailed: 'Failed to send email to provided username',
  rolesFailed: 'Failed to get user roles',
  ssoInfoFailed: 'Failed to fetch SSO info',
  sessionGuidFailed: 'Failed to fetch session Guid',
  userLocationFailed: 'Failed to find user location.',
  loggedOut: 'Logged out',
  passwordResetDone: 'Password reset successfully. Please login',
  emailSent: 'Email has been sent',
  sessionExpired: 'Session expired. Please login again.',
  ssoPasswordsNotManaged: 'SSO users can not have their passwords managed.',
  insufficientPermissions: 'Insufficient permissions to access the page.',
  newVersion: 'There is a new version of the product available',
  ssoContactAdmin: 'Please contact your administrator or support for further assistance.',
  // Ours: the spec says a failed password login shows the server's text.
  badCredentials: 'The user name or password is incorrect.',
  accountLocked: 'This account is locked. Reset your password or contact your administrator.',
  accountInactive: 'This account is not active. Please contact your administrator.',
  licenseInactive: 'Your licence is not active. Please contact your administrator.',
  licenseExpired: 'Your licence has expired. Please contact your administrator.',
  twoFactorInvalid: 'The code is not valid or has expired. Please log in again to get a new one.',
  twoFactorRequired: 'Please enter the code from the e-mail.',
  ssoTokenInvalid: 'The single sign-on token could not be verified.',
  ssoNoAccount: 'No active single sign-on account matches this sign-in.',
  sessionEnded: 'Your session has ended. Please log in again.',
  notAuthenticated: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  sessionGuidInvalid: 'The sign-in hand-off is not valid or has expired. Please log in again.',
  passwordSelfOnly: 'You can only change your own password.',
  passwordUpdated: 'Password updated.',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordAutoReset: 'A new password has been e-mailed to the user.',
} as const;

/** Template: the SSO error shown from the hash of a failed single sign-on. */
export function ssoError(error: string, description: string): string {
  return `Single Sign-on error. If the error persists please contact an administrator with the following code: ${error} - ${description}`;
}

/** Template: a username whose SSO lookup returned null. */
export function notAnSsoAccount(userName: string): string {
  return `'${userName}' is not an active SSO account. Your login is likely your e-mail address.`;
}

/** Template: the toast shown before the hand-off to the only environment. */
export function redirectingTo(product: string): string {
  return `Please wait to be redirected back to ${product}.`;
}

/** Template: a password shorter than the policy allows. */
export function passwordTooShort(min: number): string {
  return `Must be at least ${min} characters.`;
}

/** The longest password accepted; longer ones are refused with this message. */
export const MAX_PASSWORD_LENGTH = 128;

export function passwordTooLong(max: number = MAX_PASSWORD_LENGTH): string {
  return `Must be at most ${max} characters.`;
}

export const EnvironmentMessages = {
  chooseEnvironment: 'Choose an Environment',
  fetchFailed: 'Failed to fetch environments.',
} as const;

export const ApiKeyMessages = {
  nameRequiredCreate: 'Name is required.',
  nameRequiredEdit: 'Please enter a name for the api key.',
  copyKey: 'Copy this key and store it in a safe place. You will not be able to see it again.',
  copied: 'Copied to clipboard!',
  copyFailed: 'Failed to copy!',
  added: 'API key successfully added.',
  fetchOneFailed: 'Failed to fetch API key.',
  fetchFailed: 'Failed to fetch API keys.',
  addonsFailed: 'Failed to load addons for API key.',
  rolesFailed: 'Failed to load roles for API key.',
  projectsFailed: 'Failed to load projects for API key.',
  addFailed: 'Failed to add API key.',
  updateFailed: 'Failed to update API key.',
  assignProduct: "Assign a Product to modify an api key's roles.",
} as const;

export const ImportMessages = {
  nameRequired: 'Please enter a name for the import system.',
  pathRequired: 'Please enter a path for the import system.',
  duplicateName: 'Project already contains an import system with this name. Please select a different name.',
  copyNameRequired: 'Please enter a display name for import system.',
  copyDuplicateName: 'Project already has an import system with that name. Please select a new name.',
  fetchOneFailed: 'Failed to fetch import system.',
  fetchFailed: 'Failed to fetch imports.',
  pathsFailed: 'Failed to fetch import paths.',
  userImportsFailed: 'Failed to fetch imports for user.',
  projectImportsFailed: 'Failed to fetch imports for project.',
  reportFailed: 'Failed to fetch integration report.',
  reportsFailed: 'Failed to fetch integration reports.',
  saveImportsFailed: 'Failed to save imports.',
  saveFailed: 'Failed to save import system.',
  importsSaved: 'Imports saved.',
  saved: 'Import system saved.',
  noUserImports: 'No Imports assigned to this user.',
} as const;

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
  notApplicable: 'N/A',
} as const;

export const ProjectMessages = {
  nameRequired: 'Please enter a project name.',
  nameTooShort: 'Project Name must be at least 4 characters.',
  descriptionRequired: 'Please enter a description.',
  fetchFailed: 'Failed to fetch projects',
  loadFailed: 'Could not load projects',
  saveFailed: 'Save failed',
  addFailed: 'Failed to add project',
  reactivateFailed: 'Failed to reactivate project',
  deactivateFailed: 'Failed to deactivate project',
  added: 'Project added',
  activated: 'Project activated',
  deactivated: 'Project deactivated',
  infoSaved: 'Project info saved',
  deactivateWarning:
    'Deactivating this project removes all assigned users and API keys. This is not reversible.',
  defaultStorageFailed: 'Failed to fetch default storage location',
  defaultStorageUpdateFailed: 'Unable to update default storage location',
  defaultStorageUpdated: 'Default storage location updated',
  copyConfigWarning: 'Copying a configuration will overwrite existing configuration of the same type.',
  copyConfigOverwrite: 'This configuration already exists. Would you like to overwrite?',
  noNewConfigurations: 'No new configurations',
  customIntegrationConfigs: 'The following project configs require custom integration logic to have an effect.',
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

export const SiteMessages = {
  nameBlank: 'Name can not be blank',
  specialCharacters: 'Site names cannot have special characters.',
  tooLong: 'Site names cannot have more than 50 characters.',
  siblingsSameName: "Siblings can't have the same name.",
  siblingNamesUnique: 'Site sibling names must be unique.',
  invalidSave: 'The site name is invalid. Please correct the errors and try again.',
  bulkEmpty: 'Please enter some sites to build.',
  unarchivePermission: 'Some of the sites you are copying are archived. Continuing will unarchive the site.',
  mobileAppMissing: 'SiteSense mobile App is not installed.',
  fetchFailed: 'Failed to fetch sites',
  labelsFailed: 'Failed to get site barcode labels',
  labelsProduceFailed: 'Failed to produce barcode labels.',
  hierarchyFailed: 'Site hierarchy failed to save',
  saveFailed: 'Failed to save site',
  treeFailed: 'Failed to add site tree',
  saved: 'Site saved',
  hierarchySaved: 'Site hierarchy saved',
  hierarchiesSaved: 'Hierarchies saved.',
  hierarchiesFailed: 'Some/all hierarchies failed to save. Please try again.',
  added: 'Added site to the project',
  geoZonesDepth: 'GeoZones are unavailable for sites deeper than 3 layers.',
} as const;

export function siteExists(name: string): string {
  return `Site with name ${name} already exists`;
}

export const NumberingMessages = {
  fetchFailed: 'Failed to fetch document numbering.',
  setFailed: 'Failed to set document numbering.',
  updated: 'Document numbering updated.',
  failedFor: 'Failed to update document numbering for the following document types:',
  refreshQuestion: 'Do you want to refresh document numberings?',
} as const;

export const UserMessages = {
  userNameRequired: 'Please enter a username.',
  firstNameRequired: 'Please enter a first name.',
  lastNameRequired: 'Please enter a last name.',
  emailInvalid: 'Please enter a valid email.',
  licenseIdRequired: 'LicenseId is required.',
  vendorRequired: 'You must select at least one Vendor name in order to assign Vendor Product License',
  unsavedProjects: 'You have unsaved changes to the project assignments',
  addonsRemoveRoles: "Removing Product Licenses removes all of the user's roles.",
  assignProduct: 'Assign a Product to modify roles.',
  addonsDefaultFailed: 'Failed to load default Product Licenses.',
  addonsUserFailed: 'Failed to load user Product Licenses.',
  addonsUpdated: 'Product Licenses updated.',
  addonsUpdateFailed: 'Failed to update product licenses.',
  projectsUpdated: 'Projects updated.',
  projectsUpdateFailed: 'Failed to update projects.',
  rolesUpdated: 'Roles updated.',
  rolesUpdateFailed: 'Failed to update roles.',
  rolesLoadFailed: 'Failed load roles.',
  reportAssigned: 'Report assigned',
  reportUnassigned: 'Report unassigned',
  invalidEmailTag: 'Invalid Email Address',
  duplicateEmailTag: 'Email Address already exists',
} as const;

export function addonLimitExceeded(list: string): string {
  return `Product licenses not added as the limit for some product licenses will be exceeded. Please check the following: ${list}`;
}

export const UserGroupMessages = {
  nameRequired: 'User Group Name is required.',
  nameExists: 'User Group Name already exists.',
  created: 'User Group Created',
  updated: 'User Group Updated',
} as const;

export const ReportMessages = {
  none: 'No reports available.',
} as const;

export const WorkflowMessages = {
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

/** Generic fallbacks (ours) for failures the spec leaves open. */
/** The API's answers to a bad path or query parameter (api/src/http/params.ts). */
export const ParamMessages = {
  page: 'page must be a whole number from 0.',
  pageSize: (max: number) => `pageSize must be a whole number from 1 to ${max}.`,
  filter: 'filter may be at most 200 characters.',
  licenseId: 'licenseId must be a licence id.',
  flag: (name: string) => `${name} must be true or false.`,
  dir: 'dir must be asc or desc.',
  sort: (allowed: readonly string[]) => `sort must be one of ${allowed.join(', ')}.`,
} as const;

export const GenericMessages = {
  invalidBody: 'The request is not valid.',
  nulCharacter: 'A value contains a character that is not allowed (NUL).',
  invalidValue: 'A value is not valid.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  databaseUnavailable: 'The database is not answering. Try again in a moment.',
  unexpected: 'Something went wrong. Please try again.',
  sectionUnavailable: 'This section is unavailable right now.',
  retry: 'Retry',
  reload: 'Reload',
} as const;
