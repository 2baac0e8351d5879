/**
 * The licensing entities' fields as the screens name them (spec 1: License new and edit,
 * internal configuration, mobile releases): the forms' labels, and the words a History uses
 * for each field an entry changed.
 */

/** A licence's fields (the new and edit forms, the seat dashboard's setting). */
export const LicenseFieldLabels = {
  name: 'Name',
  company: 'Company',
  licenseType: 'Type',
  environmentId: 'Environment',
  maxProjects: 'Max projects',
  maxUsers: 'Max users',
  isActive: 'Active',
  expiryDate: 'Expiry date',
  expiryNotificationDays: 'Expiry notification days',
  ownerId: 'Owner',
  ssoUrl: 'SSO URL',
  customerCode: 'Customer code',
  opportunityId: 'Opportunity id',
  projectOverrides: 'Project overrides',
  dormantAfterDays: 'Dormant after (days)',
  integrations: 'Integrations',
  seats: 'Seats in use',
  freed: 'Seats freed',
  users: 'Accounts',
} as const;

/** A mobile release's fields (spec 1: version, couch url, release date, active, current). */
export const MobileReleaseFieldLabels = {
  version: 'Version',
  couchUrl: 'Couch URL',
  releaseDate: 'Release date',
  active: 'Active',
  current: 'Current',
} as const;

/** A report group's fields (spec 1: Report, Role, License, Project). */
export const ReportGroupFieldLabels = {
  reportId: 'Report',
  roleId: 'Role',
  licenseId: 'License',
  projectId: 'Project',
} as const;
