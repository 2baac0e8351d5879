/** Console health's release channels: the figures query and the promote and roll-back mutations. */
import { useQuery } from '@tanstack/react-query';
import { getRemotesHealth, promoteRemotePilot, RemoteChannelMessages as M, rollBackRemotePilot } from 'contracts/auth';
import { useNotifyingMutation } from 'shared';

export const channelKeys = { all: ['host', 'channels'] as const };

/** Per remote: its channels, registered builds and each version's figures (refreshed every 30 s while open). */
export const useRemotesHealth = () => useQuery({ queryKey: channelKeys.all, queryFn: () => getRemotesHealth(), refetchInterval: 30_000 });

interface ChannelAction {
  remoteId: string;
  version: string;
}

export const usePromotePilot = () =>
  useNotifyingMutation({
    mutationFn: ({ remoteId, version }: ChannelAction) => promoteRemotePilot(remoteId, { version }),
    invalidates: [channelKeys.all],
    success: (_, { remoteId, version }) => M.promoted(remoteId, version),
    failure: 'The pilot could not be promoted.',
  });

export const useRollBackPilot = () =>
  useNotifyingMutation({
    mutationFn: ({ remoteId, version }: ChannelAction) => rollBackRemotePilot(remoteId, { version }),
    invalidates: [channelKeys.all],
    success: (_, { remoteId, version }) => M.rolledBack(remoteId, version),
    failure: 'The pilot could not be rolled back.',
  });
