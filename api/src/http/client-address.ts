/**
 * The client's address, for throttling: the socket's peer, or behind a load balancer
 * (TRUST_PROXY=true) the last X-Forwarded-For entry, the one the balancer itself added.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (forwarded?.length) return forwarded[forwarded.length - 1]!;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (the app called in-process, as tests do).
    return 'unknown';
  }
}
