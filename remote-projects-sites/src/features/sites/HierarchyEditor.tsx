import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SITE_NAME_MAX, SiteMessages, type SiteTreeNode } from 'contracts/projects-sites';
import { Alert, Badge, Button, buttonClass, Input } from 'kit';
import { errorMessage, useUnsavedChanges } from 'shared';
import { addChild, branchesWithProblems, changesOf, fromServer, hierarchyBody, isRenamed, problemsOf, rebase, removeNew, rename, type DraftNode } from './hierarchyDraft';
import { useSaveHierarchy } from './sites.api';
import { sitesTabOf } from './sites.routes';

/** Children drawn at once under an expanded site; more on request, so thousands stay quick. */
const CHILDREN_PAGE = 200;

/** What every row needs from the editor. */
interface RowContext {
  problems: ReadonlyMap<string, string>;
  branchProblems: ReadonlySet<string>;
  expanded: ReadonlySet<string>;
  toggle(key: string): void;
  rename(key: string, name: string): void;
  add(parentKey: string): void;
  remove(key: string): void;
  disabled: boolean;
}

/** How a node is named to assistive technology: its saved name, or 'new site N'. */
const labelOf = (node: DraftNode) => (node.site ? node.site.name : `new site ${node.key.slice(1)}`);

function HierarchyRow({ node, ctx }: { node: DraftNode; ctx: RowContext }) {
  const [limit, setLimit] = useState(CHILDREN_PAGE);
  const label = labelOf(node);
  const problem = ctx.problems.get(node.key);
  const open = ctx.expanded.has(node.key);
  const errorId = `hierarchy-${node.key}-error`;
  return (
    <li className="space-y-1.5">
      <div className="flex flex-wrap items-start gap-2">
        {node.children.length > 0 ? (
          <button
            type="button"
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`}
            onClick={() => ctx.toggle(node.key)}
            className="mt-1.5 flex size-6 shrink-0 cursor-pointer items-center justify-center rounded text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <span aria-hidden="true" className={open ? 'rotate-90' : undefined}>
              ›
            </span>
          </button>
        ) : (
          <span className="size-6 shrink-0" />
        )}
        <div className="max-w-xs min-w-40 flex-1 basis-40 space-y-1">
          <Input
            aria-label={`Name of ${label}`}
            value={node.name}
            maxLength={SITE_NAME_MAX + 20}
            invalid={problem !== undefined}
            aria-describedby={problem ? errorId : undefined}
            disabled={ctx.disabled}
            onChange={(event) => ctx.rename(node.key, event.target.value)}
          />
          {problem ? (
            <p id={errorId} className="text-xs font-medium text-red-600">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1.5 pt-1.5">
          {node.site === null ? <Badge variant="info">New</Badge> : null}
          {isRenamed(node) ? <Badge variant="warning">{`Renamed from ${node.site!.name}`}</Badge> : null}
          {node.site && !node.site.active ? <Badge variant="neutral">Archived</Badge> : null}
          {!open && ctx.branchProblems.has(node.key) && !problem ? <Badge variant="danger">Names to fix inside</Badge> : null}
          {/* Nothing new goes under an archived site (the server refuses it): unarchive it first. */}
          {node.site?.active === false ? null : (
            <Button variant="secondary" size="sm" disabled={ctx.disabled} onClick={() => ctx.add(node.key)}>
              Add child<span className="sr-only">{` site to ${label}`}</span>
            </Button>
          )}
          {node.site === null ? (
            <Button variant="ghost" size="sm" disabled={ctx.disabled} onClick={() => ctx.remove(node.key)}>
              Remove<span className="sr-only">{` ${label}`}</span>
            </Button>
          ) : null}
        </div>
      </div>
      {open && node.children.length > 0 ? (
        <ul className="ml-3 space-y-1.5 border-l border-slate-200 pl-3">
          {node.children.slice(0, limit).map((child) => (
            <HierarchyRow key={child.key} node={child} ctx={ctx} />
          ))}
          {node.children.length > limit ? (
            <li>
              <Button variant="link" onClick={() => setLimit((n) => n + CHILDREN_PAGE)}>
                {`Show more of ${label}'s ${node.children.length} child sites`}
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}

export interface HierarchyEditorProps {
  projectId: number;
  /** The tree as the server holds it now. */
  root: SiteTreeNode;
  /** When it was read: a new reading is laid under the draft. */
  fetchedAt: number;
  /** The names beside the top site, which it must differ from. */
  rootSiblings: readonly string[];
}

/**
 * The hierarchy editor (spec 1 §2): the tree's names as inputs, checked as typed (spec 1 §5's
 * rules, siblings in any case), new sites added under any site and removed again (saved sites
 * are archived from their view, never deleted here); Save, disabled until every name is valid
 * and something changed, sends the tree in one call; Cancel goes back to the Sites tab.
 */
export function HierarchyEditor({ projectId, root, fetchedAt, rootSiblings }: HierarchyEditorProps) {
  const navigate = useNavigate();
  const save = useSaveHierarchy(projectId);
  const [state, setState] = useState(() => ({ draft: fromServer(root), basedOn: fetchedAt }));
  // The tree was read again (a save, a failed save): the draft is laid over it.
  if (state.basedOn !== fetchedAt) setState({ draft: rebase(state.draft, root), basedOn: fetchedAt });
  const draft = state.basedOn === fetchedAt ? state.draft : rebase(state.draft, root);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([`s${root.site.siteId}`]));
  const [failure, setFailure] = useState<string | null>(null);
  const counter = useRef(0);

  const problems = useMemo(() => problemsOf(draft, rootSiblings), [draft, rootSiblings]);
  const branchProblems = useMemo(() => branchesWithProblems(draft, problems), [draft, problems]);
  const changes = useMemo(() => changesOf(draft), [draft]);
  const dirty = changes.added + changes.renamed > 0;
  useUnsavedChanges(dirty && !save.isPending);

  const edit = (change: (tree: DraftNode) => DraftNode) => setState((current) => ({ ...current, draft: change(current.draft) }));
  const ctx: RowContext = {
    problems,
    branchProblems,
    expanded,
    disabled: save.isPending,
    toggle: (key) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    rename: (key, name) => edit((tree) => rename(tree, key, name)),
    add: (parentKey) => {
      counter.current += 1;
      const key = `n${counter.current}`;
      edit((tree) => addChild(tree, parentKey, key));
      setExpanded((current) => new Set([...current, parentKey]));
    },
    remove: (key) => edit((tree) => removeNew(tree, key)),
  };

  const submit = async () => {
    if (problems.size > 0 || !dirty || save.isPending) return;
    setFailure(null);
    try {
      await save.mutateAsync([hierarchyBody(draft, projectId)]);
      navigate(sitesTabOf(projectId));
    } catch (error) {
      setFailure(errorMessage(error, ''));
    }
  };

  return (
    <div className="space-y-4">
      {failure !== null ? (
        <Alert variant="danger" title={SiteMessages.hierarchiesFailed}>
          {failure ? `${failure} ` : ''}The tree below is what is saved now; the changes still marked New or Renamed are not saved.
        </Alert>
      ) : null}
      <ul aria-label={`Hierarchy of ${root.site.name}`} className="space-y-1.5">
        <HierarchyRow node={draft} ctx={ctx} />
      </ul>
      <p className="text-sm text-slate-600" aria-live="polite">
        {dirty ? `${changes.renamed} renamed, ${changes.added} new.` : 'No changes yet.'}
        {problems.size > 0 ? ` ${problems.size === 1 ? 'One name needs' : `${problems.size} names need`} fixing before saving.` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button loading={save.isPending} disabled={problems.size > 0 || !dirty} onClick={() => void submit()}>
          Save
        </Button>
        <Link to={sitesTabOf(projectId)} className={buttonClass({ variant: 'secondary' })}>
          Cancel
        </Link>
      </div>
    </div>
  );
}
