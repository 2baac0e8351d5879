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
  /** Ours (issue 22): the 401 of a known, matching key that is switched off; a wrong or unknown key keeps the generic answer. */
  inactive: 'This API key is inactive.',
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
  /** Ours (issue 22): the list's Active and Locked badges, each toggle's toast (it offers Undo). */
  activated: (userName: string) => `${userName} activated.`,
  deactivated: (userName: string) => `${userName} deactivated.`,
  locked: (userName: string) => `${userName} locked.`,
  unlocked: (userName: string) => `${userName} unlocked.`,
  /** Ours (issue 36): a temporary lock after failed sign-ins, with its end ('2:32PM'). */
  lockedUntil: (time: string) => `Locked until ${time} (failed sign-ins)`,
  licenseUnknown: 'Choose a license for the user.',
  /** Ours: add-on rules the spec states without texts. */
  vendorExclusive: 'Vendor and non-vendor Product Licenses cannot be assigned together.',
  addonNotOffered: (name: string) => `${name} is not offered by the user's license.`,
  vendorUnknown: "A chosen vendor does not belong to the user's license.",
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
  projectUnknown: "A chosen project is not one of the license's projects you can see.",
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

/** Ours (issue 39): users from a CSV file — the file, its rows and the apply. */
export const UserImportMessages = {
  notText: 'Send the file as text (text/csv).',
  tooLarge: 'The file is larger than 4 MB.',
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-US')} users.`,
  empty: 'The file is empty: it needs a header row and one row per user.',
  unclosedQuote: (line: number) => `Line ${line}: a quoted cell is not closed.`,
  unknownColumn: (name: string) => `Unknown column: ${name}.`,
  duplicateColumn: (name: string) => `The column ${name} is there twice.`,
  userNameColumn: 'The header row needs a userName column.',
  tooManyCells: 'The row has more cells than the header row.',
  duplicateRow: (line: number) => `This username is already on line ${line}.`,
  otherLicense: 'A user with this username already exists in another license.',
  groupUnknown: (name: string) => `There is no user group ${name} in this license.`,
  addonUnknown: (name: string) => `There is no product license ${name}.`,
  vendorAddon: (name: string) => `${name} is assigned with vendors: give it on the user's Product Licenses tab.`,
  ssoInvalid: 'Single sign-on user must be true or false.',
  nothingToImport: 'Nothing to import: no row is new or changed.',
  imported: (created: number, changed: number) => `${created} ${created === 1 ? 'user' : 'users'} created, ${changed} changed.`,
  previewFailed: 'Could not read the file.',
  applyFailed: 'Failed to import users.',
  templateFailed: 'Failed to download the template.',
  welcomeIntro: 'An account was made for you. Choose your password to sign in.',
  welcomeSubject: (product: string) => `Welcome to ${product}`,
  welcomeOutro: (userName: string) => `Your username is ${userName}.`,
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

/**
 * Ours (issue 22): what the projects and roles editors of users, user groups and API keys say
 * beyond the spec — another licence's projects, roles held without their product licence, and
 * why a role is held.
 */
export const AccessMessages = {
  /** The API's 400 when a user without ACCESS_OTHER_PROJECTS would get another licence's projects (spec 1 §6). */
  otherLicenseProjectsNeedRole: (userName: string, licenseName: string) =>
    `${userName} cannot be given projects of ${licenseName}, which is not their license: that needs the ` +
    `role Access Other Projects (ACCESS_OTHER_PROJECTS), held directly or through a user group.`,
  /** The projects tab, another licence chosen, for a user without ACCESS_OTHER_PROJECTS. */
  otherLicenseNoRole: (userName: string) =>
    `${userName} does not hold Access Other Projects (ACCESS_OTHER_PROJECTS): projects of this license ` +
    `cannot be given to them until they do (Roles tab). Projects they hold here can be removed.`,
  /** The projects tab, another licence chosen, beside each project a user without ACCESS_OTHER_PROJECTS cannot be given. */
  otherLicenseProjectNeedsRole: 'Needs Access Other Projects',
  /** The projects tab, another licence chosen. */
  otherLicenseShown: (licenseName: string, ownName: string) => `You are looking at ${licenseName}, not the user's own license (${ownName}).`,
  otherLicenseConfirmTitle: (licenseName: string) => `Give projects of ${licenseName}?`,
  otherLicenseConfirm: (userName: string, licenseName: string, ownName: string, projects: string) =>
    `${userName}'s own license is ${ownName}. Saving gives them ${projects} of ${licenseName}, another license: they will work on that license's projects.`,
  otherLicenseConfirmButton: 'Give these projects',
  /** A licence in the projects tab's select (the user's own first): how many of its projects the user holds. */
  licenseOption: (name: string, count: number) => `${name} (${count})`,
  /** A held role whose product licence the holder lacks (user, group or key). */
  roleMissingProduct: (product: string) => `Needs the ${product} product license: assign it on the Product Licenses tab, or remove the role.`,
  /** Why a role is held, beside it. */
  heldDirect: 'Direct',
  heldByGroup: (name: string) => `User Group: ${name}`,
  /** The roles tabs' filter. */
  rolesFilterLabel: 'Show',
  rolesAssignedOnly: 'Assigned only',
  rolesAll: 'All roles',
  noAssignedRoles: 'No roles assigned.',
  noRolesMatch: 'No roles match.',
  /** The roles editors' sticky save bar. */
  unsavedChanges: (count: number) => (count === 0 ? 'No unsaved changes.' : `${count} unsaved ${count === 1 ? 'change' : 'changes'}.`),
  /** A role group whose product licence the holder lacks, beside its name. */
  groupMissingProduct: 'product license missing',
  /** Above the roles when some held roles lack their product licence. */
  rolesMissingProductTitle: 'Roles held without their product license',
  rolesMissingProduct: (names: string) =>
    `${names}: these roles stay held, but cannot be given again without their product license. Remove ` +
    `them, or assign the product license on the Product Licenses tab.`,
  /** A group started from a user: what its copy leaves out, and why (before it is created). */
  copyNotCopiedTitle: (userName: string) => `Not copied from ${userName}`,
  copyRoleWithoutProduct: (role: string, product: string, userName: string) =>
    `${role}: ${userName} holds it without the ${product} product license, so the group cannot give it.`,
  copyRoleNotGivable: (role: string, why: string) => `${role}: ${why}`,
  copyProjectsOtherLicense: (count: number, licenseName: string) =>
    `${count} ${count === 1 ? 'project' : 'projects'} of ${licenseName}: a group gives projects of its own license only.`,
} as const;

/**
 * Ours (issue 22): review before sweeping changes, and undo — the product licences a save
 * removes with the roles that go with them, and the Undo of the list badges' toggles.
 */
export const ChangeMessages = {
  undo: 'Undo',
  /** The bulk bar's review: what the change is, above who gains and loses what. */
  reviewAssign: (count: number, group: string) => `Adds ${count} ${count === 1 ? 'user' : 'users'} to ${group}.`,
  reviewUnassign: (count: number, group: string) => `Takes ${count} ${count === 1 ? 'user' : 'users'} out of ${group}.`,
  reviewUnassignAll: (count: number) => `Takes ${count} ${count === 1 ? 'user' : 'users'} out of all their user groups.`,
  /** The product licences tab, while the draft removes some: exactly what saving removes. */
  addonsRemoved: (userName: string, names: string) => `Saving removes ${userName}'s product licenses ${names}.`,
  rolesGo: (userName: string, roles: string) => `With them go ${userName}'s own roles: ${roles}.`,
  rolesStayThroughGroup: (roles: string) => `Still held through a user group: ${roles}.`,
  noRolesGo: 'No roles go with them.',
  addonsRemoveTitle: 'Remove product licenses?',
  addonsRemoveConfirm: 'Remove product licenses',
} as const;

/** Ours (issue 22): the signed-in user's own profile (the user name in the header). */
/** Ours (issue 40): a user's sessions, on the user view's Sessions tab and the profile. */
export const SessionMessages = {
  title: 'Sessions',
  description: 'Where this account is signed in now. Signing a session out ends it at its next request.',
  loadFailed: 'Failed to load sessions.',
  none: 'No active sessions.',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  /** Another user's: none of theirs is the caller's. */
  signOutAll: 'Sign out all sessions',
  confirmOne: (what: string) => `Sign out ${what}? Whoever uses it is sent to the sign-in page at their next step.`,
  confirmOthers: 'Sign out every other session? Only this one stays signed in.',
  confirmOthersOfUser: (userName: string) => `Sign out every session of ${userName}? They must sign in again.`,
  ended: 'Session signed out.',
  endedOthers: (count: number) => (count === 1 ? '1 session signed out.' : `${count} sessions signed out.`),
  endFailed: 'Failed to sign out the session.',
  /** A session that is already over, or not this user's: the list was out of date. */
  notLive: 'This session has already ended.',
  /** The list does not end the session in use: the header's Log Out does. */
  current: 'This is the session you are using: use Log Out to end it.',
  unknownBrowser: 'Unknown browser',
  unknownSystem: 'unknown system',
} as const;

/** Ours (issue 40): an administrator's view and reset of another user's second factors (the Sessions tab). */
export const FactorResetMessages = {
  title: 'Second factors',
  description:
    'How this user finishes a sign-in after the password. An administrator cannot see or set a factor, ' +
    'only remove them all, for a user who lost their phone or security key.',
  loadFailed: 'Failed to load second factors.',
  totp: 'Authenticator app',
  recoveryCodes: 'Recovery codes left',
  email: 'E-mailed code',
  passkeys: 'Passkeys',
  setUp: 'Set up',
  notSetUp: 'Not set up',
  on: 'On',
  off: 'Off',
  none: 'None',
  sso: 'Signs in with single sign-on: their provider decides the second factor.',
  required: 'The licence requires a second factor of this user: after a reset they set one up at their next sign-in.',
  reset: 'Reset second factors',
  confirm: (userName: string) =>
    `Remove ${userName}’s authenticator app, recovery codes and passkeys, and sign out all their ` +
    `sessions? They sign in again with their password (and the e-mailed code, if it is on). They are told ` +
    `by e-mail. This cannot be undone.`,
  done: (userName: string, ended: number) => `Second factors of ${userName} removed; ${ended === 1 ? '1 session' : `${ended} sessions`} signed out.`,
  nothing: 'This user has no authenticator app, recovery codes or passkeys to remove.',
  own: 'Your own second factors are changed on your profile, with your password.',
  failed: 'Failed to reset the second factors.',
} as const;

export const ProfileMessages = {
  title: 'Your profile',
  description: 'Your details, where you are signed in, your password and when you last signed in. Only you see this page.',
  ssoPassword: "You sign in with your organization's single sign-on: your password is managed there, not here.",
  lastSignIn: 'Last sign-in',
  openUserView: 'Open in Users',
} as const;

/** Access review (issue 41): 'who can do what' and review campaigns. */
export const AccessReviewMessages = {
  whoTitle: 'Who can do what',
  whoDescription: 'Pick a permission, a product license or a project: everyone holding it, how, and when and by whom it was given.',
  reviewsTitle: 'Access reviews',
  beforeRecords: 'Before records',
  direct: 'Direct',
  viaGroup: (name: string) => `User Group: ${name}`,
  allProjects: 'All projects',
  pickSubject: 'Choose what to look up.',
  noHolders: 'Nobody holds it.',
  loadFailed: 'Failed to load the holders.',
  nameRequired: 'Please enter a name for the review.',
  dueDateRequired: 'Please choose a due date.',
  dueDatePast: 'The due date must be today or later.',
  reviewersRequired: 'Choose at least one reviewer.',
  scopeRequired: 'Choose at least one role, product license or project to review.',
  reviewerNotAdmin: (userName: string) => `${userName} is not an administrator of this license and cannot review it.`,
  scopeUnknown: 'Something chosen to review is not in this license.',
  started: (items: number) => `Review started with ${items} ${items === 1 ? 'holding' : 'holdings'} to decide.`,
  decisionRequired: 'Choose keep or remove.',
  itemsRequired: 'Select at least one holding.',
  commentTooLong: 'Comments are at most 1000 characters.',
  notReviewer: 'Only a reviewer of this review can decide.',
  ownAccess: (holding: string) => `You cannot decide on your own access (${holding}).`,
  alreadyDecided: (holding: string, by: string) => `${holding} was decided by ${by} in the meantime. Reload to see it.`,
  unknownItem: 'A selected holding is not part of this review.',
  decided: (count: number, removed: number) =>
    `${count} ${count === 1 ? 'decision' : 'decisions'} saved${removed ? `, ${removed} ${removed === 1 ? 'holding' : 'holdings'} removed` : ''}.`,
  signedOff: 'Review signed off.',
  signOffNotAllowed: 'Only a reviewer or the creator of this review can sign it off.',
  closed: 'This review is signed off and can no longer change.',
  reminderSubject: (name: string, dueDate: string) => `Access review due ${dueDate}: ${name}`,
  reminderText: (name: string, license: string, dueDate: string, undecided: number) =>
    `The access review "${name}" of ${license} is due on ${dueDate}. ${undecided} ${undecided === 1 ? 'holding is' : 'holdings are'} ` +
    `still to decide. Open Access reviews in the console to decide.`,
} as const;
