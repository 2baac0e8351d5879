/**
 * The contract between the host and each remote: a remote exposes `./routes` whose default
 * export is a RemoteDefinition. The host builds the menu and the router from it and guards
 * each route with its roles.
 */
import type { ComponentType } from 'react';
import type { AnyRoleName } from '../roles';

/** What a route needs: any one of `roles` (none: any signed-in user). */
export interface RouteHandle {
  roles?: readonly AnyRoleName[];
  /** The document title while the route is shown. */
  title?: string;
}

export interface RemoteRoute {
  /** Absolute path with params, as in the spec: '/users/:name/view'. */
  path: string;
  /** Loads the screen; a remote keeps each screen in its own chunk. */
  lazy: () => Promise<{ default: ComponentType }>;
  handle?: RouteHandle;
}

/** What a nav entry needs to know of the session to build its link. */
export interface NavContext {
  licenseId: number | null;
  userName: string | null;
}

export interface NavEntry {
  label: string;
  to: string | ((session: NavContext) => string);
  roles?: readonly AnyRoleName[];
  /** Position in the header, across remotes (lower first). */
  order: number;
}

export interface RemoteDefinition {
  id: string;
  /** The remote's main path (its first nav entry's), used in messages and fallbacks. */
  basePath: string;
  /** The remote's build version (its __BUILD_VERSION__), compared with its manifest after each navigation. */
  version: string;
  nav: NavEntry[];
  routes: RemoteRoute[];
}

/** Types a remote's definition. */
export function defineRemote(definition: RemoteDefinition): RemoteDefinition {
  return definition;
}
