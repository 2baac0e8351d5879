/**
 * The site rules beyond one field (spec 1 §4, §5), written once for the screens and the API:
 * a site's name (siteNameSchema in sites.forms.ts), siblings named apart case-insensitively,
 * and bulk entry — one path per line split by the chosen delimiter — merged into the project's
 * tree so the preview can say which sites are new and which exist.
 */
import * as v from 'valibot';
import { nameKey } from '../common/names';
import { SiteMessages } from './projects-sites.messages';
import { siteNameSchema, type SiteTreeInput } from './sites.forms';

/** The delimiters bulk entry offers (spec 1 §2): tab, comma, |, :, ;, ., >. */
export const BULK_DELIMITERS = [
  { value: '\t', label: 'Tab' },
  { value: ',', label: 'Comma (,)' },
  { value: '|', label: 'Pipe (|)' },
  { value: ':', label: 'Colon (:)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '.', label: 'Full stop (.)' },
  { value: '>', label: 'Greater than (>)' },
] as const;
export type BulkDelimiter = (typeof BULK_DELIMITERS)[number]['value'];

/** Two site names are the same when they match trimmed and in any case (common/names.ts, the rule of every sibling name). */
export const siteNameKey = nameKey;

/** What is wrong with a site name, or null (the spec's messages, in its order). */
export function siteNameProblem(name: string): string | null {
  const result = v.safeParse(siteNameSchema, name);
  return result.success ? null : result.issues[0].message;
}

/** The names that occur more than once among siblings (by siteNameKey), as first written. */
export function repeatedSiblingNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  const repeated = new Map<string, string>();
  for (const name of names) {
    const key = siteNameKey(name);
    if (key === '') continue;
    if (seen.has(key)) repeated.set(key, seen.get(key)!);
    else seen.set(key, name.trim());
  }
  return [...repeated.values()];
}

/** A node of the bulk-entry preview: the name, whether it exists (its siteId) or is new, its children. */
export interface BulkNode {
  name: string;
  siteId: number | null;
  children: BulkNode[];
}

/** An existing site as the preview reads it (GET projects/{projectId}/sites/hierarchy's nodes fit). */
export interface ExistingSiteNode {
  site: { siteId: number; name: string };
  children: readonly ExistingSiteNode[];
}

export interface BulkProblem {
  /** 1-based line of the text. */
  line: number;
  message: string;
}

export interface BulkResult {
  /** The project's top-level sites with every line merged in; `siteId` null marks a new site. */
  tree: BulkNode[];
  /** How many sites the lines would create. */
  newCount: number;
  problems: BulkProblem[];
}

function fromExisting(nodes: readonly ExistingSiteNode[]): BulkNode[] {
  return nodes.map((node) => ({ name: node.site.name, siteId: node.site.siteId, children: fromExisting(node.children) }));
}

/**
 * Reads bulk entry's text (one path per line, levels split by `delimiter`) into the project's
 * tree: each level is found among the siblings by name (any case) or added as new. Blank lines
 * are skipped; a level's name problem is reported with its line, and the line adds nothing.
 * No text at all: 'Please enter some sites to build.'
 */
export function parseBulkSites(text: string, delimiter: BulkDelimiter, existing: readonly ExistingSiteNode[] = []): BulkResult {
  const tree = fromExisting(existing);
  const problems: BulkProblem[] = [];
  let newCount = 0;
  const lines = text.split(/\r?\n/);
  if (lines.every((line) => line.trim() === '')) return { tree, newCount, problems: [{ line: 0, message: SiteMessages.bulkEmpty }] };
  // Thousands of lines repeat the same upper levels: each name is checked once, and each level's
  // siblings are found through an index by siteNameKey, not by a scan.
  const checked = new Map<string, string | null>();
  const problemOf = (name: string) => {
    if (!checked.has(name)) checked.set(name, siteNameProblem(name));
    return checked.get(name)!;
  };
  const indexes = new Map<BulkNode[], Map<string, BulkNode>>();
  const indexOf = (siblings: BulkNode[]) => {
    let index = indexes.get(siblings);
    if (!index) {
      index = new Map();
      for (const sibling of siblings) if (!index.has(siteNameKey(sibling.name))) index.set(siteNameKey(sibling.name), sibling);
      indexes.set(siblings, index);
    }
    return index;
  };
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const names = raw.split(delimiter).map((name) => name.trim());
    const bad = names.map(problemOf).find((problem) => problem !== null);
    if (bad) {
      problems.push({ line: index + 1, message: bad });
      return;
    }
    let siblings = tree;
    for (const name of names) {
      const siblingIndex = indexOf(siblings);
      const key = siteNameKey(name);
      let node = siblingIndex.get(key);
      if (!node) {
        node = { name, siteId: null, children: [] };
        siblings.push(node);
        siblingIndex.set(key, node);
        newCount += 1;
      }
      siblings = node.children;
    }
  });
  return { tree, newCount, problems };
}

/** The new sites of a preview as the trees POST projects/{projectId}/sites/ takes (under their existing parents). */
export function newSiteTrees(tree: readonly BulkNode[], projectId: number): SiteTreeInput[] {
  type Body = { site: { name: string; parentId: number | null; projectId: number }; children: Body[] };
  const toBody = (node: BulkNode, parentId: number | null): Body => ({
    site: { name: node.name, parentId, projectId },
    children: node.children.map((child) => toBody(child, null)),
  });
  const out: Body[] = [];
  const walk = (nodes: readonly BulkNode[], parentId: number | null) => {
    for (const node of nodes) {
      if (node.siteId === null) out.push(toBody(node, parentId));
      else walk(node.children, node.siteId);
    }
  };
  walk(tree, null);
  return out;
}
