/**
 * Release channels (issue 42, ours): the signed-in user's remote map, the browsers' reports,
 * and the super administrator's registration, pilot, promotion, rollback and health figures.
 */
import * as v from 'valibot';
import { Role } from 'shared/roles';
import { anyRole, endpoint, endpointGroup, signedIn } from '../common/endpoint';
import {
  ChannelActionBodySchema,
  PilotBodySchema,
  RegisterRemoteVersionBodySchema,
  RemoteChannelSchema,
  RemoteIdSchema,
  RemoteMapSchema,
  RemoteReportsBodySchema,
  RemotesHealthSchema,
  RemoteVersionReplySchema,
} from './remotes.entities';

const superAdministrator = anyRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
const remoteParam = v.object({ remoteId: RemoteIdSchema });

export const remoteChannelEndpoints = endpointGroup('host', {
  getRemoteMap: endpoint({
    method: 'GET',
    path: 'remotes/map',
    summary: 'The signed-in user’s remotes: for each, the address of the version its channel gives them, and whether it is a pilot.',
    access: signedIn,
    reply: RemoteMapSchema,
  }),

  sendRemoteReports: endpoint({
    method: 'POST',
    path: 'remotes/reports',
    summary: 'Browsers report their remotes’ loads, load failures, errors and page views, by remote and version.',
    access: signedIn,
    body: RemoteReportsBodySchema,
    reply: v.unknown(),
  }),

  getRemotesHealth: endpoint({
    method: 'GET',
    path: 'remotes/health',
    summary:
      'Per remote: its channels, registered versions, and each version’s users, loads, load failures, ' +
      'errors per 1,000 page views and median load time over the last hour and day.',
    access: superAdministrator,
    reply: RemotesHealthSchema,
  }),

  registerRemoteVersion: endpoint({
    method: 'POST',
    path: 'remotes/{remoteId}/versions',
    summary: 'Registers a build of a remote at its own address; a build for a kernel this console does not run is refused.',
    access: superAdministrator,
    params: remoteParam,
    body: RegisterRemoteVersionBodySchema,
    reply: RemoteVersionReplySchema,
  }),

  setRemotePilot: endpoint({
    method: 'PUT',
    path: 'remotes/{remoteId}/pilot',
    summary: 'Gives a registered version of a remote as its pilot to chosen licences and/or a share of users, with an optional automatic rollback rule.',
    access: superAdministrator,
    params: remoteParam,
    body: PilotBodySchema,
    reply: RemoteChannelSchema,
  }),

  promoteRemotePilot: endpoint({
    method: 'POST',
    path: 'remotes/{remoteId}/promote',
    summary: 'Makes the remote’s pilot its stable version: every user gets it at their next navigation.',
    access: superAdministrator,
    params: remoteParam,
    body: ChannelActionBodySchema,
    reply: RemoteChannelSchema,
  }),

  rollBackRemotePilot: endpoint({
    method: 'POST',
    path: 'remotes/{remoteId}/rollback',
    summary: 'Ends the remote’s pilot: its users get the stable version at their next navigation.',
    access: superAdministrator,
    params: remoteParam,
    body: ChannelActionBodySchema,
    reply: RemoteChannelSchema,
  }),
});
