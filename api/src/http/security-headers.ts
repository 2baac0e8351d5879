/**
 * Protective headers on every response: console pages, API replies, the reference page, the
 * environment pages and errors. Scripts come from this server only (plus the origins of
 * remotes that remotes.json places elsewhere), nothing may frame a page, and no page leaks
 * its URL to another site (reset links carry their token in the URL).
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** The Content-Security-Policy; `remoteOrigins` are other origins that serve remotes (script and manifest). */
export function contentSecurityPolicy(remoteOrigins: readonly string[] = []): string {
  const extra = remoteOrigins.length ? ` ${remoteOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    // style-loader puts each bundle's CSS in <style> elements; server pages use inline styles too.
    "style-src 'self' 'unsafe-inline'",
    // Map tiles and pictures may come from other https hosts; they cannot run code.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers middleware. A handler may set its own Content-Security-Policy or
 * Cross-Origin-Resource-Policy first (the console's index.html, the remotes' bundles):
 * those are kept; everything else is set here.
 */
export function securityHeaders(): MiddlewareHandler {
  const defaults = secureHeaders({
    overwrite: false,
    contentSecurityPolicy: undefined,
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    crossOriginOpenerPolicy: 'same-origin',
  });
  const policy = contentSecurityPolicy();
  return async (c, next) => {
    await defaults(c, async () => {
      await next();
      if (!c.res.headers.has('content-security-policy')) c.res.headers.set('content-security-policy', policy);
    });
  };
}
