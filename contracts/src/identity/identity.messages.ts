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
  /** Ours: the list's Export CSV failed. */
  exportFailed: 'Failed to export API keys.',
  addonsFailed: 'Failed to load addons for API key.',
  rolesFailed: 'Failed to load roles for API key.',
  projectsFailed: 'Failed to load projects for API key.',
  addFailed: 'Failed to add API key.',
  updateFailed: 'Failed to update API key.',
  assignProduct: "Assign a Product to modify an api key's roles.",
  /** Ours: what the spec leaves open about API keys. */
  licenseRequired: 'Choose a license for the API key.',
  nameTaken: 'An API key with this name already exists in the license.',
  nameTooLong: 'An API key name has at most 100 characters.',
  nameInvisible: 'An API key name cannot contain invisible or control characters.',
  descriptionTooLong: 'A description has at most 1000 characters.',
  sessionOnly: 'This call needs a signed-in user; an API key cannot make it.',
  /** Ours: the privilege ceiling (README, Security). */
  notItself: 'An API key cannot change itself.',
  noKeys: 'No API keys.',
  activated: 'API key activated.',
  deactivated: 'API key deactivated.',
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
  /** Ours: several assignments at once. */
  reportsUpdated: 'Reports updated.',
  /** Ours: the spec says user load failures have texts not shown. */
  fetchFailed: 'Failed to fetch users.',
  /** Ours: the CSV export is beyond the spec. */
  exportFailed: 'Failed to export users.',
  /** Ours: what the spec leaves open about creating, saving and copying users. */
  userNameTaken: 'A user with this username already exists.',
  userNameInvalid: 'A username cannot contain spaces or the characters / \\ ? # %.',
  userNameFixed: 'A username cannot be changed.',
  userNameMismatch: 'The username in the form and in the address differ.',
  created: 'User created.',
  saved: 'User saved.',
  saveFailed: 'Failed to save user.',
  createFailed: 'Failed to create user.',
  loadFailed: 'Failed to load user.',
  notOwnFlags: 'You cannot deactivate or lock your own account.',
  licenseUnknown: 'Choose a license for the user.',
  /** Ours: add-on rules the spec states without texts. */
  vendorExclusive: 'Vendor and non-vendor Product Licenses cannot be assigned together.',
  addonNotOffered: (name: string) => `${name} is not offered by the user's license.`,
  vendorUnknown: 'A chosen vendor does not belong to the user\'s license.',
  /** Ours: roles the caller may not give. */
  roleNeedsProduct: (names: string) => `These roles need a Product License the user does not hold: ${names}`,
  /** Ours: the privilege ceiling (README, Security): who may give what, and control of an account. */
  rolesNotGivable: (names: string) => `You cannot give or remove these roles: ${names}`,
  roleSuperAdminOnly: 'Only a super administrator can give or remove this role.',
  roleAdministrativeNotHeld: 'An administrative role: only someone who holds it can give or remove it.',
  roleNeedsRoleAdministration: 'Giving product roles needs Administer Role or Administer User Create Update.',
  accountAboveCaller: (userName: string, names: string) => `You cannot manage ${userName}: they would hold administrative roles you do not hold: ${names}.`,
  projectsNotHeld: (names: string) => `You cannot give projects you do not see yourself: ${names}.`,
  allProjectsNotHeld: 'Only someone who sees every project of the license can give all projects.',
  superAdminSelf: 'You cannot remove Access All Customer Licences from yourself.',
  lastSuperAdmin: 'At least one active super administrator must remain.',
  roleUnknown: 'A chosen role does not exist.',
  projectUnknown: 'A chosen project is not one of the license\'s projects you can see.',
  importUnknown: 'A chosen import system is not available to this user.',
  importsSaved: 'Imports saved.',
  importsSaveFailed: 'Failed to save imports.',
  importsLoadFailed: 'Failed to fetch imports for user.',
  noImports: 'No Imports assigned to this user.',
  reportAutoAssigned: 'This report is assigned automatically and cannot be unassigned here.',
  reportsLoadFailed: 'Failed to load reports.',
  reportUpdateFailed: 'Failed to update the report assignment.',
  projectsLoadFailed: 'Could not load projects',
  invalidEmailTag: 'Invalid Email Address',
  duplicateEmailTag: 'Email Address already exists',
  /** Ours: the user form's bounds (issue 21), named as the form labels its fields. */
  userNameTooLong: 'Username must be at most 256 characters.',
  userNameInvisible: 'Username cannot contain invisible or control characters.',
  firstNameTooLong: 'First name must be at most 100 characters.',
  firstNameInvisible: 'First name cannot contain invisible or control characters.',
  lastNameTooLong: 'Last name must be at most 100 characters.',
  lastNameInvisible: 'Last name cannot contain invisible or control characters.',
  emailTooLong: 'Email must be at most 254 characters.',
  phoneNumberTooLong: 'Phone number must be at most 50 characters.',
  companyNameTooLong: 'Company must be at most 200 characters.',
  positionTooLong: 'Position must be at most 200 characters.',
  commentTooLong: 'Comment must be at most 2000 characters.',
} as const;

export function addonLimitExceeded(list: string): string {
  return `Product licenses not added as the limit for some product licenses will be exceeded. Please check the following: ${list}`;
}

export const UserGroupMessages = {
  nameRequired: 'User Group Name is required.',
  nameExists: 'User Group Name already exists.',
  created: 'User Group Created',
  updated: 'User Group Updated',
  /** Ours: the user list's bulk assignment, which the spec names without texts. */
  assignNeeds: 'Select a license, a user group and at least one user.',
  unassignNeeds: 'Select at least one user.',
  assigned: (count: number, group: string) => `${count} ${count === 1 ? 'user' : 'users'} added to ${group}.`,
  unassigned: (count: number) => `${count} ${count === 1 ? 'user' : 'users'} removed from their user groups.`,
  assignFailed: 'Failed to assign users to the user group.',
  unassignFailed: 'Failed to remove users from user groups.',
  groupsLoadFailed: 'Failed to fetch user groups.',
  /** Ours: the group list's Export CSV failed. */
  exportFailed: 'Failed to export user groups.',
  notGroupLicense: "Only users of the group's license can be members.",
  /** Ours: the rest of what the spec leaves open about user groups. */
  licenseRequired: 'Choose a license for the user group.',
  copyNeedsOne: 'Choose to copy the projects or the roles and product licenses, or both.',
  createFailed: 'Failed to create the user group.',
  updateFailed: 'Failed to update the user group.',
  loadFailed: 'Failed to fetch the user group.',
  membersLoadFailed: 'Failed to fetch users.',
  nameTooLong: 'A user group name has at most 100 characters.',
  nameInvisible: 'User Group Name cannot contain invisible or control characters.',
  noGroups: 'No user groups.',
  noMembers: 'No users in this user group.',
  /** Ours: the preview of a change that touches several users (beyond the spec). */
  previewFailed: 'Could not work out what the change would do.',
  nothingChanges: "No user's roles, projects or product licenses change.",
} as const;
