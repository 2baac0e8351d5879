/** Calls the host makes around sign-in (contract area host), derived from their endpoints. */
import { callOf } from '../common/call';
import { hostEndpoints } from './environments.endpoints';

/** Also the console's environment (the test banner) and the product name. */
export const getDeployedVersion = callOf(hostEndpoints.getDeployedVersion);
export const getEnvironments = callOf(hostEndpoints.getEnvironments);
export const getLicenseEnvironments = callOf(hostEndpoints.getLicenseEnvironments);
/** The session GUID that authenticates this session on an environment server (Account/Authenticate). */
export const getSessionGuid = callOf(hostEndpoints.getSessionGuid);
/** Ours: whether the API and its database answer (the console's health page). */
export const getHealth = callOf(hostEndpoints.getHealth);
