/** The API key calls (contract area identity), derived from their endpoints. */
import { callOf } from '../common/call';
import { apiKeyEndpoints } from './api-keys.endpoints';

export const getApiKeys = callOf(apiKeyEndpoints.getApiKeys);
export const getApiKeyPage = callOf(apiKeyEndpoints.getApiKeyPage);
export const exportApiKeys = callOf(apiKeyEndpoints.exportApiKeys);
export const getApiKey = callOf(apiKeyEndpoints.getApiKey);
export const createApiKey = callOf(apiKeyEndpoints.createApiKey);
export const updateApiKey = callOf(apiKeyEndpoints.updateApiKey);
export const getApiKeyAddons = callOf(apiKeyEndpoints.getApiKeyAddons);
export const setApiKeyAddons = callOf(apiKeyEndpoints.setApiKeyAddons);
export const getApiKeyRoles = callOf(apiKeyEndpoints.getApiKeyRoles);
export const setApiKeyRoles = callOf(apiKeyEndpoints.setApiKeyRoles);
export const getApiKeyProjects = callOf(apiKeyEndpoints.getApiKeyProjects);
export const setApiKeyProjects = callOf(apiKeyEndpoints.setApiKeyProjects);
