/** Console health's release channels: the figures query and the pilot, promote and roll-back mutations. */
import { useQuery } from '@tanstack/react-query';
import { getRemotesHealth, promoteRemotePilot, RemoteChannelMessages as M, rollBackRemotePilot, setRemotePilot } from 'contracts/auth';
import { historyKeys } from 'kit';
import { shownOnFields, useNotifyingMutation } from 'shared';
import type { PilotBody } from './pilot.form';

export const channelKeys = { all: ['host', 'channels'] as const };

/** Per remote: its channels, registered builds and each version's figures (refreshed every 30 s while open). */
export const useRemotesHealth = () => useQuery({ queryKey: channelKeys.all, queryFn: () => getRemotesHealth(), refetchInterval: 30_000 });

interface ChannelAction {
  remoteId: string;
  version: string;
}

/** A change of a channel: its card, and its History when open (a new audit entry). */
const touched = [channelKeys.all, historyKeys.all];

/** Starts or changes a remote's pilot; a refusal about a field (no audience, unknown licences, the stable version) shows under it. */
export const useSetPilot = () =>
  useNotifyingMutation({
    mutationFn: ({ remoteId, body }: { remoteId: string; body: PilotBody }) => setRemotePilot(remoteId, body),
    invalidates: touched,
    success: (_, { remoteId, body }) => M.pilotStarted(remoteId, body.version),
    failure: 'The pilot could not be set.',
    shownByForm: shownOnFields('version', 'licenseIds', 'percent', 'rollback.factor', 'rollback.minViews'),
  });

export const usePromotePilot = () =>
  useNotifyingMutation({
    mutationFn: ({ remoteId, version }: ChannelAction) => promoteRemotePilot(remoteId, { version }),
    invalidates: touched,
    success: (_, { remoteId, version }) => M.promoted(remoteId, version),
    failure: 'The pilot could not be promoted.',
  });

export const useRollBackPilot = () =>
  useNotifyingMutation({
    mutationFn: ({ remoteId, version }: ChannelAction) => rollBackRemotePilot(remoteId, { version }),
    invalidates: touched,
    success: (_, { remoteId, version }) => M.rolledBack(remoteId, version),
    failure: 'The pilot could not be rolled back.',
  });
