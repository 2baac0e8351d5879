/**
 * API keys (contract area identity): the list, one key, creating one (its secret answered
 * once), changing its details, product licences, roles and projects. api-keys.handlers.ts does
 * them; http/auth.ts lets a key authenticate calls (`Authorization: ApiKey <key>`).
 */
import * as v from 'valibot';
import { API_KEY_SORTS, apiKeyDescriptionSchema, ApiKeyMessages, apiKeyNameSchema, RoleGroupSchema, RoleItemSchema } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import { filterQuery, flagQuery, idParam, licenseIdQuery, pageQuery, pageReply, sortQuery } from '../../http/params';
import { anyRole, MessageSchema, route } from '../../http/route';

const int = v.pipe(v.number(), v.integer());

/** Who manages API keys (spec 1 §6: either role). */
export const API_KEY_ROLES = [Role.ADMINISTER_API_KEYS, Role.ADMINISTER_USER_CREATE_UPDATE] as const;

export const CreateBodySchema = v.object({
  name: v.optional(apiKeyNameSchema(ApiKeyMessages.nameRequiredCreate), ''),
  description: v.optional(apiKeyDescriptionSchema, ''),
  licenseId: v.pipe(
    v.optional(v.nullable(v.number(ApiKeyMessages.licenseRequired)), null),
    v.check((id) => typeof id === 'number' && Number.isInteger(id), ApiKeyMessages.licenseRequired),
    v.transform((id) => id as number),
  ),
  isActive: v.optional(v.boolean('isActive must be true or false.'), true),
  allProjects: v.optional(v.boolean('allProjects must be true or false.'), false),
});

export const UpdateBodySchema = v.object({
  name: v.optional(apiKeyNameSchema(ApiKeyMessages.nameRequiredEdit)),
  description: v.optional(apiKeyDescriptionSchema),
  isActive: v.optional(v.boolean('isActive must be true or false.')),
  allProjects: v.optional(v.boolean('allProjects must be true or false.')),
});

const IdsBodySchema = v.pipe(v.array(int, 'Send a list of ids.'), v.maxLength(5000, 'Send a list of ids.'));

const KeyAddonSchema = v.object({
  addOnId: int,
  addonData: v.object({ name: v.string(), shortName: v.string(), color: v.string(), category: v.nullable(v.string()) }),
});
const KeyProjectSchema = v.object({
  apiKeyId: int,
  projectId: int,
  name: v.string(),
  description: v.string(),
  parentProjectId: v.nullable(int),
  isActive: v.boolean(),
  assignedTo: v.boolean(),
});

/** A key as lists and views show it: never its secret or hash. */
export const ApiKeyReplySchema = v.object({
  apiKeyId: int,
  keyPrefix: v.string(),
  name: v.string(),
  description: v.string(),
  licenseId: int,
  licenseName: v.string(),
  isActive: v.boolean(),
  allProjects: v.boolean(),
  createdDate: v.string(),
  updatedDate: v.string(),
  /** Ours: when the key last authenticated a call. */
  lastUsedDate: v.nullable(v.string()),
  keyAddons: v.array(KeyAddonSchema),
  projects: v.array(v.object({ apiKeyId: int, projectId: int, name: v.string(), assignedTo: v.boolean() })),
  roleIds: v.array(int),
});

const keyParam = idParam('apiKeyId');
/** GET apikeys' filters: a licence, active keys only, and a text filter. */
export const ApiKeyListQuery = v.object({ ...licenseIdQuery, ...filterQuery, activeOnly: flagQuery('activeOnly') });
const notFoundAnswer = { 404: 'No such key in the caller’s scope.' };

export const apiKeySpecs = {
  getApiKeys: route({
    method: 'GET',
    path: 'apikeys',
    area: 'identity',
    summary: 'API keys by name: the caller’s licence’s (a super administrator’s: every licence’s, or `licenseId`’s), optionally only active ones, filtered by name, prefix or description.',
    access: anyRole(...API_KEY_ROLES),
    query: ApiKeyListQuery,
    response: v.array(ApiKeyReplySchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  // Registered before `apikeys/{apiKeyId}`, which would otherwise take 'page' for an id.
  getApiKeyPage: route({
    method: 'GET',
    path: 'apikeys/page',
    area: 'identity',
    summary: 'A page of the API key list, with its total: the keys GET apikeys answers, filtered, sorted and paged on the server.',
    description:
      'The same keys, filters and scope as GET apikeys. `page` is zero-based (default 0), `pageSize` 1 to 200 (default 25); `sort` is name (default), keyPrefix, licenseName or isActive, and `dir` asc (default) or desc; ties go by name, then id. A `licenseId` outside the caller’s scope answers 404.',
    access: anyRole(...API_KEY_ROLES),
    query: v.object({ ...ApiKeyListQuery.entries, ...pageQuery, ...sortQuery(API_KEY_SORTS, 'name') }),
    response: pageReply(ApiKeyReplySchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  exportApiKeys: route({
    method: 'GET',
    path: 'apikeys.csv',
    area: 'identity',
    summary: 'Every API key of the list as CSV: the same filters, order and columns as the screen, streamed; never a secret.',
    description:
      'Takes the query of `GET apikeys/page` without paging. Columns: Prefix, Name, License (for callers who see every licence), Active, Product Licenses. Cells that a spreadsheet would run as a formula start with an apostrophe.',
    access: anyRole(...API_KEY_ROLES),
    query: v.object({ ...ApiKeyListQuery.entries, ...sortQuery(API_KEY_SORTS, 'name') }),
    produces: 'text/csv',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  getApiKey: route({
    method: 'GET',
    path: 'apikeys/{apiKeyId}',
    area: 'identity',
    summary: 'One API key, never its secret.',
    access: anyRole(...API_KEY_ROLES),
    params: keyParam,
    response: ApiKeyReplySchema,
    answers: notFoundAnswer,
  }),

  createApiKey: route({
    method: 'POST',
    path: 'apikeys',
    area: 'identity',
    summary: 'Makes an API key in a licence; the answer holds the key (`apiKey`) — the only time it is shown.',
    description:
      'The key is `ck_<8 hex>.<43 characters>`: 256 bits from a secure random source. Only its prefix and a SHA-256 hash are stored. Send it as `Authorization: ApiKey <key>`; it acts with exactly its own roles, projects and licence. The name is unique in the licence.',
    access: anyRole(...API_KEY_ROLES),
    grants: ['projects'],
    body: CreateBodySchema,
    response: v.object({ ...ApiKeyReplySchema.entries, apiKey: v.string() }),
    status: 201,
    answers: { 400: 'No name or no licence, or a name that is too long or holds invisible characters.', 403: 'All projects, and the caller does not see every project of the licence by role.', 404: 'The licence is outside the caller’s scope.', 409: 'The name is taken in the licence.' },
  }),

  updateApiKey: route({
    method: 'PUT',
    path: 'apikeys/{apiKeyId}',
    area: 'identity',
    summary: 'Changes a key’s name, description, isActive or allProjects (those sent). A key made inactive is refused from its next call.',
    description:
      'Reactivating a key makes the same key work again: a key is a stored credential, not a session (make a new key to replace a leaked one). A key never changes itself, and only a caller who sees every project of the licence by role sets allProjects.',
    access: anyRole(...API_KEY_ROLES),
    grants: ['projects'],
    params: keyParam,
    body: UpdateBodySchema,
    response: MessageSchema,
    answers: { 400: 'An empty name, or one that is too long or holds invisible characters.', 403: 'The key itself, or All projects by a caller who does not see every project of the licence by role.', ...notFoundAnswer, 409: 'The name is taken in the licence.' },
  }),

  getApiKeyAddons: route({
    method: 'GET',
    path: 'apikeys/{apiKeyId}/addons',
    area: 'identity',
    summary: 'The product licences a key holds, with their names and colours.',
    access: anyRole(...API_KEY_ROLES),
    params: keyParam,
    response: v.array(KeyAddonSchema),
    answers: notFoundAnswer,
  }),

  setApiKeyAddons: route({
    method: 'PUT',
    path: 'apikeys/{apiKeyId}/addons',
    area: 'identity',
    summary: 'Sets a key’s product licences (offered by its licence; vendor and non-vendor ones not together). Its roles of a product it loses go too. Keys take no user seats.',
    access: anyRole(...API_KEY_ROLES),
    grants: [],
    params: keyParam,
    body: IdsBodySchema,
    response: MessageSchema,
    answers: { 400: 'A product licence the key’s licence does not offer.', ...notFoundAnswer },
  }),

  getApiKeyRoles: route({
    method: 'GET',
    path: 'apikeys/{apiKeyId}/roles',
    area: 'identity',
    summary: 'The role groups the key may be given (those of its product licences), each role with `appliedToUser` when the key holds it; and every role the key holds whatever its product, a group of a product licence the key lacks marked `missingProduct` (its name) with only those roles. Empty without a product licence and roles.',
    access: anyRole(...API_KEY_ROLES),
    params: keyParam,
    response: v.array(v.object({ ...RoleGroupSchema.entries, roles: v.array(v.object({ ...RoleItemSchema.entries })) })),
    answers: notFoundAnswer,
  }),

  setApiKeyRoles: route({
    method: 'PUT',
    path: 'apikeys/{apiKeyId}/roles',
    area: 'identity',
    summary: 'Sets a key’s roles: each added role needs one of its product licences (one it already holds without its product licence may stay, or be left out to remove it); a caller without every licence gives only roles they hold.',
    access: anyRole(...API_KEY_ROLES),
    grants: ['roles'],
    params: keyParam,
    body: IdsBodySchema,
    response: MessageSchema,
    answers: { 400: 'A role without its product licence.', 403: 'A role the caller may not give or remove (the privilege ceiling: an administrative role they do not hold, ACCESS_ALL_CUSTOMER_LICENCES unless a super administrator, a product role without role administration). Or the key itself.', ...notFoundAnswer },
  }),

  getApiKeyProjects: route({
    method: 'GET',
    path: 'apikeys/{apiKeyId}/projects',
    area: 'identity',
    summary: 'The projects of the key’s licence the caller sees, each marked `assignedTo` when the key holds it (with `parentProjectId` for the tree).',
    access: anyRole(...API_KEY_ROLES),
    params: keyParam,
    response: v.array(KeyProjectSchema),
    answers: notFoundAnswer,
  }),

  setApiKeyProjects: route({
    method: 'PUT',
    path: 'apikeys/{apiKeyId}/projects',
    area: 'identity',
    summary: 'Sets a key’s projects among those of its licence the caller sees (others it holds stay).',
    access: anyRole(...API_KEY_ROLES),
    grants: ['projects'],
    params: keyParam,
    body: IdsBodySchema,
    response: MessageSchema,
    answers: { 400: 'A project outside the key’s licence or the caller’s sight.', ...notFoundAnswer },
  }),
};
