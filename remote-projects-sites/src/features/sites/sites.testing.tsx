/**
 * What the site screens' tests share: sites and tree nodes as the API answers them, the test
 * project, and a render of a screen at its route (the project view and a site's view are stand-ins to land on).
 */
import type { ReactElement } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { Project, Site, SiteTreeNode } from 'contracts/projects-sites';
import { renderSignedIn, testQueryClient } from 'kit/testing';
import { PORTAL_ROLES } from 'shared';

export const PROJECT_ID = 3;

export const PROJECT: Project = {
  projectId: PROJECT_ID,
  name: 'Harbour Yard',
  description: 'A test project.',
  licenseId: 2,
  licenseName: 'Northwind',
  environmentId: 1,
  parentProjectId: null,
  rootProjectId: null,
  isActive: true,
  numberOfUsers: 4,
};

/** A site as GET project/{projectId}/sites answers it, with `children`. */
export function site(siteId: number, name: string, children: Site[] = [], values: Partial<Site> = {}): Site {
  const made: Site = {
    siteId,
    name,
    active: true,
    parentId: null,
    projectId: PROJECT_ID,
    depth: 1,
    siteClass: 'site',
    siteType: {},
    siteColor: null,
    borderColor: null,
    borderOpacity: null,
    siteOpacity: null,
    location: null,
    properties: { overlays: [], userProperties: {} },
    children: [],
    ...values,
  };
  made.children = children.map((child) => ({ ...child, parentId: siteId, depth: made.depth + 1 }));
  return made;
}

/** The same tree as GET projects/{projectId}/sites/hierarchy answers it. */
export function nodesOf(sites: readonly Site[]): SiteTreeNode[] {
  return sites.map(({ children, ...rest }) => ({ site: rest, children: nodesOf(children) }));
}

/** Renders `ui` at `path` (matching `pattern`), signed in with the portal roles and `roles`. */
export function renderAt(ui: ReactElement, pattern: string, path: string, roles: readonly string[] = []) {
  // The console's shared router offers the browser router only: the test starts it at `path`.
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter([
    { path: pattern, element: ui },
    { path: '/projects/:id/view', element: <p>The project view</p> },
    { path: '/projects/:projectId/site/:siteId', element: <p>The site view</p> },
  ]);
  return renderSignedIn(<RouterProvider router={router} />, [...PORTAL_ROLES, ...roles], testQueryClient());
}
