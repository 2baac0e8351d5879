/** Sign-in calls (contract area auth), derived from their endpoints. */
import type * as v from 'valibot';
import { callOf } from '../common/call';
import { authEndpoints } from './auth.endpoints';
import type { SsoLoginSchema } from './auth.forms';

/** A password login (`{ userName, password }`) or a single sign-on (`{ cognitoJwt, nonce }`: the provider's id_token and the nonce the console sent). */
export const login = callOf(authEndpoints.login);
/** Single sign-on: `login` with the provider's id_token and the nonce the console sent with the request. */
export const loginWithSso = (body: v.InferInput<typeof SsoLoginSchema>) => login(body);
export const loginTwoFactor = callOf(authEndpoints.loginTwoFactor);
export const logout = callOf(authEndpoints.logout);
export const verifyResetToken = callOf(authEndpoints.verifyResetToken);
export const verifySession = callOf(authEndpoints.verifySession);
export const resetPassword = callOf(authEndpoints.resetPassword);
export const requestPasswordRecovery = callOf(authEndpoints.requestPasswordRecovery);
export const getMyRoles = callOf(authEndpoints.getMyRoles);
export const getSsoUrl = callOf(authEndpoints.getSsoUrl);
/** With a reset link's token, that user's licence's policy. */
export const getPasswordPolicy = callOf(authEndpoints.getPasswordPolicy);
