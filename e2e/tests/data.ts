/**
 * Test data made through the API, as every spec makes its own: the super administrator's
 * headers, a unique suffix, a project of the test's own, site trees, and the toast a step waits
 * for. No spec imports source: these call the API like any client.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './test';
import { ADMIN_PASSWORD } from './support';

/** The toast showing `text` (the newest, when several do). */
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();

export type Headers = { authorization: string };

/** The demo super administrator's bearer headers. */
export async function asAdmin(request: APIRequestContext): Promise<Headers> {
  const login = await request.post('/api/login', { data: { userName: 'admin', password: ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** A suffix no other test's data holds. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A project of the test's own, by default in SiteSense Internal (no other spec counts its projects). */
export async function makeProject(request: APIRequestContext, headers: Headers, name: string, licenseName = 'SiteSense Internal'): Promise<number> {
  const licenses = (await (await request.get('/api/license', { headers })).json()) as { licenseId: number; name: string }[];
  const licenseId = licenses.find((license) => license.name === licenseName)!.licenseId;
  const made = await request.post('/api/project', { headers, data: { name, description: `Made by the e2e suite (${name}).`, licenseId } });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { projectId: number }).projectId;
}

/** A site tree to create: names only. */
export type SiteTree = { name: string; children?: SiteTree[] };
/** A site as the API answers it. */
export type MadeSite = { siteId: number; name: string; active: boolean; depth: number; children: MadeSite[] };

/** Creates site trees in the project (under `parentId`, else at the top) in one call; answers them with their ids. */
export async function makeSites(
  request: APIRequestContext,
  headers: Headers,
  projectId: number,
  trees: SiteTree[],
  parentId: number | null = null,
): Promise<MadeSite[]> {
  // A child's place is its tree's: only the top sites name their parent.
  const body = (tree: SiteTree, parent: number | null = null): unknown => ({
    site: { name: tree.name, parentId: parent },
    children: (tree.children ?? []).map((child) => body(child)),
  });
  const made = await request.post(`/api/projects/${projectId}/sites/`, { headers, data: trees.map((tree) => body(tree, parentId)) });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as MadeSite[];
}

/** The site named `name` anywhere in these trees. */
export const findSite = <T extends { name: string; children: T[] }>(sites: T[], name: string): T | undefined =>
  sites.find((site) => site.name === name) ?? sites.map((site) => findSite(site.children, name)).find(Boolean);
