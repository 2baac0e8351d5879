/**
 * The browser's side of a passkey sign-in (issue 40): @simplewebauthn/browser, loaded only when
 * the user asks for a passkey, so the login page stays as light as it was.
 */
import { loginPasskey, PasskeyMessages, passkeySignInOptions } from 'contracts/auth';
import type { SessionReply } from 'shared';

/** A refusal the page shows as it is (the browser cannot, or the user cancelled). */
export class PasskeyPromptError extends Error {}

/**
 * Asks the server for a challenge (with `token`, the password step's, for that user's
 * passkeys; without, any discoverable passkey), lets the browser sign it, and signs in.
 */
export async function signInWithPasskey(token?: string): Promise<SessionReply> {
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyPromptError(PasskeyMessages.unsupported);
  const { challengeId, options } = await passkeySignInOptions(token === undefined ? {} : { token });
  let response: Awaited<ReturnType<typeof webauthn.startAuthentication>>;
  try {
    response = await webauthn.startAuthentication({ optionsJSON: options as unknown as Parameters<typeof webauthn.startAuthentication>[0]['optionsJSON'] });
  } catch {
    // Cancelled, timed out, or no passkey for this site on this device.
    throw new PasskeyPromptError(PasskeyMessages.cancelled);
  }
  return (await loginPasskey({ challengeId, response: response as never })) as SessionReply;
}
