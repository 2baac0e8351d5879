/**
 * The SCIM 2.0 service provider (RFC 7643, RFC 7644; ours, issue 39): one per licence, at
 * /api/scim/v2/, called by a directory with an API key of the licence as `Authorization:
 * Bearer <key>`. The key acts exactly as elsewhere: its roles (users need
 * ADMINISTER_USER_CREATE_UPDATE, as the console's user form; groups also ADMINISTER_ROLE, as
 * the user group screens), its licence (anything else is a 404) and the privilege ceiling.
 * scim.handlers.ts does them; the directory never calls these through the console.
 */
import type * as v from 'valibot';
import {
  ScimAttributesQuerySchema,
  ScimBodySchema,
  ScimDocumentSchema,
  ScimGroupSchema,
  ScimIdParamSchema,
  ScimListQuerySchema,
  scimListOf,
  ScimUserSchema,
} from 'contracts/identity/model';
import { Role } from 'shared/roles';
import { anyRole, apiRoute, signedIn } from '../../http/route';
import { byHandler } from '../../http/licence-scope';

const users = anyRole(Role.ADMINISTER_USER_CREATE_UPDATE);
const groups = anyRole(Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE);
const inKeyLicense = byHandler('the API key’s licence: every SCIM resource is read and changed within it; another licence’s is a 404 like a missing one');

const common = { area: 'identity', channel: 'scim' as const, scope: inKeyLicense };
const path = (rest: string) => `/api/scim/v2/${rest}`;

const USER_TEXT =
  'Attributes: userName (the username: required, cannot change), name.givenName and name.familyName ' +
  '(first and last name: required), emails (the primary or work value: required, a valid address), ' +
  'phoneNumbers (work or first), title (position), the enterprise extension’s organization (company), ' +
  'active, externalId (unique in the licence). Other attributes are ignored. The user form’s rules and ' +
  'messages apply (400 invalidValue); a username taken in any licence is 409 uniqueness.';
const ETAG_TEXT = 'Answers the resource’s version as ETag; `If-Match` with another version is a 412 and changes nothing.';
const LIST_TEXT =
  '`filter` (RFC 7644 §3.4.2.2: eq, ne, co, sw, ew, gt, ge, lt, le, pr, and, or, not, parentheses, ' +
  'value paths), `startIndex` (1-based) and `count` (at most 200), `sortBy` and `sortOrder`, ' +
  '`attributes` and `excludedAttributes`. An attribute that cannot be filtered is 400 invalidFilter.';

const list = <S extends v.GenericSchema>(item: S) => scimListOf(item);

export const scimSpecs = {
  getScimServiceProviderConfig: apiRoute({
    ...common,
    method: 'GET',
    path: path('ServiceProviderConfig'),
    summary: 'SCIM: what this service provider supports (PATCH, filter, sort, ETags; no bulk, no password change).',
    access: signedIn,
    response: ScimDocumentSchema,
  }),
  getScimResourceTypes: apiRoute({
    ...common,
    method: 'GET',
    path: path('ResourceTypes'),
    summary: 'SCIM: the resource types, User (with the enterprise extension) and Group.',
    access: signedIn,
    response: list(ScimDocumentSchema),
  }),
  getScimSchemas: apiRoute({
    ...common,
    method: 'GET',
    path: path('Schemas'),
    summary: 'SCIM: the attributes of User, the enterprise extension and Group that this service provider holds.',
    access: signedIn,
    response: list(ScimDocumentSchema),
  }),

  getScimUsers: apiRoute({
    ...common,
    method: 'GET',
    path: path('Users'),
    summary: 'SCIM: the licence’s users, filtered, sorted and paged.',
    description: `${LIST_TEXT} Super administrators are never listed.`,
    access: users,
    query: ScimListQuerySchema,
    response: list(ScimUserSchema),
    answers: { 400: 'invalidFilter or invalidValue.', 401: 'No API key, or not an active one.', 403: 'The key lacks ADMINISTER_USER_CREATE_UPDATE.' },
  }),
  getScimUser: apiRoute({
    ...common,
    method: 'GET',
    path: path('Users/{id}'),
    summary: 'SCIM: one user of the licence.',
    description: ETAG_TEXT,
    access: users,
    params: ScimIdParamSchema,
    query: ScimAttributesQuerySchema,
    response: ScimUserSchema,
    answers: { 404: 'No such user in the key’s licence.' },
  }),
  createScimUser: apiRoute({
    ...common,
    method: 'POST',
    path: path('Users'),
    summary: 'SCIM: creates a user in the key’s licence.',
    description:
      `${USER_TEXT} The new user has no password (single sign-on or a reset link sets one), no product ` +
      `licence, role or project: add them to user groups for those.`,
    access: users,
    body: ScimBodySchema,
    bodyDoc: ScimUserSchema,
    response: ScimUserSchema,
    status: 201,
    grants: [],
    // Creates that arrive together share a transaction (a group commit); each answers its own outcome.
    transaction: 'own',
    answers: { 400: 'invalidValue: a rule of the user form.', 409: 'uniqueness: the userName (any licence) or externalId (this licence) is taken.' },
  }),
  replaceScimUser: apiRoute({
    ...common,
    method: 'PUT',
    path: path('Users/{id}'),
    summary: 'SCIM: replaces a user’s attributes.',
    description:
      `${USER_TEXT} Attributes left out are cleared where the form allows it (phone, title, organization, ` +
      `externalId); active left out stays. ${ETAG_TEXT} Deactivating ends the user’s sessions at once, as ` +
      `the console does.`,
    access: users,
    params: ScimIdParamSchema,
    body: ScimBodySchema,
    bodyDoc: ScimUserSchema,
    response: ScimUserSchema,
    grants: ['control'],
    answers: {
      400: 'invalidValue, or mutability: a changed userName.',
      403: 'The user holds administrative roles the key does not (the privilege ceiling).',
      404: 'No such user in the key’s licence.',
      412: 'If-Match names another version.',
    },
  }),
  patchScimUser: apiRoute({
    ...common,
    method: 'PATCH',
    path: path('Users/{id}'),
    summary: 'SCIM: changes a user with add, replace and remove operations.',
    description:
      `RFC 7644 §3.5.2, with and without path, value paths (\`emails[type eq "work"].value\`), any case of ` +
      `op (Entra ID’s \`Replace\`), \`"active": "False"\` as text. ${USER_TEXT} ${ETAG_TEXT} \`active: ` +
      `false\` ends the user’s sessions at once; a reactivated user signs in again.`,
    access: users,
    params: ScimIdParamSchema,
    body: ScimBodySchema,
    response: ScimUserSchema,
    grants: ['control'],
    answers: {
      400: 'invalidSyntax, invalidPath, invalidValue, noTarget or mutability.',
      403: 'The privilege ceiling.',
      404: 'No such user in the key’s licence.',
      412: 'If-Match names another version.',
    },
  }),
  deleteScimUser: apiRoute({
    ...common,
    method: 'DELETE',
    path: path('Users/{id}'),
    summary: 'SCIM: deprovisions a user: deactivates them (never erases them).',
    description:
      'The user is deactivated at once and their sessions end, as the console’s Active toggle does; the ' +
      'account, its history and its audit trail stay (a reactivation with `active: true` brings it back, ' +
      'without its old sessions). GET still finds it, `active: false`.',
    access: users,
    params: ScimIdParamSchema,
    status: 204,
    grants: ['control'],
    answers: { 403: 'The privilege ceiling.', 404: 'No such user in the key’s licence.', 412: 'If-Match names another version.' },
  }),

  getScimGroups: apiRoute({
    ...common,
    method: 'GET',
    path: path('Groups'),
    summary: 'SCIM: the licence’s user groups and their members.',
    description: `${LIST_TEXT} Filters: displayName, externalId, id, members.value, meta.created, meta.lastModified.`,
    access: groups,
    query: ScimListQuerySchema,
    response: list(ScimGroupSchema),
  }),
  getScimGroup: apiRoute({
    ...common,
    method: 'GET',
    path: path('Groups/{id}'),
    summary: 'SCIM: one user group of the licence with its members.',
    description: ETAG_TEXT,
    access: groups,
    params: ScimIdParamSchema,
    query: ScimAttributesQuerySchema,
    response: ScimGroupSchema,
    answers: { 404: 'No such group in the key’s licence.' },
  }),
  createScimGroup: apiRoute({
    ...common,
    method: 'POST',
    path: path('Groups'),
    summary: 'SCIM: creates a user group in the key’s licence, with members.',
    description:
      'displayName (unique in the licence, ignoring case), externalId, members (users of the licence). The ' +
      'group’s roles, projects and product licences are set in the console. Members joining take seats ' +
      'under the licence’s seat lock: a full product licence is a 409 naming it, and nothing is created.',
    access: groups,
    body: ScimBodySchema,
    bodyDoc: ScimGroupSchema,
    response: ScimGroupSchema,
    status: 201,
    grants: ['control'],
    answers: {
      400: 'invalidValue: a name breaking the rules, or a member who is not a user of the licence.',
      403: 'A member joining would hold administrative roles the key does not (the privilege ceiling).',
      409: 'uniqueness: the name or externalId is taken; or a product licence has no seats left.',
    },
  }),
  replaceScimGroup: apiRoute({
    ...common,
    method: 'PUT',
    path: path('Groups/{id}'),
    summary: 'SCIM: replaces a user group’s name, externalId and members.',
    description:
      'As POST. Members joining take seats (a full product licence is a 409 naming it; nothing changes); members leaving lose what the group gave them. ' +
      ETAG_TEXT,
    access: groups,
    params: ScimIdParamSchema,
    body: ScimBodySchema,
    bodyDoc: ScimGroupSchema,
    response: ScimGroupSchema,
    grants: ['control'],
    answers: {
      403: 'The privilege ceiling.',
      404: 'No such group in the key’s licence.',
      409: 'A taken name, or no seats left.',
      412: 'If-Match names another version.',
    },
  }),
  patchScimGroup: apiRoute({
    ...common,
    method: 'PATCH',
    path: path('Groups/{id}'),
    summary: 'SCIM: changes a user group’s name or members (add, replace, remove).',
    description:
      'Members added with `add` on `members`, removed with `remove` on `members[value eq "…"]` or on ' +
      '`members` with a value list. Seats and the ceiling as PUT. ' +
      ETAG_TEXT,
    access: groups,
    params: ScimIdParamSchema,
    body: ScimBodySchema,
    response: ScimGroupSchema,
    grants: ['control'],
    answers: {
      400: 'invalidSyntax, invalidPath, invalidValue or mutability.',
      403: 'The privilege ceiling.',
      404: 'No such group in the key’s licence.',
      409: 'A taken name, or no seats left.',
      412: 'If-Match names another version.',
    },
  }),
  deleteScimGroup: apiRoute({
    ...common,
    method: 'DELETE',
    path: path('Groups/{id}'),
    summary: 'SCIM: deletes a user group; its members lose what it gave them.',
    access: groups,
    params: ScimIdParamSchema,
    status: 204,
    grants: ['control'],
    answers: {
      403: 'A member would lose ACCESS_ALL_CUSTOMER_LICENCES last.',
      404: 'No such group in the key’s licence.',
      412: 'If-Match names another version.',
    },
  }),
};
