import { useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SITE_NAME_MAX, SiteMessages, type SiteTreeNode } from 'contracts/projects-sites';
import { Alert, Badge, Button, buttonClass, cx, GripIcon, Input } from 'kit';
import { errorMessage, useUnsavedChanges } from 'shared';
import {
  addChild,
  branchesWithProblems,
  changesOf,
  fromServer,
  hierarchyBody,
  isMoved,
  isRenamed,
  keyMove,
  locate,
  moveNode,
  moveProblem,
  pathOf,
  problemsOf,
  rebase,
  removeNew,
  rename,
  type DraftNode,
} from './hierarchyDraft';
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
  /** Moves `key` under `parentKey` (a drop on that row), or says why not. */
  moveUnder(key: string, parentKey: string): void;
  /** A key pressed on `key`'s handle: a keyboard move. */
  moveByKey(key: string, direction: 'in' | 'out' | 'up' | 'down'): void;
  /** The node being dragged, if any, and where it would drop. */
  dragging: string | null;
  setDragging(key: string | null): void;
  /** The saved name of a site of the tree as read (a move's badge names where it was). */
  savedName(siteId: number | null): string;
  /** The id of the text that tells how to move a site. */
  helpId: string;
  disabled: boolean;
}

/** The keys a move handle takes: right puts the site under the one above, left moves it out, up and down among its siblings. */
const MOVE_KEYS: Record<string, 'in' | 'out' | 'up' | 'down'> = { ArrowRight: 'in', ArrowLeft: 'out', ArrowUp: 'up', ArrowDown: 'down' };

/** The drag's data: the node's key, read back on drop (a drag from elsewhere carries none of ours). */
const DRAG_TYPE = 'application/x-site-hierarchy-key';

/** How a node is named to assistive technology: its saved name, or 'new site N'. */
const labelOf = (node: DraftNode) => (node.site ? node.site.name : `new site ${node.key.slice(1)}`);

/** A node's name as a move's announcement says it: as typed, else its label. */
const nameIn = (tree: DraftNode, key: string) => {
  const node = locate(tree, key)?.node;
  return node ? node.name.trim() || labelOf(node) : key;
};

function HierarchyRow({ node, parent, ctx }: { node: DraftNode; parent: DraftNode | null; ctx: RowContext }) {
  const [limit, setLimit] = useState(CHILDREN_PAGE);
  const [over, setOver] = useState(false);
  const label = labelOf(node);
  const problem = ctx.problems.get(node.key);
  const open = ctx.expanded.has(node.key);
  const errorId = `hierarchy-${node.key}-error`;
  // A drop on this row puts the dragged site under it.
  const accepts = ctx.dragging !== null && ctx.dragging !== node.key && !ctx.disabled;
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!accepts) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (!over) setOver(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setOver(false);
    const key = event.dataTransfer.getData(DRAG_TYPE) || ctx.dragging;
    if (!accepts || !key) return;
    event.preventDefault();
    ctx.setDragging(null);
    ctx.moveUnder(key, node.key);
  };
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const direction = MOVE_KEYS[event.key];
    if (!direction) return;
    event.preventDefault();
    ctx.moveByKey(node.key, direction);
  };
  return (
    <li className="space-y-1.5">
      <div
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-drop-target={over || undefined}
        className={cx('flex flex-wrap items-start gap-2 rounded-md', over && 'bg-brand-50 ring-2 ring-brand-500')}
      >
        {parent !== null ? (
          <button
            type="button"
            draggable={!ctx.disabled}
            disabled={ctx.disabled}
            aria-label={`Move ${label}`}
            data-move-key={node.key}
            aria-describedby={ctx.helpId}
            onKeyDown={onHandleKey}
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, node.key);
              event.dataTransfer.setData('text/plain', label);
              event.dataTransfer.effectAllowed = 'move';
              ctx.setDragging(node.key);
            }}
            onDragEnd={() => ctx.setDragging(null)}
            className="mt-1.5 flex size-6 shrink-0 cursor-grab items-center justify-center rounded text-slate-500 hover:bg-slate-100
                hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500
                focus-visible:outline-none active:cursor-grabbing disabled:cursor-not-allowed"
          >
            <GripIcon />
          </button>
        ) : null}
        {node.children.length > 0 ? (
          <button
            type="button"
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`}
            onClick={() => ctx.toggle(node.key)}
            className="mt-1.5 flex size-6 shrink-0 cursor-pointer items-center justify-center rounded text-slate-600
                hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500
                focus-visible:outline-none"
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
          {isMoved(node, parent) ? <Badge variant="warning">{`Moved from ${ctx.savedName(node.site!.parentId ?? null)}`}</Badge> : null}
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
            <HierarchyRow key={child.key} node={child} parent={node} ctx={ctx} />
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
 * are archived from their view, never deleted here), and any site but the top moved with its
 * subtree under another site of the tree (issue 36: Autodesk's location tree indents, outdents
 * and drags) — dragged by its handle onto a row, or by the handle's arrow keys — each move
 * announced, a refused one saying why (a sibling of the same name: the spec's message); Save,
 * disabled until every name is valid and something changed, sends the tree in one call (the
 * server reads a moved site's new parent from the nesting, and its History says 'Moved');
 * Cancel goes back to the Sites tab.
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
  const [dragging, setDragging] = useState<string | null>(null);
  // The last move's announcement, read by screen readers (a polite live region) and shown.
  const [moveStatus, setMoveStatus] = useState('');
  const counter = useRef(0);
  const helpId = useId();
  const savedNames = useMemo(() => {
    const names = new Map<number, string>();
    const walk = (node: SiteTreeNode) => {
      names.set(node.site.siteId, node.site.name);
      node.children.forEach(walk);
    };
    walk(root);
    return names;
  }, [root]);

  const problems = useMemo(() => problemsOf(draft, rootSiblings), [draft, rootSiblings]);
  const branchProblems = useMemo(() => branchesWithProblems(draft, problems), [draft, problems]);
  const changes = useMemo(() => changesOf(draft), [draft]);
  const dirty = changes.added + changes.renamed + changes.moved > 0;
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
    dragging,
    setDragging,
    helpId,
    savedName: (siteId) => (siteId === null ? 'the top level' : (savedNames.get(siteId) ?? `site ${siteId}`)),
    moveUnder: (key, parentKey) => move(key, parentKey),
    moveByKey: (key, direction) => {
      const target = keyMove(draft, key, direction);
      if ('refused' in target) {
        setMoveStatus(SiteMessages.moveRefused(nameIn(draft, key), target.refused));
        return;
      }
      move(key, target.parentKey, target.index);
    },
  };

  /** A move of `key` under `parentKey` (at `index`), checked first; announced either way, the handle kept in focus. */
  function move(key: string, parentKey: string, index?: number) {
    const name = nameIn(draft, key);
    const current = locate(draft, key);
    const problem = current?.parent?.key === parentKey ? null : moveProblem(draft, key, parentKey);
    if (problem) {
      setMoveStatus(SiteMessages.moveRefused(name, problem));
      return;
    }
    const next = moveNode(draft, key, parentKey, index);
    edit(() => next);
    setExpanded((open) => new Set([...open, parentKey]));
    const after = locate(next, key)!;
    setMoveStatus(
      current?.parent?.key === parentKey
        ? SiteMessages.movedAmong(name, after.index + 1, after.parent!.children.length)
        : SiteMessages.moved(name, pathOf(next, parentKey, labelOf)),
    );
    // The row is drawn again in its new place: its handle keeps the focus, so the next key moves it on.
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-move-key="${key}"]`)?.focus());
  }

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
          {failure ? `${failure} ` : ''}The tree below is what is saved now; the changes still marked New, Renamed or Moved are not saved.
        </Alert>
      ) : null}
      <p id={helpId} className="text-sm text-slate-600">
        {SiteMessages.moveHelp}
      </p>
      <ul aria-label={`Hierarchy of ${root.site.name}`} className="space-y-1.5">
        <HierarchyRow node={draft} parent={null} ctx={ctx} />
      </ul>
      <p role="status" aria-live="polite" className="min-h-5 text-sm font-medium text-slate-800">
        {moveStatus}
      </p>
      <p className="text-sm text-slate-600" aria-live="polite">
        {dirty ? `${changes.renamed} renamed, ${changes.moved} moved, ${changes.added} new.` : 'No changes yet.'}
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
