/**
 * Environments and the hand-off to them (contract areas host and licensing, and the
 * environment server's Account pages this server also serves, which the console never calls:
 * apiRoute): the definitions.
 * environments.handlers.ts does them.
 */
import * as v from 'valibot';
import { DeployedVersionReplySchema, EnvironmentReplySchema, SessionGuidReplySchema, hostEndpoints as host } from 'contracts/auth/model';
import { licensingEndpoints as licensing } from 'contracts/licensing/model';
import { apiRoute, publicAccess, route } from '../../http/route';
import { entity, noLicense } from '../../http/licence-scope';

const authenticateSpec = (path: string) =>
  apiRoute({
    method: 'GET',
    path,
    area: 'environment-server',
    summary: 'Sign in on this environment server with a session GUID from license/getSessionGuid, then follow redirectUrl.',
    access: publicAccess('The one-use session GUID is the credential.'),
    scope: noLicense('the one-use session GUID names the one session it hands off'),
    query: v.object({
      sessionGuid: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
      environmentId: v.optional(v.pipe(v.string(), v.maxLength(12)), ''),
      redirectUrl: v.optional(v.pipe(v.string(), v.maxLength(2000))),
    }),
    status: 302,
  });

const logOffSpec = (path: string) =>
  apiRoute({
    method: 'GET',
    path,
    area: 'environment-server',
    summary: 'Sign off this environment server, then follow redirectUrl (the console or this server only).',
    access: publicAccess('Signing off only ends the sign-in named by the browser’s own cookie.'),
    scope: noLicense('ends only the sign-in the browser’s own cookie names'),
    query: v.object({ redirectUrl: v.optional(v.pipe(v.string(), v.maxLength(2000))) }),
    status: 302,
  });

export const environmentSpecs = {
  authenticate: authenticateSpec('/Account/Authenticate'),
  authenticateInEnvironment: authenticateSpec('/{envPath}/Account/Authenticate'),
  logOff: logOffSpec('/Account/LogOff'),
  logOffInEnvironment: logOffSpec('/{envPath}/Account/LogOff'),
  getDeployedVersion: route(host.getDeployedVersion, {
    scope: noLicense('the deployed console’s version'),
    description:
      'Also names the console’s environment (`appEnv`: development and uat show the test banner), the ' +
      'product name and the site map’s base-map tile URL template (`mapTileUrl`, from MAP_TILE_URL; null ' +
      'when unset: the map draws on a plain background) and where the map opens for a site without a zone ' +
      '(`mapDefaultCenter`, latitude and longitude in degrees, from MAP_DEFAULT_CENTER; Sydney’s Circular ' +
      'Quay when unset).',
    response: DeployedVersionReplySchema,
  }),

  getEnvironments: route(host.getEnvironments, {
    scope: noLicense('the environments of the caller’s own licence'),
    response: v.array(EnvironmentReplySchema),
  }),

  getLicenseEnvironments: route(host.getLicenseEnvironments, {
    scope: entity('license', 'licenseId'),
    response: v.array(EnvironmentReplySchema),
  }),

  linkLicenseEnvironment: route(licensing.linkLicenseEnvironment, {
    scope: entity('license', 'licenseId'),
    grants: [],
    status: 201,
    response: v.array(EnvironmentReplySchema),
  }),

  getSessionGuid: route(host.getSessionGuid, {
    scope: noLicense('a hand-off of the caller’s own session'),
    grants: [],
    sessionOnly: true,
    response: SessionGuidReplySchema,
  }),
};
