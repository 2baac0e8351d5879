import { useMemo, useState } from 'react';
import { SiteMessages, type SiteImportIssue, type SiteImportNode, type SiteImportReply } from 'contracts/projects-sites';
import { Alert, Badge, Switch, Tree } from 'kit';
import { branchesToOpen, EXPAND_LIMIT, previewNodes } from '../previewTree';

/** Problems and notes listed at once; the rest are counted. */
const LIST_LIMIT = 50;

const changed = (node: SiteImportNode) => node.siteId === null || node.renamedFrom !== null || node.movedFrom !== null;
/** Whether a branch holds a change. */
const hasChange = (node: SiteImportNode): boolean => changed(node) || node.children.some(hasChange);

/** A node's marks: New, Renamed (from), Moved (from), Unchanged, or Not in file. */
function Marks({ node, archived }: { node: SiteImportNode; archived: boolean }) {
  return (
    <>
      {node.siteId === null ? <Badge variant="info">New</Badge> : null}
      {node.renamedFrom !== null ? <Badge variant="warning">{`Renamed from ${node.renamedFrom}`}</Badge> : null}
      {node.movedFrom !== null ? <Badge variant="warning">{`Moved from ${node.movedFrom === '' ? 'the top level' : node.movedFrom}`}</Badge> : null}
      {node.siteId !== null && !changed(node) ? <Badge variant="neutral">{node.line === null ? 'Not in file' : 'Unchanged'}</Badge> : null}
      {archived ? <Badge variant="neutral">Archived</Badge> : null}
    </>
  );
}

/** A list of the file's rows with their line, the first 50 shown. */
function Issues({ issues }: { issues: readonly SiteImportIssue[] }) {
  return (
    <ul className="list-disc pl-4">
      {issues.slice(0, LIST_LIMIT).map((issue) => (
        <li key={`${issue.line}-${issue.message}`}>{issue.line > 0 ? `Line ${issue.line}: ${issue.message}` : issue.message}</li>
      ))}
      {issues.length > LIST_LIMIT ? <li>{`… and ${issues.length - LIST_LIMIT} more.`}</li> : null}
    </ul>
  );
}

/** What a file's rows do, in one sentence. */
export function importSummary({ counts }: Pick<SiteImportReply, 'counts'>): string {
  const rows = `${counts.rows} ${counts.rows === 1 ? 'row' : 'rows'}`;
  return `${rows}: ${counts.created} new, ${counts.renamed} renamed, ${counts.moved} moved, ${counts.unchanged} unchanged.`;
}

/**
 * The import's preview (as bulk entry's): the rows' problems with their lines, what the file
 * does and that it deletes nothing (the sites it leaves out stay), the notes, and the project's
 * tree as the file leaves it — each site marked New, Renamed, Moved, Unchanged or Not in file.
 * Only the branches holding a change are shown unless asked.
 */
export function SiteImportPreview({ reply, problems }: { reply: SiteImportReply; problems: readonly SiteImportIssue[] }) {
  const [all, setAll] = useState(false);
  const nodes = useMemo(
    () =>
      previewNodes(reply.tree, all, hasChange, (node) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <span>{node.name}</span>
          <Marks node={node} archived={!node.active} />
          {node.line !== null ? <span className="text-xs text-slate-500">{`line ${node.line}`}</span> : null}
        </span>
      )),
    [reply.tree, all],
  );
  const changes = reply.counts.created + reply.counts.renamed + reply.counts.moved;
  const expanded = useMemo(() => (changes > EXPAND_LIMIT ? [] : branchesToOpen(nodes, hasChange)), [nodes, changes]);
  return (
    <div className="space-y-3">
      {problems.length > 0 ? (
        <Alert variant="danger" title={SiteMessages.csvRowProblems}>
          <Issues issues={problems} />
        </Alert>
      ) : null}
      <p className="font-medium text-slate-900">{importSummary(reply)}</p>
      <p>{SiteMessages.csvNotInFile(reply.notInFile)}</p>
      {reply.notes.length > 0 ? (
        <Alert variant="info" title={SiteMessages.csvStateNotImported}>
          <Issues issues={reply.notes} />
        </Alert>
      ) : null}
      {problems.length === 0 && changes === 0 ? <Alert variant="info">{SiteMessages.csvNothingToChange}</Alert> : null}
      <section aria-labelledby="site-import-preview" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="site-import-preview" className="text-sm font-semibold text-slate-900">
            Preview
          </h3>
          <Switch label="Show every site" checked={all} onCheckedChange={setAll} />
        </div>
        {nodes.length > 0 ? (
          // Keyed: the branches open afresh for the tree shown.
          <Tree key={String(all)} nodes={nodes} defaultExpanded={expanded} aria-label="Sites after the import" />
        ) : (
          <p className="text-slate-600">No site changes.</p>
        )}
      </section>
    </div>
  );
}
