/**
 * Every endpoint of the console and our API, by group. The list of calls is made from these
 * objects, not written again: endpoints.test.ts holds it equal to contract/endpoints.tsv plus
 * ADDED_CALLS, and the API's OpenAPI test holds every route built on one of them.
 */
import { callKey, type AnyEndpoint } from './common/endpoint';
import { authEndpoints } from './auth/auth.endpoints';
import { hostEndpoints } from './auth/environments.endpoints';
import { factorEndpoints } from './auth/factors.endpoints';
import { homeEndpoints } from './home/home.endpoints';
import { passkeyEndpoints } from './auth/passkeys.endpoints';
import { remoteChannelEndpoints } from './auth/remotes.endpoints';
import { apiKeyEndpoints } from './identity/api-keys.endpoints';
import { accessReviewEndpoints } from './identity/access-review.endpoints';
import { auditEndpoints } from './identity/audit.endpoints';
import { userGroupEndpoints } from './identity/user-groups.endpoints';
import { userImportEndpoints } from './identity/user-import.endpoints';
import { userEndpoints } from './identity/users.endpoints';
import { licensingEndpoints } from './licensing/licensing.endpoints';
import { mobileReleaseEndpoints } from './licensing/mobile-releases.endpoints';
import { seatEndpoints } from './licensing/seats.endpoints';
import { secondFactorEndpoints } from './licensing/second-factor.endpoints';
import { importListEndpoints } from './projects-sites/imports.endpoints';
import { projectsSitesEndpoints } from './projects-sites/projects-sites.endpoints';
import { siteSearchCsvEndpoints } from './projects-sites/site-search-csv.endpoints';
import { workflowEndpoints } from './workflows/workflows.endpoints';

export const ENDPOINT_GROUPS = {
  authEndpoints,
  hostEndpoints,
  homeEndpoints,
  factorEndpoints,
  passkeyEndpoints,
  remoteChannelEndpoints,
  userEndpoints,
  userImportEndpoints,
  userGroupEndpoints,
  apiKeyEndpoints,
  auditEndpoints,
  accessReviewEndpoints,
  licensingEndpoints,
  mobileReleaseEndpoints,
  seatEndpoints,
  secondFactorEndpoints,
  projectsSitesEndpoints,
  importListEndpoints,
  siteSearchCsvEndpoints,
  workflowEndpoints,
} as const;

/** Every endpoint, in group order. */
export const ENDPOINTS: readonly AnyEndpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group) as AnyEndpoint[]);

/** The calls the endpoints make (`"GET users/{username}"`), each once. */
export const CALLS: readonly string[] = [...new Set(ENDPOINTS.map(callKey))];

/**
 * Calls our API adds to the contract (each documented in its OpenAPI document): the platform's
 * console never made them, so contract/endpoints.tsv does not list them.
 */
export const ADDED_CALLS: readonly string[] = [
  'GET license/{licenseId}',
  'GET users.csv',
  'GET projects/page',
  'GET projects.csv',
  'GET userGroup/page',
  'GET apikeys/page',
  'GET userGroups.csv',
  'GET apikeys.csv',
  'GET audit',
  'GET audit.csv',
  'GET users/{username}/projectLicenses',
  'GET health',
  'GET mobile-releases',
  'GET mobile-releases/{id}',
  'POST mobile-releases',
  'PUT mobile-releases/{id}',
  'GET licenses/{licenseId}/seats',
  'GET licenses/{licenseId}/seats/dormant',
  'GET licenses/{licenseId}/seats/dormant.csv',
  'PUT licenses/{licenseId}/seats/settings',
  'POST licenses/{licenseId}/seats/free',
  'GET imports/page',
  'GET imports/projects',
  'GET imports.csv',
  'GET imports/report/{integrationRef}/file',
  'GET sites/search',
  'GET projects/{projectId}/sites.csv',
  'POST projects/{projectId}/sites/import',
  'GET workflows/{workflowId}',
  'GET workflows/phases',
  'GET users/{username}/sessions',
  'DELETE users/{username}/sessions/{sessionId}',
  'POST users/{username}/sessions/end-others',
  'GET users/{username}/factors',
  'DELETE users/{username}/factors',
  'GET user-import/template.csv',
  'POST user-import/preview',
  'POST user-import',
  'GET account/factors',
  'POST account/factors/totp',
  'POST account/factors/totp/confirm',
  'DELETE account/factors/totp',
  'POST account/factors/recovery-codes',
  'POST login/2fa/email',
  'POST login/2fa/passkey',
  'GET licenses/{licenseId}/second-factor',
  'PUT licenses/{licenseId}/second-factor',
  'POST login/passkey/options',
  'POST login/passkey',
  'GET profile/passkeys',
  'POST profile/passkeys/options',
  'POST profile/passkeys',
  'PUT profile/passkeys/{id}',
  'POST profile/passkeys/confirm/options',
  'POST profile/passkeys/{id}/remove',
  'GET access/holders',
  'GET access/holders.csv',
  'GET access-reviews',
  'POST access-reviews',
  'GET access-reviews/{reviewId}',
  'GET access-reviews/{reviewId}/items',
  'POST access-reviews/{reviewId}/decisions',
  'POST access-reviews/{reviewId}/sign-off',
  'GET access-reviews/{reviewId}/report.csv',
  'GET access-reviews/{reviewId}/report.pdf',
  'GET home/attention',
  // Release channels (issue 42).
  'GET remotes/map',
  'POST remotes/reports',
  'GET remotes/health',
  'POST remotes/{remoteId}/versions',
  'PUT remotes/{remoteId}/pilot',
  'POST remotes/{remoteId}/promote',
  'POST remotes/{remoteId}/rollback',
];
