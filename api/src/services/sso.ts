/**
 * Single sign-on with OpenID Connect: the licence names its provider (issuer) and the
 * console's client id there. The browser signs in at the provider (implicit flow, id_token
 * in the URL hash); the server verifies that id_token against the provider's published keys.
 */
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { Clock } from './clock';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
}

export interface SsoService {
  /** The URL the browser goes to; the console adds state and nonce. */
  authorizeUrl(issuer: string, clientId: string): Promise<string>;
  /** The provider's logout, when it has one. */
  logoutUrl(issuer: string, clientId: string): Promise<string | null>;
  /** The issuer an id_token claims, read without trusting it, to find the licence it belongs to. */
  claimedIssuer(idToken: string): string | null;
  /** Verifies signature, issuer, audience and time; throws when any fails. */
  verify(idToken: string, issuer: string, clientId: string): Promise<JWTPayload>;
}

const DISCOVERY_TTL_MS = 10 * 60_000;

export const normalizeIssuer = (issuer: string) => issuer.trim().replace(/\/+$/, '');

export function createSsoService(options: { redirectUri: string; clock: Clock; fetchTimeoutMs?: number }): SsoService {
  const discoveries = new Map<string, { at: number; doc: Discovery }>();
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  async function discover(issuer: string): Promise<Discovery> {
    const key = normalizeIssuer(issuer);
    const cached = discoveries.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.doc;
    const response = await fetch(`${key}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(options.fetchTimeoutMs ?? 5000),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Discovery of ${key} answered ${response.status}`);
    const doc = (await response.json()) as Discovery;
    if (normalizeIssuer(doc.issuer) !== key || !doc.authorization_endpoint || !doc.jwks_uri) {
      throw new Error(`Discovery of ${key} is not a usable OpenID configuration`);
    }
    discoveries.set(key, { at: Date.now(), doc });
    return doc;
  }

  return {
    async authorizeUrl(issuer, clientId) {
      const doc = await discover(issuer);
      const url = new URL(doc.authorization_endpoint);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('response_type', 'id_token');
      url.searchParams.set('response_mode', 'fragment');
      url.searchParams.set('scope', 'openid email profile');
      url.searchParams.set('redirect_uri', options.redirectUri);
      return url.toString();
    },
    async logoutUrl(issuer, clientId) {
      const doc = await discover(issuer).catch(() => null);
      if (!doc?.end_session_endpoint) return null;
      const url = new URL(doc.end_session_endpoint);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('post_logout_redirect_uri', options.redirectUri);
      return url.toString();
    },
    claimedIssuer(idToken) {
      try {
        const { iss } = decodeJwt(idToken);
        return typeof iss === 'string' ? normalizeIssuer(iss) : null;
      } catch {
        return null;
      }
    },
    async verify(idToken, issuer, clientId) {
      const doc = await discover(issuer);
      let keys = keySets.get(doc.jwks_uri);
      if (!keys) {
        keys = createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: options.fetchTimeoutMs ?? 5000 });
        keySets.set(doc.jwks_uri, keys);
      }
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: doc.issuer,
        audience: clientId,
        currentDate: options.clock.now(),
        clockTolerance: 30,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      return payload;
    },
  };
}
