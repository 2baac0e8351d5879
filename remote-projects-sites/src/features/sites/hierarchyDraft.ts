/**
 * The hierarchy editor's draft (spec 1 §2 'Site hierarchy editor', §4 'Site hierarchy save'):
 * a top-level site's tree with each name as typed, new sites added under any node, and what
 * saving it sends. Names are checked with the contract's rules (siteNameProblem, and
 * repeatedSiblingNames among siblings, in any case). When the server's tree is read again —
 * after a save, or after a failed one — the draft is laid over it: what the server now holds
 * is no longer a change, what it does not is still shown as one.
 */
import { repeatedSiblingNames, siteNameKey, siteNameProblem, SiteMessages, type SimpleSite, type SiteInput, type SiteTreeInput, type SiteTreeNode } from 'contracts/projects-sites';

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

/**
 * Lays the draft over the server's tree read again: a saved site keeps the name typed for it
 * if it was changed (else takes the server's, which someone may have changed); a new site now
 * found under its parent by name (any case) was saved and becomes that site, its own new
 * children laid over it; a new site still missing stays new.
 */
export function rebase(draft: DraftNode, server: SiteTreeNode): DraftNode {
  const typed = isRenamed(draft) ? draft.name : server.site.name;
  const bySiteId = new Map(draft.children.filter((child) => child.site !== null).map((child) => [child.site!.siteId, child]));
  const matched = new Set<number>();
  const children = server.children.map((child) => {
    const mine = bySiteId.get(child.site.siteId);
    if (mine) matched.add(child.site.siteId);
    return mine ? rebase(mine, child) : fromServer(child);
  });
  for (const fresh of draft.children.filter((child) => child.site === null)) {
    const at = children.findIndex((child) => child.site !== null && !matched.has(child.site.siteId) && siteNameKey(child.site.name) === siteNameKey(fresh.name));
    if (at === -1) {
      children.push(fresh);
      continue;
    }
    const saved = children[at]!;
    matched.add(saved.site!.siteId);
    const serverChild = server.children.find((child) => child.site.siteId === saved.site!.siteId)!;
    children[at] = rebase({ ...fresh, key: saved.key, site: saved.site, name: saved.site!.name }, serverChild);
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

export const addChild = (tree: DraftNode, parentKey: string, key: string) => update(tree, parentKey, (node) => ({ ...node, children: [...node.children, { key, site: null, name: '', children: [] }] }));

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

/** How many sites are renamed and how many are new. */
export function changesOf(tree: DraftNode): { renamed: number; added: number } {
  let renamed = 0;
  let added = 0;
  const walk = (node: DraftNode) => {
    if (node.site === null) added += 1;
    else if (isRenamed(node)) renamed += 1;
    node.children.forEach(walk);
  };
  walk(tree);
  return { renamed, added };
}

/**
 * What PUT projects/{projectId}/sites/ is sent: the whole tree, saved sites with their siteId
 * (updated), new ones without (created under the node they sit in); names trimmed.
 */
export function hierarchyBody(tree: DraftNode, projectId: number): SiteTreeInput {
  const siteOf = (node: DraftNode, parentId: number | null): SiteInput =>
    node.site === null ? { name: node.name.trim(), projectId, parentId } : { siteId: node.site.siteId, name: node.name.trim(), projectId, parentId: node.site.parentId ?? null };
  const walk = (node: DraftNode, parentId: number | null): SiteTreeInput => ({
    site: siteOf(node, parentId),
    children: node.children.map((child) => walk(child, node.site?.siteId ?? null)),
  });
  return walk(tree, tree.site?.parentId ?? null);
}
