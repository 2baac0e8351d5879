/**
 * The signed-in user's passkeys (issue 40): the query, and registering, renaming and removing
 * one. The WebAuthn prompt (@simplewebauthn/browser) is loaded only when a passkey is added or
 * a removal is confirmed with one.
 */
import { queryOptions } from '@tanstack/react-query';
import { addPasskey, getMyPasskeys, passkeyConfirmOptions, PasskeyMessages, passkeyRegistrationOptions, removePasskey, renamePasskey } from 'contracts/auth';
import { useNotifyingMutation } from 'shared';

export const passkeyKeys = {
  all: ['identity', 'profile', 'passkeys'] as const,
};

export const myPasskeysQuery = () => queryOptions({ queryKey: passkeyKeys.all, queryFn: () => getMyPasskeys() });

/** The browser refused or the user cancelled: the message to show as it is. */
export class PasskeyPromptError extends Error {}

async function browser() {
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyPromptError(PasskeyMessages.unsupported);
  return webauthn;
}

/** Creates a passkey on this device (the browser's prompt) and registers it under `name`. */
async function registerPasskey(name: string) {
  const webauthn = await browser();
  const { challengeId, options } = await passkeyRegistrationOptions();
  let response: Awaited<ReturnType<typeof webauthn.startRegistration>>;
  try {
    response = await webauthn.startRegistration({ optionsJSON: options as unknown as Parameters<typeof webauthn.startRegistration>[0]['optionsJSON'] });
  } catch {
    throw new PasskeyPromptError(PasskeyMessages.cancelled);
  }
  return addPasskey({ name, challengeId, response: response as never });
}

/** A fresh assertion of one of the user's passkeys, to confirm a removal. */
async function confirmWithPasskey() {
  const webauthn = await browser();
  const { challengeId, options } = await passkeyConfirmOptions();
  try {
    const response = await webauthn.startAuthentication({
      optionsJSON: options as unknown as Parameters<typeof webauthn.startAuthentication>[0]['optionsJSON'],
    });
    return { challengeId, response: response as never };
  } catch {
    throw new PasskeyPromptError(PasskeyMessages.cancelled);
  }
}

const promptMessage = (error: unknown) => (error instanceof PasskeyPromptError ? error.message : undefined);

export function useAddPasskey() {
  return useNotifyingMutation({
    mutationFn: (name: string) => registerPasskey(name),
    invalidates: [passkeyKeys.all],
    success: PasskeyMessages.added,
    failure: PasskeyMessages.addFailed,
    // The form shows why (a cancelled prompt, the server's message).
    shownByForm: () => true,
  });
}

export function useRenamePasskey() {
  return useNotifyingMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renamePasskey(id, { name }),
    invalidates: [passkeyKeys.all],
    success: PasskeyMessages.renamed,
    failure: PasskeyMessages.addFailed,
    shownByForm: () => true,
  });
}

/** Removes a passkey, confirmed by the password or (`password` undefined) by a passkey. */
export function useRemovePasskey() {
  return useNotifyingMutation({
    mutationFn: async ({ id, password }: { id: string; password?: string }) =>
      removePasskey(id, password === undefined ? await confirmWithPasskey() : { password }),
    invalidates: [passkeyKeys.all],
    success: PasskeyMessages.removed,
    failure: PasskeyMessages.removeFailed,
    shownByForm: () => true,
  });
}

export { promptMessage };
