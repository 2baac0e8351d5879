/**
 * SCIM 2.0 (RFC 7643, RFC 7644; ours, issue 39): the resources a directory (Entra ID, Okta,
 * any SCIM client) reads and writes at `/api/scim/v2/`, one service provider per licence, and
 * the texts its errors carry. The API answers these shapes; the licence view's 'Connect your
 * directory' section shows the mapping from `SCIM_USER_MAPPING`.
 */
import * as v from 'valibot';
import { int } from '../common/fields';

/** The schema URNs of RFC 7643 §8.7 and RFC 7644 §3. */
export const ScimSchemas = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The base path of the SCIM service provider, under the console's origin. */
export const SCIM_BASE_PATH = '/api/scim/v2';

/** The most resources one list answers (`count` above it is lowered to it; ServiceProviderConfig says so). */
export const SCIM_MAX_RESULTS = 200;

/** How SCIM's User attributes map to the console's user (shown on the licence view and in the README). */
export const SCIM_USER_MAPPING: readonly { scim: string; console: string }[] = [
  { scim: 'id', console: 'User id (read-only)' },
  { scim: 'userName', console: 'Username (cannot change once created)' },
  { scim: 'externalId', console: 'The directory’s id, unique in the licence' },
  { scim: 'name.givenName', console: 'First name' },
  { scim: 'name.familyName', console: 'Last name' },
  { scim: 'emails (primary or work)', console: 'Email' },
  { scim: 'phoneNumbers (work or first)', console: 'Phone number' },
  { scim: 'title', console: 'Position' },
  { scim: 'enterprise extension organization', console: 'Company' },
  { scim: 'active', console: 'Active' },
  { scim: 'groups (read-only)', console: 'User groups' },
];

/** The texts of SCIM errors (`detail`), beyond the user form's own messages. */
export const ScimMessages = {
  apiKeyOnly: 'SCIM is called with an API key of the licence: Authorization: Bearer <API key>.',
  invalidFilter: (why: string) => `The filter is not valid: ${why}`,
  unknownAttribute: (name: string) => `The attribute ${name} cannot be filtered or sorted on.`,
  invalidPath: (path: string) => `The path ${path} is not valid.`,
  noTarget: (path: string) => `Nothing matches the path ${path}.`,
  unknownOp: (op: string) => `The operation ${op} is not one of add, replace and remove.`,
  readOnly: (name: string) => `The attribute ${name} is read-only.`,
  userNameRequired: 'userName is required.',
  displayNameRequired: 'displayName is required.',
  externalIdTaken: 'Another user of this licence has this externalId.',
  groupExternalIdTaken: 'Another group of this licence has this externalId.',
  notAMember: (value: string) => `${value} is not a user of this licence.`,
  versionMismatch: 'The resource has changed since that version (If-Match).',
  notFound: (what: string) => `${what} not found.`,
  bodyNotObject: 'The body must be a JSON object.',
  notText: (name: string) => `${name} must be text.`,
  patchOpsRequired: 'A PATCH body needs Operations: a list of add, replace or remove.',
  removeNeedsPath: 'A remove operation needs a path.',
  sortNotSupported: (name: string) => `Cannot sort by ${name}.`,
} as const;

const str = v.string();

/** `meta` of every resource (RFC 7643 §3.1). */
export const ScimMetaSchema = v.object({
  resourceType: str,
  created: v.optional(str),
  lastModified: v.optional(str),
  location: str,
  version: v.optional(str),
});

const multiValue = v.object({ value: str, type: v.optional(str), primary: v.optional(v.boolean()) });

/** A user as SCIM shows it (RFC 7643 §4.1 and §4.3); `attributes` may leave any of it out. */
export const ScimUserSchema = v.looseObject({
  schemas: v.array(str),
  id: str,
  externalId: v.optional(v.nullable(str)),
  userName: v.optional(str),
  name: v.optional(v.object({ givenName: v.optional(str), familyName: v.optional(str), formatted: v.optional(str) })),
  displayName: v.optional(str),
  title: v.optional(str),
  active: v.optional(v.boolean()),
  emails: v.optional(v.array(multiValue)),
  phoneNumbers: v.optional(v.array(multiValue)),
  groups: v.optional(v.array(v.object({ value: str, display: str, $ref: str }))),
  meta: v.optional(ScimMetaSchema),
});

/** A group as SCIM shows it (RFC 7643 §4.2): a user group of the licence and its members. */
export const ScimGroupSchema = v.looseObject({
  schemas: v.array(str),
  id: str,
  externalId: v.optional(v.nullable(str)),
  displayName: v.optional(str),
  members: v.optional(v.array(v.object({ value: str, display: v.optional(str), $ref: v.optional(str), type: v.optional(str) }))),
  meta: v.optional(ScimMetaSchema),
});

/** A page of resources (RFC 7644 §3.4.2). */
export const scimListOf = <S extends v.GenericSchema>(item: S) =>
  v.object({ schemas: v.array(str), totalResults: int, startIndex: int, itemsPerPage: int, Resources: v.array(item) });

/** The error body of RFC 7644 §3.12; `status` is the HTTP status as text. */
export const ScimErrorSchema = v.object({ schemas: v.array(str), status: str, scimType: v.optional(str), detail: str });

/** Any SCIM document the discovery endpoints answer (ServiceProviderConfig, ResourceTypes, Schemas). */
export const ScimDocumentSchema = v.looseObject({ schemas: v.array(str) });

/** A resource body of POST and PUT, or a PatchOp: an object, read leniently (unknown attributes are ignored). */
export const ScimBodySchema = v.looseObject({ schemas: v.optional(v.array(v.unknown())) });

/** The list query of RFC 7644 §3.4.2 (and §3.9's attributes). */
export const ScimListQuerySchema = v.object({
  filter: v.optional(v.pipe(str, v.maxLength(2000))),
  startIndex: v.optional(str),
  count: v.optional(str),
  sortBy: v.optional(v.pipe(str, v.maxLength(200))),
  sortOrder: v.optional(str),
  attributes: v.optional(v.pipe(str, v.maxLength(2000))),
  excludedAttributes: v.optional(v.pipe(str, v.maxLength(2000))),
});

/** GET of one resource: §3.9's attributes. */
export const ScimAttributesQuerySchema = v.object({
  attributes: v.optional(v.pipe(str, v.maxLength(2000))),
  excludedAttributes: v.optional(v.pipe(str, v.maxLength(2000))),
});

/** `{id}` of a SCIM resource: any text (an id that is not ours is a 404 like a missing one). */
export const ScimIdParamSchema = v.object({ id: v.pipe(str, v.maxLength(200)) });
