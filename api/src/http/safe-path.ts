/** A request's path fit for logs and the audit trail: secret path parameters (reset tokens) masked. */
import type { Context } from 'hono';

const SECRET_PARAM = /token|guid|secret|code/i;

export function safePath(c: Context): string {
  const path = new URL(c.req.url).pathname;
  let params: Record<string, string> = {};
  try {
    params = c.req.param() as Record<string, string>;
  } catch {
    // No route matched: no parameters to mask.
  }
  let out = path;
  for (const [name, value] of Object.entries(params)) {
    if (!SECRET_PARAM.test(name) || !value) continue;
    out = out.split('/').map((segment) => (segment === value || segment === encodeURIComponent(value) ? '[redacted]' : segment)).join('/');
  }
  return out;
}
