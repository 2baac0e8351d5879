import { useMemo, useState } from 'react';
import type { BulkNode, BulkProblem } from 'contracts/projects-sites';
import { Alert, Badge, Switch, Tree } from 'kit';
import { branchesToOpen, EXPAND_LIMIT, previewNodes } from './previewTree';

/** Whether a branch holds a new site. */
const hasNew = (node: BulkNode): boolean => node.siteId === null || node.children.some(hasNew);

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
  const nodes = useMemo(
    () =>
      previewNodes(tree, all, hasNew, (node) => (
        <span className="inline-flex items-center gap-2">
          <span>{node.name}</span>
          {node.siteId === null ? <Badge variant="info">New</Badge> : <Badge variant="neutral">Existing</Badge>}
          {node.siteId !== null && archived.has(node.siteId) ? <Badge variant="warning">Archived</Badge> : null}
        </span>
      )),
    [tree, all, archived],
  );
  const expanded = useMemo(
    () => (newCount > EXPAND_LIMIT ? nodes.filter((node) => node.children?.length).map((node) => String(node.id)) : branchesToOpen(nodes, hasNew)),
    [nodes, newCount],
  );
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
