/**
 * The request a call function makes of its arguments (`callOf` in ./call.ts), and a route's
 * first call as data (`firstCall`). Free of the kernel's browser parts: a remote's routes
 * module uses it, and the build reads that module in Node to write the remote's declaration.
 */
import type { FirstCall } from 'shared';
import type { AnyEndpoint, CallArgs } from './endpoint';

/** The request a call function makes of its arguments: the path filled, the body, the query. */
export function requestOf(endpoint: AnyEndpoint, args: unknown[]) {
  let next = 0;
  const path = endpoint.path.replace(/\{\w+\}/g, () => encodeURIComponent(String(args[next++] as string | number)));
  const body = endpoint.body ? args[next++] : undefined;
  const given = endpoint.query ? (args[next++] as Record<string, string | number | boolean | undefined> | undefined) : undefined;
  const query = endpoint.fixedQuery ? { ...given, ...endpoint.fixedQuery } : given;
  return { path, body, query };
}

/**
 * A route's first call as data (RouteHandle.first): the GET `callOf(endpoint)(...args)` makes,
 * from the same arguments, so the host's early call and the screen's are one request.
 */
export function firstCall<E extends AnyEndpoint & { method: 'GET' }>(endpoint: E, ...args: CallArgs<E>): FirstCall {
  const { path, query } = requestOf(endpoint, args);
  const given = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return given.length ? { path, query: Object.fromEntries(given.map(([key, value]) => [key, String(value)])) } : { path };
}
