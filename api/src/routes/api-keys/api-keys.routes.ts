/**
 * API keys (contract area identity): the list, one key, creating one (its secret answered
 * once), changing its details, product licences, roles and projects. api-keys.handlers.ts does
 * them; http/auth.ts lets a key authenticate calls (`Authorization: ApiKey <key>`).
 */
import * as v from 'valibot';
import {
  ApiKeyAddonReplySchema,
  ApiKeyProjectReplySchema,
  ApiKeyReplySchema,
  apiKeyEndpoints as api,
  CreatedApiKeyReplySchema,
  RoleGroupReplySchema,
} from 'contracts/identity/model';
import { pageReply } from '../../http/params';
import { MessageSchema, route } from '../../http/route';
import { entity, list, byHandler } from '../../http/licence-scope';

const notFoundAnswer = { 404: 'No such key in the caller’s scope.' };

export const apiKeySpecs = {
  getApiKeys: route(api.getApiKeys, {
    scope: list,
    response: v.array(ApiKeyReplySchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  // Registered before `apikeys/{apiKeyId}`, which would otherwise take 'page' for an id.
  getApiKeyPage: route(api.getApiKeyPage, {
    scope: list,
    description:
      'The same keys, filters and scope as GET apikeys. `page` is zero-based (default 0), `pageSize` 1 to ' +
      '200 (default 25); `sort` is name (default), keyPrefix, licenseName or isActive, and `dir` asc ' +
      '(default) or desc; ties go by name, then id. A `licenseId` outside the caller’s scope answers 404.',
    response: pageReply(ApiKeyReplySchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  exportApiKeys: route(api.exportApiKeys, {
    scope: list,
    description:
      'Takes the query of `GET apikeys/page` without paging. Columns: Prefix, Name, License (for callers ' +
      'who see every licence), Active, Product Licenses. Cells that a spreadsheet would run as a formula ' +
      'start with an apostrophe.',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  getApiKey: route(api.getApiKey, {
    scope: entity('api-key', 'id'),
    response: ApiKeyReplySchema,
    answers: notFoundAnswer,
  }),

  createApiKey: route(api.createApiKey, {
    scope: byHandler('the body’s licenseId (404 outside the scope) or the caller’s own'),
    description:
      'The key is `ck_<8 hex>.<43 characters>`: 256 bits from a secure random source. Only its prefix and a ' +
      'SHA-256 hash are stored. Send it as `Authorization: ApiKey <key>`; it acts with exactly its own ' +
      'roles, projects and licence. The name is unique in the licence.',
    grants: ['projects'],
    response: CreatedApiKeyReplySchema,
    status: 201,
    answers: {
      400: 'No name or no licence, or a name that is too long or holds invisible characters.',
      403: 'All projects, and the caller does not see every project of the licence by role.',
      404: 'The licence is outside the caller’s scope.',
      409: 'The name is taken in the licence.',
    },
  }),

  updateApiKey: route(api.updateApiKey, {
    scope: entity('api-key', 'id'),
    description:
      'Reactivating a key makes the same key work again: a key is a stored credential, not a session (make ' +
      'a new key to replace a leaked one). A key never changes itself, and only a caller who sees every ' +
      'project of the licence by role sets allProjects.',
    grants: ['projects'],
    response: MessageSchema,
    answers: {
      400: 'An empty name, or one that is too long or holds invisible characters.',
      403: 'The key itself, or All projects by a caller who does not see every project of the licence by role.',
      ...notFoundAnswer,
      409: 'The name is taken in the licence.',
    },
  }),

  getApiKeyAddons: route(api.getApiKeyAddons, {
    scope: entity('api-key', 'id'),
    response: v.array(ApiKeyAddonReplySchema),
    answers: notFoundAnswer,
  }),

  setApiKeyAddons: route(api.setApiKeyAddons, {
    scope: entity('api-key', 'id'),
    grants: [],
    response: MessageSchema,
    answers: { 400: 'A product licence the key’s licence does not offer.', ...notFoundAnswer },
  }),

  getApiKeyRoles: route(api.getApiKeyRoles, {
    scope: entity('api-key', 'id'),
    response: v.array(RoleGroupReplySchema),
    answers: notFoundAnswer,
  }),

  setApiKeyRoles: route(api.setApiKeyRoles, {
    scope: entity('api-key', 'id'),
    grants: ['roles'],
    response: MessageSchema,
    answers: {
      400: 'A role without its product licence.',
      403:
        'A role the caller may not give or remove (the privilege ceiling: an administrative role they do not ' +
        'hold, ACCESS_ALL_CUSTOMER_LICENCES unless a super administrator, a product role without role ' +
        'administration). Or the key itself.',
      ...notFoundAnswer,
    },
  }),

  getApiKeyProjects: route(api.getApiKeyProjects, {
    scope: entity('api-key', 'id'),
    response: v.array(ApiKeyProjectReplySchema),
    answers: notFoundAnswer,
  }),

  setApiKeyProjects: route(api.setApiKeyProjects, {
    scope: entity('api-key', 'id'),
    grants: ['projects'],
    response: MessageSchema,
    answers: { 400: 'A project outside the key’s licence or the caller’s sight.', ...notFoundAnswer },
  }),
};
