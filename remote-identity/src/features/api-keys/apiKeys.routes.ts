import { screenAccess } from 'contracts/common/endpoint';
import { apiKeyEndpoints } from 'contracts/identity/model';
import { defineRoute } from 'shared';

/** Who sees and manages API keys: whoever may call the API key list (spec 1 §6: either role). */
export const API_KEY_ROLES = screenAccess(apiKeyEndpoints.getApiKeyPage);
const roles = API_KEY_ROLES;

/** The API key screens (spec 1 §2: /apikeys, /apikeys/new, /apikeys/:id (ApiKeyDetails), /apikeys/{id}/view from a row). */
export const apiKeysRoute = defineRoute({ id: 'apikeys', path: '/apikeys', lazy: () => import('./ApiKeysPage'), handle: { roles, title: 'API keys' } });
export const apiKeyNewRoute = defineRoute({
  id: 'apikey.new',
  path: '/apikeys/new',
  lazy: () => import('./ApiKeyNewPage'),
  handle: { roles: screenAccess(apiKeyEndpoints.createApiKey), title: 'New API key' },
});
export const apiKeyViewRoute = defineRoute({
  id: 'apikey.view',
  path: '/apikeys/:id/view',
  lazy: () => import('./ApiKeyViewPage'),
  handle: { roles: screenAccess(apiKeyEndpoints.getApiKey), title: 'API key' },
});
export const apiKeyDetailsRoute = defineRoute({
  id: 'apikey.details',
  path: '/apikeys/:id',
  lazy: () => import('./ApiKeyViewPage'),
  handle: { roles: screenAccess(apiKeyEndpoints.updateApiKey), title: 'API key' },
});

export const apiKeyRoutes = [apiKeysRoute, apiKeyNewRoute, apiKeyViewRoute, apiKeyDetailsRoute];
