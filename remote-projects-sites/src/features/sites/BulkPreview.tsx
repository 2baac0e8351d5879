import { useMemo, useState } from 'react';
import type { BulkNode, BulkProblem } from 'contracts/projects-sites';
import { Alert, Badge, Switch, Tree, type TreeNode } from 'kit';

/** More new sites than this: the preview opens only the top level, not every branch. */
const EXPAND_LIMIT = 300;

/** Whether a branch holds a new site. */
const hasNew = (node: BulkNode): boolean => node.siteId === null || node.children.some(hasNew);

/** The preview's nodes (ids are their place in the tree), with only the branches holding new sites unless `all`. */
function toNodes(nodes: readonly BulkNode[], all: boolean, archived: ReadonlySet<number>, path = ''): TreeNode<BulkNode>[] {
  return nodes
    .filter((node) => all || hasNew(node))
    .map((node, index) => {
      const id = path === '' ? String(index) : `${path}.${index}`;
      return {
        id,
        data: node,
        searchText: node.name,
        label: (
          <span className="inline-flex items-center gap-2">
            <span>{node.name}</span>
            {node.siteId === null ? <Badge variant="info">New</Badge> : <Badge variant="neutral">Existing</Badge>}
            {node.siteId !== null && archived.has(node.siteId) ? <Badge variant="warning">Archived</Badge> : null}
          </span>
        ),
        children: toNodes(node.children, all, archived, id),
      };
    });
}

/** The ids of the nodes that hold a new site below them (to open them). */
function withNewBelow(nodes: readonly TreeNode<BulkNode>[], into: string[] = []): string[] {
  for (const node of nodes) {
    if (node.children?.some((child) => hasNew(child.data!))) {
      into.push(String(node.id));
      withNewBelow(node.children, into);
    }
  }
  return into;
}

/** Bulk entry's problems, each with its line (spec 1 §5; 'Please enter some sites to build.' names none). */
export function BulkProblems({ problems }: { problems: readonly BulkProblem[] }) {
  return (
    <Alert variant="danger" title="These lines cannot be created:">
      <ul className="list-disc pl-4">
        {problems.map((problem) => (
          <li key={`${problem.line}-${problem.message}`}>{problem.line > 0 ? `Line ${problem.line}: ${problem.message}` : problem.message}</li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * Bulk entry's preview (spec 1 §2: input is verified before creation): the project's tree with
 * every line merged in, each site marked New or Existing (and Archived, for who sees archived
 * sites: nothing new goes under one, the server refuses it). Only the branches holding new sites
 * are shown unless asked; they open up to the new sites (the top level alone past 300 new sites).
 */
export function BulkPreview({ tree, newCount, archived }: { tree: readonly BulkNode[]; newCount: number; archived: ReadonlySet<number> }) {
  const [all, setAll] = useState(false);
  const nodes = useMemo(() => toNodes(tree, all, archived), [tree, all, archived]);
  const expanded = useMemo(() => (newCount > EXPAND_LIMIT ? nodes.filter((node) => node.children?.length).map((node) => String(node.id)) : withNewBelow(nodes)), [nodes, newCount]);
  return (
    <section aria-labelledby="bulk-preview" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="bulk-preview" className="text-sm font-semibold text-slate-900">
          {`Preview: ${newCount} new ${newCount === 1 ? 'site' : 'sites'}`}
        </h2>
        <Switch label="Show every existing site" checked={all} onCheckedChange={setAll} />
      </div>
      {/* Keyed: the branches open afresh for the tree shown. */}
      <Tree key={String(all)} nodes={nodes} defaultExpanded={expanded} aria-label="Sites after bulk entry" />
    </section>
  );
}
