/**
 * The API key calls (contract area identity), one endpoint object each: the console's call
 * functions (api-keys.calls.ts) and the API's routes (api/src/routes/api-keys) are made from them.
 */
import * as v from 'valibot';
import { API_KEY_ROLES } from 'shared/roles';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';
import { IdsBodySchema, requiredId } from '../common/fields';
import { filterQuery, flagQuery, idParam, licenseIdQuery, pageQuery, sortQuery } from '../common/params';
import { MessageReplySchema } from '../common/replies.entities';
import { RoleGroupSchema } from './roles.entities';
import { API_KEY_SORTS, ApiKeyAddonSchema, ApiKeyPageSchema, ApiKeyProjectSchema, ApiKeySchema, CreatedApiKeySchema } from './api-keys.entities';
import { apiKeyDescriptionSchema, apiKeyNameSchema } from './api-keys.forms';
import { ApiKeyMessages } from './identity.messages';

/** Who manages API keys (spec 1 §6: either role). */
const access = anyRole(...API_KEY_ROLES);

/** GET apikeys' filters: a licence, active keys only, and a text filter. */
export const ApiKeyListQuerySchema = v.object({ ...licenseIdQuery, ...filterQuery, activeOnly: flagQuery('activeOnly') });
const ApiKeySortQuery = sortQuery(API_KEY_SORTS, 'name');

/** Body of POST apikeys. */
export const ApiKeyCreateBodySchema = v.object({
  name: v.optional(apiKeyNameSchema(ApiKeyMessages.nameRequiredCreate), ''),
  description: v.optional(apiKeyDescriptionSchema, ''),
  licenseId: requiredId(ApiKeyMessages.licenseRequired),
  isActive: v.optional(v.boolean('isActive must be true or false.'), true),
  allProjects: v.optional(v.boolean('allProjects must be true or false.'), false),
});
export type ApiKeyInput = v.InferInput<typeof ApiKeyCreateBodySchema>;

/** Body of PUT apikeys/{id}: name, description, isActive, allProjects (those sent; the licence does not change). */
export const ApiKeyUpdateBodySchema = v.object({
  name: v.optional(apiKeyNameSchema(ApiKeyMessages.nameRequiredEdit)),
  description: v.optional(apiKeyDescriptionSchema),
  isActive: v.optional(v.boolean('isActive must be true or false.')),
  allProjects: v.optional(v.boolean('allProjects must be true or false.')),
});
export type ApiKeyUpdate = v.InferInput<typeof ApiKeyUpdateBodySchema>;

export const apiKeyEndpoints = endpointGroup('identity', {
  getApiKeys: endpoint({
    method: 'GET',
    path: 'apikeys',
    summary:
      'API keys by name: the caller’s licence’s (a super administrator’s: every licence’s, or ' +
      '`licenseId`’s), optionally only active ones, filtered by name, prefix or description.',
    access,
    query: ApiKeyListQuerySchema,
    reply: v.array(ApiKeySchema),
  }),

  getApiKeyPage: endpoint({
    method: 'GET',
    path: 'apikeys/page',
    summary: 'A page of the API key list, with its total: the keys GET apikeys answers, filtered, sorted and paged on the server.',
    access,
    query: v.object({ ...ApiKeyListQuerySchema.entries, ...pageQuery, ...ApiKeySortQuery }),
    reply: ApiKeyPageSchema,
  }),

  exportApiKeys: endpoint({
    method: 'GET',
    path: 'apikeys.csv',
    summary: 'Every API key of the list as CSV: the same filters, order and columns as the screen, streamed; never a secret.',
    access,
    query: v.object({ ...ApiKeyListQuerySchema.entries, ...ApiKeySortQuery }),
    reply: v.unknown(),
    replyKind: 'file',
  }),

  getApiKey: endpoint({
    method: 'GET',
    path: 'apikeys/{id}',
    summary: 'One API key, never its secret.',
    access,
    params: idParam('id'),
    reply: ApiKeySchema,
  }),

  createApiKey: endpoint({
    method: 'POST',
    path: 'apikeys',
    summary: 'Makes an API key in a licence; the answer holds the key (`apiKey`) — the only time it is shown.',
    access,
    body: ApiKeyCreateBodySchema,
    reply: CreatedApiKeySchema,
  }),

  updateApiKey: endpoint({
    method: 'PUT',
    path: 'apikeys/{id}',
    summary: 'Changes a key’s name, description, isActive or allProjects (those sent). A key made inactive is refused from its next call.',
    access,
    params: idParam('id'),
    body: ApiKeyUpdateBodySchema,
    reply: MessageReplySchema,
  }),

  getApiKeyAddons: endpoint({
    method: 'GET',
    path: 'apikeys/{id}/addons',
    summary: 'The product licences a key holds, with their names and colours.',
    access,
    params: idParam('id'),
    reply: v.array(ApiKeyAddonSchema),
  }),

  setApiKeyAddons: endpoint({
    method: 'PUT',
    path: 'apikeys/{id}/addons',
    summary:
      'Sets a key’s product licences (offered by its licence; vendor and non-vendor ones not together). Its ' +
      'roles of a product it loses go too. Keys take no user seats.',
    access,
    params: idParam('id'),
    body: IdsBodySchema,
    reply: MessageReplySchema,
  }),

  getApiKeyRoles: endpoint({
    method: 'GET',
    path: 'apikeys/{id}/roles',
    summary:
      'The role groups the key may be given (those of its product licences), each role with `appliedToUser` ' +
      'when the key holds it; and every role the key holds whatever its product, a group of a product ' +
      'licence the key lacks marked `missingProduct` (its name) with only those roles. Empty without a ' +
      'product licence and roles.',
    access,
    params: idParam('id'),
    reply: v.array(RoleGroupSchema),
  }),

  setApiKeyRoles: endpoint({
    method: 'PUT',
    path: 'apikeys/{id}/roles',
    summary:
      'Sets a key’s roles: each added role needs one of its product licences (one it already holds without ' +
      'its product licence may stay, or be left out to remove it); a caller without every licence gives ' +
      'only roles they hold.',
    access,
    params: idParam('id'),
    body: IdsBodySchema,
    reply: MessageReplySchema,
  }),

  getApiKeyProjects: endpoint({
    method: 'GET',
    path: 'apikeys/{id}/projects',
    summary: 'The projects of the key’s licence the caller sees, each marked `assignedTo` when the key holds it (with `parentProjectId` for the tree).',
    access,
    params: idParam('id'),
    reply: v.array(ApiKeyProjectSchema),
  }),

  setApiKeyProjects: endpoint({
    method: 'PUT',
    path: 'apikeys/{id}/projects',
    summary: 'Sets a key’s projects among those of its licence the caller sees (others it holds stay).',
    access,
    params: idParam('id'),
    body: IdsBodySchema,
    reply: MessageReplySchema,
  }),
});
