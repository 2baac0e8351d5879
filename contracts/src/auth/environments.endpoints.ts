/**
 * Calls the host makes around sign-in (contract area host): environments, the hand-off GUID,
 * the deployed version — one endpoint object each: the console's call functions
 * (environments.calls.ts) and the API's routes (api/src/routes/environments) are made from them.
 */
import * as v from 'valibot';
import { endpoint, endpointGroup, publicAccess, signedIn } from '../common/endpoint';
import { idParam } from '../common/params';
import { tolerant } from '../common/fields';
import { DeployedVersionSchema, EnvironmentSchema, HealthSchema, SessionGuidReplySchema } from './host.entities';

export const hostEndpoints = endpointGroup('host', {
  /** Ours: the console's health page shows it beside each remote's state. */
  getHealth: endpoint({
    method: 'GET',
    path: 'health',
    summary: 'Answers 200 when the database answers, 503 otherwise; with the API’s version and which database it runs on.',
    access: publicAccess('Load balancers and monitors check it without a session.'),
    reply: HealthSchema,
  }),

  getDeployedVersion: endpoint({
    method: 'GET',
    path: 'environment/1/vuejsVersion',
    summary: 'The deployed console version; the console compares it after each navigation.',
    access: publicAccess('A version number, checked on every page including the login page.'),
    reply: DeployedVersionSchema,
  }),

  getEnvironments: endpoint({
    method: 'GET',
    path: 'environments',
    summary: 'Environments: every one for a super administrator, the caller’s licence’s for anyone else.',
    access: signedIn,
    reply: v.array(EnvironmentSchema),
  }),

  getLicenseEnvironments: endpoint({
    method: 'GET',
    path: 'license/{licenseId}/environments',
    summary: 'Environments of a licence, where its users are sent after login.',
    access: signedIn,
    params: idParam('licenseId'),
    reply: v.array(EnvironmentSchema),
  }),

  getSessionGuid: endpoint({
    method: 'POST',
    path: 'license/getSessionGuid',
    summary: 'A one-use GUID (two minutes) that signs this session in on an environment server.',
    access: signedIn,
    reply: tolerant(SessionGuidReplySchema),
  }),
});
