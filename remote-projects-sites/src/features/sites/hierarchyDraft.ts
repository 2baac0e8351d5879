/**
 * The hierarchy editor's draft (spec 1 §2 'Site hierarchy editor', §4 'Site hierarchy save'):
 * a top-level site's tree with each name as typed, new sites added under any node, sites moved
 * (with their subtrees) under another site of the tree (issue 36), and what saving it sends. Names are checked with the contract's rules (siteNameProblem, and
 * repeatedSiblingNames among siblings, in any case). When the server's tree is read again —
 * after a save, or after a failed one — the draft is laid over it: what the server now holds
 * is no longer a change, what it does not is still shown as one.
 */
import {
  repeatedSiblingNames,
  siteNameKey,
  siteNameProblem,
  SiteMessages,
  type SimpleSite,
  type SiteInput,
  type SiteTreeInput,
  type SiteTreeNode,
} from 'contracts/projects-sites';

export interface DraftNode {
  /** Stable while editing: `s<siteId>` for a saved site, `n<number>` for a new one. */
  key: string;
  /** The saved site, or null for a new one. */
  site: SimpleSite | null;
  /** The name as typed. */
  name: string;
  children: DraftNode[];
}

/** The draft of a saved tree: nothing changed yet. */
export function fromServer(node: SiteTreeNode): DraftNode {
  return { key: `s${node.site.siteId}`, site: node.site, name: node.site.name, children: node.children.map(fromServer) };
}

/** The node `siteId` in the server's trees, or null. */
export function findNode(nodes: readonly SiteTreeNode[], siteId: number): SiteTreeNode | null {
  for (const node of nodes) {
    if (node.site.siteId === siteId) return node;
    const below = findNode(node.children, siteId);
    if (below) return below;
  }
  return null;
}

/** Whether a node's name differs from its saved one (trimmed). */
export const isRenamed = (node: DraftNode) => node.site !== null && node.name.trim() !== node.site.name;

/** Whether a saved site stands under another parent in the draft than on the server (`parentSiteId`: its draft parent's site, null for a new one). */
export const isMoved = (node: DraftNode, parent: DraftNode | null) =>
  node.site !== null && parent !== null && (parent.site?.siteId ?? null) !== (node.site.parentId ?? null);

/** Each saved site of the draft by id, with the key of the node it stands under in the draft. */
function draftPlaces(tree: DraftNode): Map<number, string | null> {
  const places = new Map<number, string | null>();
  const walk = (node: DraftNode, parent: string | null) => {
    if (node.site) places.set(node.site.siteId, parent);
    node.children.forEach((child) => walk(child, node.key));
  };
  walk(tree, null);
  return places;
}

/** Each node of the server's tree by site id. */
function serverNodes(server: SiteTreeNode): Map<number, SiteTreeNode> {
  const nodes = new Map<number, SiteTreeNode>();
  const walk = (node: SiteTreeNode) => {
    nodes.set(node.site.siteId, node);
    node.children.forEach(walk);
  };
  walk(server);
  return nodes;
}

/**
 * Lays the draft over the server's tree read again: a saved site keeps the name typed for it
 * if it was changed (else takes the server's, which someone may have changed), and the place it
 * was moved to in the draft if the server does not hold it there yet (a save that failed); a
 * new site now found under its parent by name (any case) was saved and becomes that site, its
 * own new children laid over it; a new site still missing stays new.
 */
export function rebase(draft: DraftNode, server: SiteTreeNode): DraftNode {
  return rebaseNode(draft, server, draftPlaces(draft), serverNodes(server));
}

function rebaseNode(
  draft: DraftNode,
  server: SiteTreeNode,
  places: ReadonlyMap<number, string | null>,
  onServer: ReadonlyMap<number, SiteTreeNode>,
): DraftNode {
  const typed = isRenamed(draft) ? draft.name : server.site.name;
  const bySiteId = new Map(draft.children.filter((child) => child.site !== null).map((child) => [child.site!.siteId, child]));
  const matched = new Set<number>();
  const here = `s${server.site.siteId}`;
  const children = server.children
    // A site the draft moved elsewhere (not saved yet) stays where the draft put it.
    .filter((child) => !places.has(child.site.siteId) || places.get(child.site.siteId) === here || places.get(child.site.siteId) === draft.key)
    .map((child) => {
      const mine = bySiteId.get(child.site.siteId);
      if (mine) matched.add(child.site.siteId);
      return mine ? rebaseNode(mine, child, places, onServer) : fromServer(child);
    });
  // Saved sites the draft moved here that the server still holds elsewhere.
  for (const mine of draft.children) {
    if (mine.site === null || matched.has(mine.site.siteId)) continue;
    const theirs = onServer.get(mine.site.siteId);
    if (theirs) children.push(rebaseNode(mine, theirs, places, onServer));
  }
  for (const fresh of draft.children.filter((child) => child.site === null)) {
    const at = children.findIndex(
      (child) => child.site !== null && !matched.has(child.site.siteId) && siteNameKey(child.site.name) === siteNameKey(fresh.name),
    );
    if (at === -1) {
      children.push(fresh);
      continue;
    }
    const saved = children[at]!;
    matched.add(saved.site!.siteId);
    const serverChild = server.children.find((child) => child.site.siteId === saved.site!.siteId)!;
    children[at] = rebaseNode({ ...fresh, key: saved.key, site: saved.site, name: saved.site!.name }, serverChild, places, onServer);
  }
  return { ...draft, key: `s${server.site.siteId}`, site: server.site, name: typed, children };
}

/** Changes the node `key` (and leaves every other node as it is). */
function update(node: DraftNode, key: string, change: (node: DraftNode) => DraftNode): DraftNode {
  if (node.key === key) return change(node);
  let changed = false;
  const children = node.children.map((child) => {
    const next = update(child, key, change);
    if (next !== child) changed = true;
    return next;
  });
  return changed ? { ...node, children } : node;
}

export const rename = (tree: DraftNode, key: string, name: string) => update(tree, key, (node) => ({ ...node, name }));

export const addChild = (tree: DraftNode, parentKey: string, key: string) =>
  update(tree, parentKey, (node) => ({ ...node, children: [...node.children, { key, site: null, name: '', children: [] }] }));

/** Removes a new site (and what was added under it); a saved site is archived from its view, never removed here. */
export const removeNew = (tree: DraftNode, key: string): DraftNode => ({
  ...tree,
  children: tree.children.filter((child) => !(child.key === key && child.site === null)).map((child) => removeNew(child, key)),
});

const problemCache = new Map<string, string | null>();
/** siteNameProblem, remembered per name: a tree of thousands is checked on every key. */
function nameProblem(name: string): string | null {
  let problem = problemCache.get(name);
  if (problem === undefined) {
    if (problemCache.size > 50_000) problemCache.clear();
    problem = siteNameProblem(name);
    problemCache.set(name, problem);
  }
  return problem;
}

/**
 * Each node whose name breaks a rule, with the message: its own name's first, else a sibling
 * named alike. `rootSiblings` are the names beside the tree's top site (the project's other
 * top-level sites), which the top site is checked against too.
 */
export function problemsOf(tree: DraftNode, rootSiblings: readonly string[] = []): Map<string, string> {
  const problems = new Map<string, string>();
  // Siblings are checked once per family: a site with thousands of children stays quick.
  const walk = (family: readonly DraftNode[], others: readonly string[] = []) => {
    const names = [...others, ...family.map((sibling) => sibling.name)];
    const repeated = names.length > 1 ? new Set(repeatedSiblingNames(names).map(siteNameKey)) : new Set<string>();
    for (const node of family) {
      const own = nameProblem(node.name);
      if (own) problems.set(node.key, own);
      else if (repeated.has(siteNameKey(node.name))) problems.set(node.key, SiteMessages.siblingsSameName);
      walk(node.children);
    }
  };
  walk([tree], rootSiblings);
  return problems;
}

/** The keys of nodes with a problem at or under each node (a collapsed branch says it holds some). */
export function branchesWithProblems(tree: DraftNode, problems: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>();
  const walk = (node: DraftNode): boolean => {
    let any = problems.has(node.key);
    for (const child of node.children) if (walk(child)) any = true;
    if (any) out.add(node.key);
    return any;
  };
  walk(tree);
  return out;
}

/** How many sites are renamed, moved and new. */
export function changesOf(tree: DraftNode): { renamed: number; moved: number; added: number } {
  let renamed = 0;
  let moved = 0;
  let added = 0;
  const walk = (node: DraftNode, parent: DraftNode | null) => {
    if (node.site === null) added += 1;
    else {
      if (isRenamed(node)) renamed += 1;
      if (isMoved(node, parent)) moved += 1;
    }
    node.children.forEach((child) => walk(child, node));
  };
  walk(tree, null);
  return { renamed, moved, added };
}

// ------------------------------------------------------------------ moves

/** The node `key` and the node it stands under (null for the tree's top). */
export function locate(tree: DraftNode, key: string): { node: DraftNode; parent: DraftNode | null; index: number } | null {
  if (tree.key === key) return { node: tree, parent: null, index: 0 };
  const walk = (parent: DraftNode): ReturnType<typeof locate> => {
    for (const [index, child] of parent.children.entries()) {
      if (child.key === key) return { node: child, parent, index };
      const below = walk(child);
      if (below) return below;
    }
    return null;
  };
  return walk(tree);
}

/** Whether `key` is `ancestor` or stands somewhere under it. */
function within(ancestor: DraftNode, key: string): boolean {
  return ancestor.key === key || ancestor.children.some((child) => within(child, key));
}

/**
 * Why the node `key` cannot move under `parentKey`, or null when it can: not the tree's top,
 * not under itself or one of its own sites, not under an archived site (the server's rule:
 * nothing active goes under one), and not beside a sibling of the same name in any case
 * (spec 1 §5: "Siblings can't have the same name.").
 */
export function moveProblem(tree: DraftNode, key: string, parentKey: string): string | null {
  const from = locate(tree, key);
  const to = locate(tree, parentKey);
  if (!from || !to) return null;
  if (from.parent === null) return SiteMessages.moveTop;
  if (within(from.node, parentKey)) return SiteMessages.moveUnderItself;
  if (to.node.site?.active === false && from.node.site?.active !== false) return SiteMessages.parentArchived;
  const name = siteNameKey(from.node.name);
  if (name && to.node.children.some((child) => child.key !== key && siteNameKey(child.name) === name)) return SiteMessages.siblingsSameName;
  return null;
}

/** Moves the node `key` (with everything under it) under `parentKey`, at `index` among its children (the end by default). Check moveProblem first. */
export function moveNode(tree: DraftNode, key: string, parentKey: string, index?: number): DraftNode {
  const from = locate(tree, key);
  if (!from || from.parent === null) return tree;
  const without = update(tree, from.parent.key, (node) => ({ ...node, children: node.children.filter((child) => child.key !== key) }));
  return update(without, parentKey, (node) => {
    const children = [...node.children];
    children.splice(index === undefined ? children.length : Math.max(0, Math.min(index, children.length)), 0, from.node);
    return { ...node, children };
  });
}

/** A keyboard move of the node `key`: its new parent and place, or why there is none. */
export type KeyMove = { parentKey: string; index?: number } | { refused: string };

/**
 * Where a key moves the node `key` (the hierarchy editor's handle): `in` under the site above it
 * (its last child: Autodesk's indent), `out` beside its parent, just after it (outdent), `up` and
 * `down` one place among its siblings (the order is the editor's while editing; the server lists
 * sites by name).
 */
export function keyMove(tree: DraftNode, key: string, direction: 'in' | 'out' | 'up' | 'down'): KeyMove {
  const at = locate(tree, key);
  if (!at || at.parent === null) return { refused: SiteMessages.moveTop };
  const siblings = at.parent.children;
  if (direction === 'in') {
    const above = siblings[at.index - 1];
    return above ? { parentKey: above.key } : { refused: SiteMessages.moveNoSiteAbove };
  }
  if (direction === 'out') {
    const grand = locate(tree, at.parent.key);
    return grand?.parent ? { parentKey: grand.parent.key, index: grand.index + 1 } : { refused: SiteMessages.moveTopLevel };
  }
  const index = at.index + (direction === 'up' ? -1 : 1);
  return index >= 0 && index < siblings.length
    ? { parentKey: at.parent.key, index }
    : { refused: direction === 'up' ? SiteMessages.moveFirst : SiteMessages.moveLast };
}

/** The names down to the node `key` ('Yard › Row 2'), as the move's announcement says where it went. */
export function pathOf(tree: DraftNode, key: string, label: (node: DraftNode) => string): string {
  const names: string[] = [];
  const walk = (node: DraftNode): boolean => {
    names.push(label(node));
    if (node.key === key || node.children.some(walk)) return true;
    names.pop();
    return false;
  };
  walk(tree);
  return names.join(' › ');
}

/**
 * What PUT projects/{projectId}/sites/ is sent: the whole tree, saved sites with their siteId
 * (updated), new ones without (created under the node they sit in); names trimmed.
 */
export function hierarchyBody(tree: DraftNode, projectId: number): SiteTreeInput {
  // Each site is sent under the node it stands under in the draft: a moved one under its new parent (the server reads the nesting).
  const siteOf = (node: DraftNode, parentId: number | null): SiteInput =>
    node.site === null
      ? { name: node.name.trim(), projectId, parentId }
      : { siteId: node.site.siteId, name: node.name.trim(), projectId, parentId: node === tree ? (node.site.parentId ?? null) : parentId };
  const walk = (node: DraftNode, parentId: number | null): SiteTreeInput => ({
    site: siteOf(node, parentId),
    children: node.children.map((child) => walk(child, node.site?.siteId ?? null)),
  });
  return walk(tree, tree.site?.parentId ?? null);
}
