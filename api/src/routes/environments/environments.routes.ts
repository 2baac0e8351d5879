/**
 * Environments and the hand-off to them (contract areas host and licensing, and the
 * environment server's Account pages this server also serves): the definitions.
 * environments.handlers.ts does them.
 */
import * as v from 'valibot';
import { Role } from 'shared/roles';
import { idParam } from '../../http/params';
import { anyRole, publicAccess, route, signedIn } from '../../http/route';

export const EnvironmentSchema = v.object({
  environmentId: v.number(),
  name: v.string(),
  serverUrl: v.string(),
  label: v.nullable(v.string()),
});

const authenticateSpec = (path: string) =>
  route({
    method: 'GET',
    path,
    area: 'environment-server',
    summary: 'Sign in on this environment server with a session GUID from license/getSessionGuid, then follow redirectUrl.',
    access: publicAccess('The one-use session GUID is the credential.'),
    query: v.object({
      sessionGuid: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
      environmentId: v.optional(v.pipe(v.string(), v.maxLength(12)), ''),
      redirectUrl: v.optional(v.pipe(v.string(), v.maxLength(2000))),
    }),
    status: 302,
  });

const logOffSpec = (path: string) =>
  route({
    method: 'GET',
    path,
    area: 'environment-server',
    summary: 'Sign off this environment server, then follow redirectUrl (the console or this server only).',
    access: publicAccess('Signing off only ends the sign-in named by the browser’s own cookie.'),
    query: v.object({ redirectUrl: v.optional(v.pipe(v.string(), v.maxLength(2000))) }),
    status: 302,
  });


export const environmentSpecs = {
  authenticate: authenticateSpec('/Account/Authenticate'),
  authenticateInEnvironment: authenticateSpec('/{envPath}/Account/Authenticate'),
  logOff: logOffSpec('/Account/LogOff'),
  logOffInEnvironment: logOffSpec('/{envPath}/Account/LogOff'),
  getDeployedVersion: route({
    method: 'GET',
    path: 'environment/1/vuejsVersion',
    area: 'host',
    summary: 'The deployed console version; the console compares it after each navigation.',
    description: 'Also names the console’s environment (`appEnv`: development and uat show the test banner) and the product name.',
    access: publicAccess('A version number, checked on every page including the login page.'),
    response: v.object({ vueDeployedVersion: v.string(), appEnv: v.picklist(['production', 'uat', 'development']), productName: v.string() }),
  }),

  getEnvironments: route({
    method: 'GET',
    path: 'environments',
    area: 'host',
    summary: 'Environments: every one for a super administrator, the caller’s licence’s for anyone else.',
    access: signedIn,
    response: v.array(EnvironmentSchema),
  }),

  getLicenseEnvironments: route({
    method: 'GET',
    path: 'license/{licenseId}/environments',
    area: 'host',
    summary: 'Environments of a licence, where its users are sent after login.',
    access: signedIn,
    params: idParam('licenseId'),
    response: v.array(EnvironmentSchema),
  }),

  linkLicenseEnvironment: route({
    method: 'POST',
    path: 'licenses/{licenseId}/environments/{environmentId}',
    area: 'licensing',
    summary: 'Link a licence to an environment (done when a licence is created).',
    access: anyRole(Role.ACCESS_ALL_CUSTOMER_LICENCES),
    grants: [],
    params: v.object({ ...idParam('licenseId').entries, ...idParam('environmentId').entries }),
    status: 201,
    response: v.array(EnvironmentSchema),
  }),

  getSessionGuid: route({
    method: 'POST',
    path: 'license/getSessionGuid',
    area: 'host',
    summary: 'A one-use GUID (two minutes) that signs this session in on an environment server.',
    access: signedIn,
    grants: [],
    sessionOnly: true,
    response: v.object({ sessionGuid: v.string() }),
  }),
};
