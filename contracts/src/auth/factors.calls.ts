/** Second-factor calls (contract area auth), derived from their endpoints. */
import { callOf } from '../common/call';
import { factorEndpoints } from './factors.endpoints';

export const getMyFactors = callOf(factorEndpoints.getMyFactors);
export const startTotpSetup = callOf(factorEndpoints.startTotpSetup);
export const confirmTotpSetup = callOf(factorEndpoints.confirmTotpSetup);
export const removeTotp = callOf(factorEndpoints.removeTotp);
export const regenerateRecoveryCodes = callOf(factorEndpoints.regenerateRecoveryCodes);
export const sendTwoFactorEmail = callOf(factorEndpoints.sendTwoFactorEmail);
export const passkeyForFactorChallenge = callOf(factorEndpoints.passkeyForFactorChallenge);
