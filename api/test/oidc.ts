/**
 * A real OpenID provider on a loopback port for the single sign-on tests, and a client
 * that walks its sign-in the way a browser does (redirects and cookies by hand).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDemoIdp } from '../src/services/demo-idp';

export interface TestIdp {
  issuer: string;
  close(): Promise<void>;
}

export async function startIdp(options: { clientId: string; redirectUri: string }): Promise<TestIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp`;
  const idp = await createDemoIdp({ issuer, clientId: options.clientId, redirectUris: [options.redirectUri] });
  server.on('request', (req, res) => idp.handle(req, res));
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Signs in at the provider as `login` and answers the fragment of the final redirect (id_token, state). */
export async function signInAtProvider(authorizeUrl: string, login: string, nonce: string, state = 'state-1'): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const url = new URL(authorizeUrl);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('state', state);
  let next = url.toString();
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(next, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    remember(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next);
      if (target.hash) return new URLSearchParams(target.hash.slice(1));
      next = target.toString();
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`The provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    next = new URL(action.replace(/&amp;/g, '&'), next).toString();
    body = new URLSearchParams({ login }).toString();
  }
  throw new Error('Too many redirects at the provider');
}
