import { defineRoute, Role } from 'shared';

/** Who sees and manages API keys (spec 1 §6: either role). */
export const API_KEY_ROLES = [Role.ADMINISTER_API_KEYS, Role.ADMINISTER_USER_CREATE_UPDATE] as const;

/** The API key screens (spec 1 §2: /apikeys, /apikeys/new, /apikeys/:id (ApiKeyDetails), /apikeys/{id}/view from a row). */
export const apiKeysRoute = defineRoute({ id: 'apikeys', path: '/apikeys', lazy: () => import('./ApiKeysPage'), handle: { roles: API_KEY_ROLES, title: 'API keys' } });
export const apiKeyNewRoute = defineRoute({ id: 'apikey.new', path: '/apikeys/new', lazy: () => import('./ApiKeyNewPage'), handle: { roles: API_KEY_ROLES, title: 'New API key' } });
export const apiKeyViewRoute = defineRoute({ id: 'apikey.view', path: '/apikeys/:id/view', lazy: () => import('./ApiKeyViewPage'), handle: { roles: API_KEY_ROLES, title: 'API key' } });
export const apiKeyDetailsRoute = defineRoute({ id: 'apikey.details', path: '/apikeys/:id', lazy: () => import('./ApiKeyViewPage'), handle: { roles: API_KEY_ROLES, title: 'API key' } });

export const apiKeyRoutes = [apiKeysRoute, apiKeyNewRoute, apiKeyViewRoute, apiKeyDetailsRoute];
