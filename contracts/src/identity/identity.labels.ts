/**
 * The identity entities' fields as the screens name them (spec 1: User form, User group, API
 * key): the forms' labels, and the words a History uses for each field an entry changed.
 */

/** A user's fields (the user form and its flags). */
export const UserFieldLabels = {
  userName: 'Username',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phoneNumber: 'Phone number',
  companyName: 'Company',
  position: 'Position',
  comment: 'Comment',
  licenseId: 'License',
  isApproved: 'Active',
  isLockedOut: 'Locked',
  isSsoUser: 'Single sign-on user',
  twoFactorEnabled: 'Two-factor sign-in',
  mustUpdatePassword: 'Must update password',
  password: 'Password',
  failedLoginCount: 'Failed sign-ins',
  copiedFrom: 'Copied from',
  productLicensesCopied: 'Product licenses copied',
  /** Ours (issue 39): what a user file adds. */
  userGroups: 'User groups',
  productLicenses: 'Product licenses',
  /** Ours (issue 40): second factors and sessions. */
  authenticatorApp: 'Authenticator app',
  recoveryCodes: 'Recovery codes',
  recoveryCodesLeft: 'Recovery codes left',
  passkeys: 'Passkeys',
  passkey: 'Passkey',
  passkeyAdded: 'Passkey added',
  passkeyRemoved: 'Passkey removed',
  passkeyName: 'Passkey name',
  deviceType: 'Kind of passkey',
  backedUp: 'Backed up',
  secondFactorsReset: 'Second factors reset',
  signedOut: 'Sessions signed out',
  lockoutRounds: 'Lockout rounds',
  event: 'Event',
} as const;

/** A user's access, as its tabs name it. */
export const UserAccessLabels = {
  addOnIds: 'Product licenses',
  vendors: 'Vendors',
  removedRoleIds: 'Roles removed with them',
  lostAddons: 'Product licenses freed',
  lostRoles: 'Roles removed with them',
  why: 'Why',
  projectIds: 'Projects',
  roleIds: 'Roles',
  reportId: 'Report',
  assigned: 'Assigned',
  sentTo: 'Sent to',
} as const;

/** A user group's fields (the group form and its tabs). */
export const UserGroupFieldLabels = {
  name: 'User Group Name',
  licenseId: 'License',
  userIds: 'Members',
  added: 'Members added',
  memberships: 'Memberships removed',
  addOnIds: 'Product licenses',
  roleIds: 'Roles',
  projectIds: 'Projects',
  changes: 'What changed for its users',
} as const;

/** An API key's fields (the key form and its tabs). */
export const ApiKeyFieldLabels = {
  keyPrefix: 'Prefix',
  name: 'Name',
  description: 'Description',
  licenseId: 'License',
  isActive: 'Active',
  allProjects: 'All projects of the license',
  addOnIds: 'Product licenses',
  removedRoleIds: 'Roles removed with them',
  roleIds: 'Roles',
  projectIds: 'Projects',
} as const;
