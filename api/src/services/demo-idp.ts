/**
 * A real OpenID Connect provider (oidc-provider) for trying single sign-on without an
 * external one, and for the tests. Its sign-in page accepts any user name and checks no
 * password, so it is refused in production. The console verifies its id_tokens exactly as
 * it would any provider's: discovery, then the published keys.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { randomToken } from './secrets';

export interface DemoIdpOptions {
  /** The provider's issuer URL, including the path it is mounted at. */
  issuer: string;
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

export interface DemoIdp {
  provider: Provider;
  /** Serves requests whose path starts with the issuer's path. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  mountPath: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function loginPage(action: string, clientId: string, error?: string) {
  return `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo identity provider</title><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;background:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;padding:2rem;width:22rem}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #94a3b8;border-radius:6px}button{margin-top:1rem;width:100%;padding:.6rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;font-weight:600}
p{color:#475569;font-size:.9rem}.error{color:#b91c1c}</style></head><body><main>
<h1 style="margin-top:0">Demo identity provider</h1>
<p>Signing in to <strong>${escapeHtml(clientId)}</strong>. Any user name signs in here; no password is checked. Use the e-mail address of a single sign-on user.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}"><label for="login">User name or e-mail</label>
<input id="login" name="login" autocomplete="username" autofocus required>
<button type="submit">Sign in</button></form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function createDemoIdp(options: DemoIdpOptions): Promise<DemoIdp> {
  const mountPath = new URL(options.issuer).pathname.replace(/\/+$/, '');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomToken(8) };

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        // 'native' lets a loopback http console (localhost) use the implicit flow.
        application_type: 'native',
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? options.redirectUris,
        response_types: ['id_token'],
        grant_types: ['implicit'],
        token_endpoint_auth_method: 'none',
      },
    ],
    responseTypes: ['id_token'],
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: sub.includes('@') ? sub : `${sub}@demo-idp.local`,
          email_verified: true,
          preferred_username: sub,
          name: sub,
        }),
      };
    },
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomToken(32)] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en-US"><body><h1>Sign-in error</h1><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre></body></html>`;
    },
  };
  const provider = new Provider(options.issuer, configuration);
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, rest: string) {
    const details = await provider.interactionDetails(req, res);
    const action = `${mountPath}/interaction/${details.uid}`;
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(loginPage(action, String(details.params.client_id)));
      return;
    }
    if (req.method !== 'POST' || rest !== '') {
      res.writeHead(405).end();
      return;
    }
    const login = (await readForm(req)).get('login')?.trim();
    if (!login) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(action, String(details.params.client_id), 'Enter a user name.'));
      return;
    }
    // The demo grants what the console asks for; a real provider would ask for consent.
    const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: login }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  return {
    provider,
    mountPath,
    handle(req, res) {
      const original = req.url ?? '/';
      const local = original.slice(mountPath.length) || '/';
      const match = /^\/interaction\/[^/?]+(\/[^?]*)?/.exec(local);
      if (match) {
        interaction(req, res, match[1] ?? '').catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
          res.end(`The sign-in could not continue: ${(error as Error).message}`);
        });
        return;
      }
      // Mounted like Express does: the provider reads the mount path from originalUrl.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
      req.url = local;
      void callback(req, res);
    },
  };
}
