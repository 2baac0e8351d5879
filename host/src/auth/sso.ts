/**
 * Single sign-on in the browser: the console sends the user to the provider with a fresh
 * state and nonce (kept in sessionStorage), and reads the id_token or the error from the
 * URL hash when the provider sends them back to /login.
 */
const REQUEST_KEY = 'console-sso-request';

export interface SsoRequest {
  state: string;
  nonce: string;
  ssoUrl: string;
  redirectUrl: string | null;
  returnTo: string | null;
}

export type SsoResult = { kind: 'token'; idToken: string; state: string | null } | { kind: 'error'; error: string; description: string };

const randomText = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Goes to the provider. */
export function startSso(
  ssoUrl: string,
  carry: { redirectUrl: string | null; returnTo: string | null },
  go: (url: string) => void = (u) => window.location.assign(u),
): void {
  const request: SsoRequest = { state: randomText(), nonce: randomText(), ssoUrl, ...carry };
  sessionStorage.setItem(REQUEST_KEY, JSON.stringify(request));
  const url = new URL(ssoUrl);
  url.searchParams.set('state', request.state);
  url.searchParams.set('nonce', request.nonce);
  go(url.toString());
}

/** The request this browser sent, read once. */
export function takeSsoRequest(): SsoRequest | null {
  const raw = sessionStorage.getItem(REQUEST_KEY);
  sessionStorage.removeItem(REQUEST_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SsoRequest;
  } catch {
    return null;
  }
}

/** What the provider put in the hash: an id_token, an error, or nothing of single sign-on. */
export function readSsoHash(hash: string): SsoResult | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const idToken = params.get('id_token');
  if (idToken) return { kind: 'token', idToken, state: params.get('state') };
  const error = params.get('error');
  if (error) return { kind: 'error', error, description: params.get('error_description') ?? '' };
  return null;
}
