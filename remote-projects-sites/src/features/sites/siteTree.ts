/**
 * Reading a project's site tree (GET project/{projectId}/sites: top-level sites with their
 * nested children) for the screens: a site's path, its siblings' names, the flat list a select
 * offers, the archived sites left out, and a search's matches capped so a tree of thousands
 * stays quick to draw. No site rule lives here: names are checked by contracts' sites.rules.
 */
import type { Site } from 'contracts/projects-sites';

/** How a site's path reads (spec 1 §2: the default storage location's SiteHierarchy, 'A > B > C'). */
export const PATH_SEPARATOR = ' > ';

/** One site of a flattened tree, with the names from its top-level site down to it. */
export interface FlatSite {
  site: Site;
  /** Names from the top-level site to this one. */
  names: string[];
}

/** Every site of the tree, depth first in the tree's order, with its path. */
export function flattenSites(sites: readonly Site[]): FlatSite[] {
  const out: FlatSite[] = [];
  const walk = (list: readonly Site[], names: string[]) => {
    for (const site of list) {
      const path = [...names, site.name];
      out.push({ site, names: path });
      walk(site.children, path);
    }
  };
  walk(sites, []);
  return out;
}

/** The sites from the top-level one down to `siteId` (itself last), or null when the tree does not hold it. */
export function sitePath(sites: readonly Site[], siteId: number): Site[] | null {
  for (const site of sites) {
    if (site.siteId === siteId) return [site];
    const below = sitePath(site.children, siteId);
    if (below) return [site, ...below];
  }
  return null;
}

/** The site `siteId` in the tree, or null. */
export function findSite(sites: readonly Site[], siteId: number): Site | null {
  return sitePath(sites, siteId)?.at(-1) ?? null;
}

/**
 * The names of the sites under `parentId` (the top-level ones for null), but `exceptSiteId`:
 * what a site's name is checked against (spec 1 §5: siblings cannot share a name).
 */
export function siblingNames(sites: readonly Site[], parentId: number | null, exceptSiteId?: number): string[] {
  const siblings = parentId === null ? sites : (findSite(sites, parentId)?.children ?? []);
  return siblings.filter((site) => site.siteId !== exceptSiteId).map((site) => site.name);
}

/** The tree without archived sites (archiving a site archives its children, so a whole branch goes). */
export function activeSites(sites: readonly Site[]): Site[] {
  return sites.filter((site) => site.active).map((site) => ({ ...site, children: activeSites(site.children) }));
}

/** How many sites the tree holds. */
export function countSites(sites: readonly Site[]): number {
  return sites.reduce((sum, site) => sum + 1 + countSites(site.children), 0);
}

/** A search's result: the tree cut to the first matches and their ancestors. */
export interface LimitedMatches<T> {
  nodes: T[];
  /** Every match in the whole tree. */
  matches: number;
  /** The matches kept. */
  shown: number;
}

/**
 * The nodes whose name contains `query` (any case) and their ancestors, keeping only the first
 * `max` matches in the tree's order: a search that matches thousands of sites draws a few
 * hundred rows, and says how many there were.
 */
export function limitMatches<T extends { children?: T[] }>(nodes: readonly T[], query: string, nameOf: (node: T) => string, max: number): LimitedMatches<T> {
  const needle = query.trim().toLocaleLowerCase('en-US');
  let matches = 0;
  let shown = 0;
  const walk = (list: readonly T[]): T[] => {
    const out: T[] = [];
    for (const node of list) {
      const hit = nameOf(node).toLocaleLowerCase('en-US').includes(needle);
      if (hit) matches += 1;
      const keep = hit && shown < max;
      if (keep) shown += 1;
      const children = walk(node.children ?? []);
      if (keep || children.length > 0) out.push({ ...node, children });
    }
    return out;
  };
  return { nodes: walk(nodes), matches, shown };
}
