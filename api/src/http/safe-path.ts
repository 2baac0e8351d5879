/**
 * A request's path fit for logs and the audit trail: secret path segments (reset tokens and
 * the like) masked, whatever happened to the request — also when it never reached its route
 * (413, wrong method, a trailing slash, a typo in the case).
 */
import type { Context } from 'hono';

const SECRET_PARAM = /token|guid|secret|code|key/i;

/** A segment shaped like a generated secret (base64url, 24+ characters with a digit or a dash). */
const TOKEN_SHAPED = /^(?=.*[0-9_-])[A-Za-z0-9_-]{24,}$/;

/** Route patterns with a secret parameter, as [segments before it, its index]. */
const secretRoutes: { prefix: string[]; index: number }[] = [];

/** Records a route path (`users/password/reset/{token}`) whose secret parameters must never be logged. */
export function registerSecretPath(routePath: string): void {
  const segments = routePath.replace(/^\/+/, '').split('/');
  const full = routePath.startsWith('/') ? segments : ['api', ...segments];
  full.forEach((segment, index) => {
    const param = /^\{(\w+)\}$/.exec(segment);
    if (param && SECRET_PARAM.test(param[1]!)) {
      const prefix = full.slice(0, index).map((s) => s.toLowerCase());
      if (!secretRoutes.some((r) => r.index === index && r.prefix.join('/') === prefix.join('/'))) secretRoutes.push({ prefix, index });
    }
  });
}

/** Masks the secret segments of a URL path. */
export function maskPath(pathname: string): string {
  const segments = pathname.replace(/^\/+/, '').split('/');
  const lower = segments.map((s) => s.toLowerCase());
  const masked = segments.map((segment) => (TOKEN_SHAPED.test(segment) ? '[redacted]' : segment));
  for (const { prefix, index } of secretRoutes) {
    const matches = prefix.every((p, i) => p.startsWith('{') || p === lower[i]);
    if (matches && index < segments.length && segments[index]) masked[index] = '[redacted]';
  }
  return '/' + masked.join('/');
}

export function safePath(c: Context): string {
  let pathname: string;
  try {
    pathname = new URL(c.req.url).pathname;
  } catch {
    return '[unparsable path]';
  }
  return maskPath(pathname);
}
