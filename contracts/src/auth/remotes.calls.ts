/** Release channels' calls (issue 42), derived from their endpoints. */
import { callOf } from '../common/call';
import { remoteChannelEndpoints as e } from './remotes.endpoints';

export const getRemoteMap = callOf(e.getRemoteMap);
export const sendRemoteReports = callOf(e.sendRemoteReports);
export const getRemotesHealth = callOf(e.getRemotesHealth);
export const registerRemoteVersion = callOf(e.registerRemoteVersion);
export const setRemotePilot = callOf(e.setRemotePilot);
export const promoteRemotePilot = callOf(e.promoteRemotePilot);
export const rollBackRemotePilot = callOf(e.rollBackRemotePilot);
