/**
 * The contract between the host and each remote: a remote exposes `./routes` whose default
 * export is a RemoteDefinition. The host builds the menu and the router from it and guards
 * each route with its roles.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { AnyRoleName } from '../roles';
import { fillPattern, type ParamsOf } from './route';

/**
 * Who may open a route, always stated (as the API's `Access`): any one of the roles, or
 * 'signedIn' for every signed-in user.
 */
export type RouteAccess = readonly AnyRoleName[] | 'signedIn';

/** What a route needs and shows. */
/** A GET its screen makes first, as data: the API path (after /api/) and the query. */
export interface FirstCall {
  path: string;
  query?: Record<string, string>;
}

export interface RouteHandle {
  roles: RouteAccess;
  /** The document title while the route is shown. */
  title?: string;
  /**
   * The GETs its screen makes first when opened without a query string (issue 38): where a
   * sign-in lands on it, the host starts them with the session's answer, while the screen's
   * code downloads, and the screen's identical calls take their answers. Build them with
   * contracts' `firstCall(endpoint, …)`, from the very arguments the screen passes.
   */
  first?: FirstCall[];
}

export interface RemoteRoute {
  /** The route's name within its remote ('user.view'): what other sections link to (sectionLink). */
  id: string;
  /** Absolute path with params, as in the spec: '/users/:name/view'. Written only here. */
  path: string;
  /** Loads the screen; a remote keeps each screen in its own chunk. */
  lazy: () => Promise<{ default: ComponentType }>;
  handle: RouteHandle;
  /**
   * Kernel 4.1 (issue 38): starts the screen's opening queries in the console's one QueryClient,
   * with the very query options the screen uses (`client.prefetchQuery(listQuery(opening))`),
   * and returns when they have settled. Where a sign-in lands on the route, the host calls it
   * once the section's code is in: the queries take the answers of `first`'s early calls, and
   * the host holds the screen until they are in (for a moment at most; the signed-in frame draws
   * meanwhile), so its first draw has its data rather than a spinner and then a second draw. Code, not data:
   * remote.json does not carry it.
   */
  prefetch?: (client: QueryClient) => Promise<unknown> | void;
}

/** A route and the link builder its pattern gives. */
export type DefinedRoute<P extends string> = RemoteRoute & { path: P; to(params: ParamsOf<P>): string };

/** Defines a route once: its path, access and screen, and `to(params)` to link to it. */
export function defineRoute<P extends string>(route: {
  id: string;
  path: P;
  lazy: RemoteRoute['lazy'];
  handle: RouteHandle;
  prefetch?: RemoteRoute['prefetch'];
}): DefinedRoute<P> {
  return { ...route, to: (params: ParamsOf<P>) => fillPattern(route.path, params as Record<string, string | number>) };
}

/** What a nav entry needs to know of the session to build its link. */
export interface NavContext {
  licenseId: number | null;
  userName: string | null;
}

/** A nav entry's link for this session: its `:licenseId` and `:userName` filled (undefined when the session lacks one). */
export function navTarget(to: string, session: NavContext): string | undefined {
  try {
    return fillPattern(to, { licenseId: session.licenseId ?? undefined, userName: session.userName ?? undefined });
  } catch {
    return undefined;
  }
}

/**
 * The groups of the console's navigation (kernel 3.3). The host owns each group's label and
 * their order; a remote only says where its entry belongs, so the host groups the sections
 * without knowing any remote's entries. Adding an id is a kernel minor.
 * - 'access': people and machines that sign in, and what they did (users, API keys, audit log)
 * - 'licensing': licences and what hangs on them (licences, mobile releases, report groups)
 * - 'projects': projects, sites and their imports and integrations
 * - 'workflows': workflows and preservations
 */
export type NavGroupId = 'access' | 'licensing' | 'projects' | 'workflows';

export interface NavEntry {
  label: string;
  /**
   * Where it leads: a path, or a pattern the host fills from the session — `:licenseId` the
   * user's licence, `:userName` the user ('/license/:licenseId/view'). Data, not a function
   * (kernel 4): the host reads it from the remote's declaration before any of its code runs.
   */
  to: string;
  roles: RouteAccess;
  /** Position in the navigation, across remotes (lower first); within a group it orders the group's entries. */
  order: number;
  /**
   * The group the entry is shown in (kernel 3.3). Optional: an entry without one, or with an
   * id this console does not know, is shown under 'Other' (alone, when it is the only one).
   */
  group?: NavGroupId;
}

/** A route as a remote's declaration holds it: everything but its screen. */
export interface RouteDeclaration {
  id: string;
  path: string;
  handle: RouteHandle;
  /**
   * The files (beside the remote's entry) its first draw downloads: the routes module's, its
   * screen's and the kit's table (written by the build; optional data, no kernel change). The host preloads them
   * at once where a sign-in lands; absent in an older remote's declaration, which loads as before.
   */
  assets?: string[];
}

/**
 * What a remote's build declares of it (kernel 4): its routes, navigation and exposed parts,
 * as data, in `remote.json` beside its manifest. The host builds the router, the navigation
 * and the role gate from it at sign-in and downloads the remote's code only when one of its
 * routes is opened or one of its parts is mounted (OpenShift's console-extensions idea). It
 * is made from the very `defineRoute`s of the remote's `./routes` module
 * (shared/build/declare.mjs), so nothing is written twice.
 */
export interface RemoteDeclaration {
  id: string;
  /** The kernel it was built against (^major.minor.patch): the host refuses it before loading any of its code. */
  kernel: string;
  /** The build's version; the entry script is fetched with it, so a redeployed remote is never served from a cache. */
  version: string;
  basePath: string;
  /** The federation name and the entry script (beside this file) that the host registers when the code is needed. */
  federation: { name: string; entry: string };
  nav: NavEntry[];
  routes: RouteDeclaration[];
  /** The parts other sections may mount (`./ConfigsPanel`). */
  parts: string[];
}

export interface RemoteDefinition {
  id: string;
  /** The kernel version the remote was built with (__KERNEL_VERSION__ at its build). */
  kernel?: string;
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
