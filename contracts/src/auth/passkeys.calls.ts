/** Passkey calls (issue 40), derived from their endpoints. */
import { callOf } from '../common/call';
import { passkeyEndpoints } from './passkeys.endpoints';

export const passkeySignInOptions = callOf(passkeyEndpoints.passkeySignInOptions);
export const loginPasskey = callOf(passkeyEndpoints.loginPasskey);
export const getMyPasskeys = callOf(passkeyEndpoints.getMyPasskeys);
export const passkeyRegistrationOptions = callOf(passkeyEndpoints.passkeyRegistrationOptions);
export const addPasskey = callOf(passkeyEndpoints.addPasskey);
export const renamePasskey = callOf(passkeyEndpoints.renamePasskey);
export const passkeyConfirmOptions = callOf(passkeyEndpoints.passkeyConfirmOptions);
export const removePasskey = callOf(passkeyEndpoints.removePasskey);
