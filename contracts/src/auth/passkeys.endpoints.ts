/**
 * Passkeys (issue 40), one endpoint object each: a passwordless sign-in (or the second factor
 * after a password) on the login page, and the signed-in user's own passkeys on the profile.
 */
import * as v from 'valibot';
import { endpoint, endpointGroup, publicAccess, signedIn } from '../common/endpoint';
import { MessageReplySchema } from '../common/replies.entities';
import { SessionReplySchema } from './auth.entities';
import { PasskeyListSchema, PasskeyOptionsReplySchema, PasskeySchema } from './passkeys.entities';
import { AddPasskeySchema, PasskeyNameSchema, PasskeySignInOptionsSchema, PasskeySignInSchema, RemovePasskeySchema } from './passkeys.forms';

const passkeyParam = v.object({ id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(1024)) });

export const passkeyEndpoints = endpointGroup('auth', {
  passkeySignInOptions: endpoint({
    method: 'POST',
    path: 'login/passkey/options',
    summary: 'Start a passkey sign-in: a one-use challenge and the options for the browser.',
    access: publicAccess('Signing in with a passkey starts before anyone is signed in; the challenge proves nothing by itself.'),
    body: PasskeySignInOptionsSchema,
    reply: PasskeyOptionsReplySchema,
  }),

  loginPasskey: endpoint({
    method: 'POST',
    path: 'login/passkey',
    summary: 'Sign in with a passkey: the browser’s assertion of the challenge opens a session.',
    access: publicAccess('The passkey’s signature of a one-use challenge is the credential.'),
    body: PasskeySignInSchema,
    reply: SessionReplySchema,
  }),

  getMyPasskeys: endpoint({
    method: 'GET',
    path: 'profile/passkeys',
    summary: 'The signed-in user’s passkeys: name, created and last used.',
    access: signedIn,
    reply: PasskeyListSchema,
  }),

  passkeyRegistrationOptions: endpoint({
    method: 'POST',
    path: 'profile/passkeys/options',
    summary: 'Start registering a passkey for the signed-in user: a one-use challenge and the options for the browser.',
    access: signedIn,
    reply: PasskeyOptionsReplySchema,
  }),

  addPasskey: endpoint({
    method: 'POST',
    path: 'profile/passkeys',
    summary: 'Register a passkey for the signed-in user, with a name.',
    access: signedIn,
    body: AddPasskeySchema,
    reply: PasskeySchema,
  }),

  renamePasskey: endpoint({
    method: 'PUT',
    path: 'profile/passkeys/{id}',
    summary: 'Rename one of the signed-in user’s passkeys.',
    access: signedIn,
    params: passkeyParam,
    body: PasskeyNameSchema,
    reply: PasskeySchema,
  }),

  passkeyConfirmOptions: endpoint({
    method: 'POST',
    path: 'profile/passkeys/confirm/options',
    summary: 'A one-use challenge for confirming with one of the signed-in user’s passkeys (before removing one).',
    access: signedIn,
    reply: PasskeyOptionsReplySchema,
  }),

  removePasskey: endpoint({
    method: 'POST',
    path: 'profile/passkeys/{id}/remove',
    summary: 'Remove one of the signed-in user’s passkeys, confirmed by the password or a fresh passkey assertion.',
    access: signedIn,
    params: passkeyParam,
    body: RemovePasskeySchema,
    reply: MessageReplySchema,
  }),
});
