/**
 * The spec's messages of this area, word for word: the texts users see. The console and the
 * API both take them from here, so a form and the server say the same thing. Messages the
 * spec leaves open are ours and marked so.
 */

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
  /** Ours: the spec says user load failures have texts not shown. */
  fetchFailed: 'Failed to fetch users.',
  /** Ours: the CSV export is beyond the spec. */
  exportFailed: 'Failed to export users.',
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
