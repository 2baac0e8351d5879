/**
 * A route's path is written once, in its remote's routes module; the link builder comes from
 * the pattern (Keycloak's `toUser({ name })`). Another section links to it by id through the
 * host (`sectionLink`), never by copying the path.
 */

/** The names of a pattern's params: '/users/:name/view' → 'name'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The params a pattern needs, each one encoded as a path segment. */
export type ParamsOf<P extends string> = [ParamNames<P>] extends [never] ? Record<string, never> : { [K in ParamNames<P>]: string | number };

/** Fills a pattern's params; a missing param is an error (a broken link is a bug, not a 404 to find later). */
export function fillPattern(pattern: string, params: Record<string, string | number | undefined>): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`The link to ${pattern} needs '${name}'.`);
    return encodeURIComponent(String(value));
  });
}

/** The paths a section owns: the first segment of each route ('/users/:name/view' → '/users'). */
export function prefixesOf(patterns: readonly string[]): string[] {
  return [...new Set(patterns.map((pattern) => `/${pattern.split('/').filter(Boolean)[0] ?? ''}`))];
}

/**
 * A link into another section's screen by its remote's id and the route's id, resolved by the
 * host at run time (/to/<remote>/<route>?params): the section owning the path stays free to
 * move it, and a section that is down costs only that link's page.
 */
export function sectionLink(remoteId: string, routeId: string, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return `/to/${encodeURIComponent(remoteId)}/${encodeURIComponent(routeId)}${query.size ? `?${query}` : ''}`;
}
