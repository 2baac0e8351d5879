/**
 * What a save of site trees does to a project's sites — POST and PUT projects/{projectId}/sites/,
 * POST site/{siteId}/update and the new sites of a copy — worked out in memory from the
 * project's sites as read under the project's lock, before anything is written: every rule of
 * spec 1 §4 and §5 is checked, then the plan says which rows to insert and which to change.
 * Pure: sites.service.ts reads the sites, makes the plan and writes it in the same transaction.
 *
 * The rules: a root's parent is a site of the project (a child's is its tree's); siblings are
 * named apart, trimmed and in any case, counting the project's other sites (409 with the name);
 * no site moves under itself or one of its own sites; nothing active goes under an archived
 * site; a site holding a location (its GeoZone) stays at depth 3 or less; a top-level site
 * takes no class from an editor (spec 1 §2: class checkboxes only for a site with a parent).
 */
import { SiteMessages, siteExists, siteNameKey, type SiteTreeBody } from 'contracts/projects-sites/model';
import { badRequest, conflict } from '../../http/errors';

type SiteBody = SiteTreeBody['site'];

/** A site of the project as the plan reads it. */
export interface PlannedSite {
  siteId: number;
  parentId: number | null;
  name: string;
  active: boolean;
  depth: number;
  siteClass: string;
  hasLocation: boolean;
}

export interface PlanOptions {
  /** create: every site sent is new (a siteId is a 400); save: sites with a siteId are existing ones. */
  mode: 'create' | 'save';
  projectId: number;
  /** The caller sees archived sites (ADMINISTER_SITE): may name them; for anyone else they are no site of the project. */
  seeArchived: boolean;
  /** A copy keeps its top-level site's class; an editor's class for a top-level site is ignored. */
  topLevelClass?: 'ignore' | 'keep';
}

/** A site to insert: its parent is an existing site (`parentId`) or a new one made before it (`parentKey`). */
export interface NewSite {
  key: string;
  parentId: number | null;
  parentKey: string | null;
  name: string;
  depth: number;
  siteClass: string;
  body: SiteBody;
}

/** An existing site the body names, and what it becomes. */
export interface ChangedSite {
  siteId: number;
  body: SiteBody;
  name: string;
  /** Null at the top level; a new site's key when it moves under a site the same save creates. */
  parentId: number | null;
  parentKey: string | null;
  depth: number;
  siteClass: string;
  /** Its name (as a key) or its parent changes: it leaves its place among siblings. */
  moves: boolean;
}

/** A tree of the body as planned: the key of its site and its children's. */
export interface PlannedTree {
  key: string;
  children: PlannedTree[];
}

export interface SitePlan {
  /** New sites, each after its parent. */
  creates: NewSite[];
  changes: ChangedSite[];
  /** Sites the body does not name whose depth changes (under a site that moves). */
  depths: { siteId: number; depth: number }[];
  trees: PlannedTree[];
}

interface Node {
  key: string;
  name: string;
  parent: string | null;
  active: boolean;
  hasLocation: boolean;
  depth: number;
  siteClass: string;
  existing?: PlannedSite;
  body?: SiteBody;
  path?: string;
}

const keyOf = (siteId: number) => `s${siteId}`;
const idOf = (key: string | null): number | null => (key?.startsWith('s') ? Number(key.slice(1)) : null);

/** A 400 naming the field of the body it is about (`0.children.1.site.name`). */
const refused = (message: string, path?: string, field?: string) =>
  badRequest(message, path === undefined ? undefined : { errors: { [`${path}.site${field ? `.${field}` : ''}`]: message } });

/** The largest depth at which a site may hold a location (spec 1 §5 site drawing, §9). */
export const GEOZONE_MAX_DEPTH = 3;

export function planSites(existing: readonly PlannedSite[], trees: readonly SiteTreeBody[], options: PlanOptions): SitePlan {
  const nodes = new Map<string, Node>();
  for (const site of existing) {
    nodes.set(keyOf(site.siteId), {
      key: keyOf(site.siteId),
      name: site.name,
      parent: site.parentId === null ? null : keyOf(site.parentId),
      active: site.active,
      hasLocation: site.hasLocation,
      depth: site.depth,
      siteClass: site.siteClass,
      existing: site,
    });
  }
  const visible = (node: Node | undefined): node is Node => node !== undefined && node.existing !== undefined && (node.active || options.seeArchived);
  const named: Node[] = [];
  let counter = 0;

  const visit = (tree: SiteTreeBody, parent: string | null | undefined, path: string): PlannedTree => {
    const body = tree.site;
    if (body.projectId !== undefined && body.projectId !== options.projectId) throw refused(SiteMessages.projectMismatch, path, 'projectId');
    let node: Node;
    if (body.siteId !== undefined) {
      if (options.mode === 'create') throw refused(SiteMessages.newSiteHasId, path, 'siteId');
      const found = nodes.get(keyOf(body.siteId));
      if (!visible(found)) throw refused(SiteMessages.siteNotInProject(body.siteId), path, 'siteId');
      if (found.body) throw refused(SiteMessages.siteRepeated(body.siteId), path, 'siteId');
      node = found;
      node.body = body;
      node.path = path;
      node.name = body.name;
      // A root sent without parentId stays where it is.
      if (parent !== undefined) node.parent = parent;
      if (body.location !== undefined) node.hasLocation = body.location !== null;
    } else {
      node = {
        key: `n${counter++}`,
        name: body.name,
        parent: parent ?? null,
        active: true,
        hasLocation: body.location != null,
        depth: 0,
        siteClass: 'site',
        body,
        path,
      };
      nodes.set(node.key, node);
    }
    named.push(node);
    return { key: node.key, children: (tree.children ?? []).map((child, i) => visit(child, node.key, `${path}.children.${i}`)) };
  };

  const planned = trees.map((tree, i) => {
    const parentId = tree.site.parentId;
    if (parentId != null && !visible(nodes.get(keyOf(parentId)))) throw refused(SiteMessages.parentNotInProject, String(i), 'parentId');
    return visit(tree, parentId === undefined ? undefined : parentId === null ? null : keyOf(parentId), String(i));
  });

  // No site under itself: walk up from each named site's new parent.
  for (const node of named) {
    const seen = new Set<string>();
    for (let up = node.parent; up !== null; up = nodes.get(up)?.parent ?? null) {
      if (up === node.key) throw refused(SiteMessages.moveUnderItself, node.path, 'parentId');
      if (seen.has(up)) break;
      seen.add(up);
    }
  }

  // Depths from the top (1) down, as the sites will stand.
  const depthOf = new Map<string, number>();
  const depth = (key: string): number => {
    const chain: string[] = [];
    let up: string | null = key;
    while (up !== null && !depthOf.has(up) && nodes.has(up)) {
      chain.push(up);
      up = nodes.get(up)!.parent;
    }
    let d = up !== null && depthOf.has(up) ? depthOf.get(up)! : 0;
    for (let i = chain.length - 1; i >= 0; i--) depthOf.set(chain[i]!, ++d);
    return depthOf.get(key)!;
  };

  const moved = (node: Node) => node.existing !== undefined && node.parent !== (node.existing.parentId === null ? null : keyOf(node.existing.parentId));
  for (const node of named) {
    const parent = node.parent === null ? null : nodes.get(node.parent)!;
    // Nothing active under an archived site: archiving takes the children along (spec 1 §4), so the tree stays whole.
    if ((node.existing === undefined || moved(node)) && node.active && parent && !parent.active)
      throw refused(SiteMessages.parentArchived, node.path, 'parentId');
    node.depth = depth(node.key);
    if (node.body!.location != null && node.depth > GEOZONE_MAX_DEPTH) throw refused(SiteMessages.geoZonesDepth, node.path, 'location');
  }
  const depths: { siteId: number; depth: number }[] = [];
  for (const node of nodes.values()) {
    if (node.body || !node.existing) continue;
    const d = depth(node.key);
    if (d === node.existing.depth) continue;
    // A site keeping its GeoZone cannot end up deeper than 3 under a site that moves.
    if (node.hasLocation && d > GEOZONE_MAX_DEPTH && node.existing.depth <= GEOZONE_MAX_DEPTH) throw refused(SiteMessages.geoZonesDepth);
    depths.push({ siteId: node.existing.siteId, depth: d });
  }
  for (const node of named) {
    if (node.existing && node.hasLocation && node.body!.location === undefined && node.depth > GEOZONE_MAX_DEPTH && node.existing.depth <= GEOZONE_MAX_DEPTH)
      throw refused(SiteMessages.geoZonesDepth, node.path, 'parentId');
  }

  // Siblings named apart, in any case, among all the project's sites where the body puts one.
  const places = new Set(named.map((node) => node.parent));
  const siblings = new Map<string | null, Node[]>();
  for (const node of nodes.values()) {
    if (!places.has(node.parent)) continue;
    const list = siblings.get(node.parent) ?? [];
    list.push(node);
    siblings.set(node.parent, list);
  }
  for (const list of siblings.values()) {
    const byName = new Map<string, Node>();
    for (const node of list) {
      const key = siteNameKey(node.name);
      const other = byName.get(key);
      if (!other) {
        byName.set(key, node);
        continue;
      }
      const sent = node.body ? node : other;
      const message = siteExists(sent.name);
      throw conflict(message, sent.path === undefined ? undefined : { errors: { [`${sent.path}.site.name`]: message } });
    }
  }

  const classOf = (node: Node) => {
    if (node.parent === null && options.topLevelClass !== 'keep') return node.existing?.siteClass ?? 'site';
    return node.body!.siteClass ?? node.existing?.siteClass ?? 'site';
  };
  const creates: NewSite[] = [];
  const changes: ChangedSite[] = [];
  for (const node of named) {
    const parentId = idOf(node.parent);
    const parentKey = node.parent !== null && parentId === null ? node.parent : null;
    if (node.existing) {
      const stored = node.existing;
      const moves = moved(node) || siteNameKey(node.name) !== siteNameKey(stored.name);
      changes.push({ siteId: stored.siteId, body: node.body!, name: node.name, parentId, parentKey, depth: node.depth, siteClass: classOf(node), moves });
    } else {
      creates.push({ key: node.key, parentId, parentKey, name: node.name, depth: node.depth, siteClass: classOf(node), body: node.body! });
    }
  }
  // Parents first: a new site's parent is made before it.
  creates.sort((a, b) => a.depth - b.depth);
  return { creates, changes, depths, trees: planned };
}
