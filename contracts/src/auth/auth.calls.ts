/** Sign-in calls (contract area auth). */
import * as v from 'valibot';
import { call, MessageReply, seg } from 'shared';
import { LoginReplySchema, PasswordPolicySchema, SessionReplySchema } from './auth.entities';

export const login = (body: { userName: string; password: string }) => call('post', 'login', LoginReplySchema, { body });

/** Single sign-on: the provider's id_token, and the nonce the console sent with the request. */
export const loginWithSso = (body: { cognitoJwt: string; nonce?: string }) => call('post', 'login', LoginReplySchema, { body });

export const loginTwoFactor = (body: { token: string; challenge: string }) => call('post', 'login/2fa', SessionReplySchema, { body });

export const logout = () => call('put', 'logout', v.looseObject({ Message: v.optional(v.string()), ssoLogoutUrl: v.optional(v.nullable(v.string())) }));

export const verifyResetToken = (token: string) => call('get', `users/token/verify/${seg(token)}`, v.looseObject({ valid: v.boolean(), userName: v.optional(v.string()) }));

export const verifySession = () => call('get', 'verifysession/3', v.looseObject({ valid: v.boolean(), exp: v.number(), roles: v.array(v.string()) }));

export const resetPassword = (token: string, password: string) => call('put', `users/password/reset/${seg(token)}`, MessageReply, { body: { password } });

export const requestPasswordRecovery = (userName: string) => call('get', `users/${seg(userName)}/password/recovery`, MessageReply);

export const getMyRoles = () => call('get', 'roles/user', v.looseObject({ roles: v.array(v.string()) }));

export const getSsoUrl = (userName: string) => call('get', `user/${seg(userName)}/getSsoUrl`, v.looseObject({ ssoUrl: v.nullable(v.string()) }));

/** The policy; with a reset link's token, that user's licence's policy. */
export const getPasswordPolicy = (token?: string) => call('get', 'users/password/config', PasswordPolicySchema, { query: { token } });
