import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LicenseMessages, ReportMessages, type Shortcut } from 'contracts/licensing';
import { Alert, Badge, Button, ConfirmDialog, DataTable, EmptyState, Spinner, type ColumnDef } from 'kit';
import { errorMessage } from 'shared';
import { licenseViewRoute } from '../licenses/licenses.routes';
import { AddShortcutDialog } from './AddShortcutDialog';
import { shortcutsQuery, useDeleteShortcut, useSetShortcuts } from './licenseSettings.api';
import { assignedShortcuts, basicShortcuts, kindOf, moveBody, reportLabel, typeLabel } from './shortcuts';

type Direction = 'up' | 'down';

interface Actions {
  /** Where each basic shortcut stands among the basic ones (1-based), and how many there are. */
  position: (shortcut: Shortcut) => number;
  basicCount: number;
  /** True while a change runs: the move buttons wait (they stay focusable). */
  busy: boolean;
  onMove: (shortcut: Shortcut, direction: Direction) => void;
  onDelete: (shortcut: Shortcut) => void;
}

/** A move button that cannot act (first, last, or a change running) stays focusable: aria-disabled, not disabled. */
function MoveButton({ shortcut, direction, blocked, onMove }: { shortcut: Shortcut; direction: Direction; blocked: boolean; onMove: Actions['onMove'] }) {
  const label = direction === 'up' ? 'Move up' : 'Move down';
  return (
    <Button
      variant="secondary"
      size="sm"
      data-move={`${shortcut.id}:${direction}`}
      aria-label={`${label} ${reportLabel(shortcut)}`}
      aria-disabled={blocked || undefined}
      className="aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-white"
      onClick={() => !blocked && onMove(shortcut, direction)}
    >
      {label}
    </Button>
  );
}

/** What the actions cell needs from the screen; a context, so the columns (and the cells' buttons, with their focus) stay the same across renders. */
const ActionsContext = createContext<Actions | null>(null);

function ActionsCell({ shortcut }: { shortcut: Shortcut }) {
  const actions = useContext(ActionsContext);
  if (!actions) return null;
  const { position, basicCount, busy, onMove, onDelete } = actions;
  const at = kindOf(shortcut) === 'basic' ? position(shortcut) : 0;
  return (
    <div className="flex justify-end gap-2">
      {at > 0 ? (
        <>
          <MoveButton shortcut={shortcut} direction="up" blocked={busy || at === 1} onMove={onMove} />
          <MoveButton shortcut={shortcut} direction="down" blocked={busy || at === basicCount} onMove={onMove} />
        </>
      ) : null}
      <Button variant="secondary" size="sm" aria-label={`Delete ${reportLabel(shortcut)}`} onClick={() => onDelete(shortcut)}>
        Delete
      </Button>
    </div>
  );
}

const COLUMNS: ColumnDef<Shortcut>[] = [
  { id: 'report', accessorFn: reportLabel, header: 'Report', cell: ({ row }) => <span className="font-medium">{reportLabel(row.original)}</span> },
  {
    id: 'kind',
    header: 'Kind',
    cell: ({ row }) => (kindOf(row.original) === 'basic' ? <Badge variant="info">Basic</Badge> : <Badge variant="neutral">Dashboard</Badge>),
  },
  {
    id: 'orderOrType',
    header: 'Order or type',
    // A basic shortcut's position (basic ones come first, in their order): stored orders may have gaps after a delete.
    cell: ({ row }) => (kindOf(row.original) === 'basic' ? <span className="tabular-nums">{row.index + 1}</span> : typeLabel(row.original.type ?? '')),
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    meta: { className: 'w-px text-right' },
    cell: ({ row }) => <ActionsCell shortcut={row.original} />,
  },
];

/**
 * The licence's report shortcuts (spec 1: ReportShortcuts): the assigned ones, basic first in
 * their order, then the dashboard ones. Basic shortcuts move up and down, saved at once (every
 * basic one renumbered 1..n) and announced; a shortcut is deleted after a confirmation; Add
 * shortcut gives an unassigned report a basic shortcut (the next order) or an unused dashboard
 * type. 'Shortcuts updated' after every change, the server's reason when one fails.
 */
export function ReportShortcuts({ licenseId }: { licenseId: number }) {
  const query = useQuery(shortcutsQuery(licenseId));
  const save = useSetShortcuts(licenseId);
  const remove = useDeleteShortcut(licenseId);
  // The dialog is drawn afresh at each opening (its key), and stays mounted to give focus back when it closes.
  const [adding, setAdding] = useState({ open: false, key: 0 });
  const [doomed, setDoomed] = useState<Shortcut | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The move button to give focus back to once the moved row is drawn in its new place.
  const refocus = useRef<{ id: number; direction: Direction } | null>(null);
  const table = useRef<HTMLDivElement>(null);

  // After a move the row is redrawn in its new place: focus stays with its button (or, at an
  // end, its other one), so the keyboard can keep moving it.
  useEffect(() => {
    const moved = refocus.current;
    if (!moved || !table.current) return;
    refocus.current = null;
    const find = (direction: Direction) => table.current?.querySelector<HTMLElement>(`[data-move="${moved.id}:${direction}"]`);
    const same = find(moved.direction);
    const other = find(moved.direction === 'up' ? 'down' : 'up');
    (same?.getAttribute('aria-disabled') === 'true' && other ? other : same)?.focus();
  });

  if (query.isPending) return <Spinner label="Loading report shortcuts" />;
  if (query.isError) return <Alert variant="danger">{errorMessage(query.error, LicenseMessages.shortcutsLoadFailed)}</Alert>;

  const shortcuts = query.data;
  const assigned = assignedShortcuts(shortcuts);
  const basic = basicShortcuts(shortcuts);
  const busy = save.isPending || remove.isPending;

  const move = async (shortcut: Shortcut, direction: Direction) => {
    const body = moveBody(shortcuts, shortcut.id, direction === 'up' ? -1 : 1);
    if (!body || busy) return;
    setAnnouncement('');
    try {
      await save.mutateAsync(body);
      const to = body.findIndex((entry) => entry.id === shortcut.id) + 1;
      refocus.current = { id: shortcut.id, direction };
      setAnnouncement(`${reportLabel(shortcut)} moved ${direction}, to position ${to} of ${body.length}.`);
    } catch {
      // The failure's toast says why; the order is as it was.
    }
  };

  const confirmDelete = async () => {
    if (!doomed) return;
    try {
      await remove.mutateAsync(doomed);
      setAnnouncement(`${reportLabel(doomed)} no longer has a shortcut.`);
    } catch {
      // The failure's toast says why; the shortcut stays in the list.
    } finally {
      setDoomed(null);
    }
  };

  const addButton = (
    <Button size="sm" onClick={() => setAdding(({ key }) => ({ open: true, key: key + 1 }))}>
      Add shortcut
    </Button>
  );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="max-w-prose text-sm text-slate-600">
          Basic shortcuts are listed in their order; a dashboard shortcut puts its report on one dashboard. Changes to them are in the{' '}
          <Link to={`${licenseViewRoute.to({ id: licenseId })}#history`} className="text-brand-600 underline underline-offset-2 hover:text-brand-700">
            license’s History
          </Link>
          .
        </p>
        {assigned.length > 0 ? addButton : null}
      </div>
      {assigned.length === 0 ? (
        <EmptyState
          title={shortcuts.length === 0 ? ReportMessages.none : 'This license has no report shortcuts yet.'}
          action={shortcuts.length === 0 ? undefined : addButton}
        >
          {shortcuts.length === 0 ? null : 'Add one to give a report a basic shortcut or a place on a dashboard.'}
        </EmptyState>
      ) : (
        <div ref={table}>
          <ActionsContext.Provider
            value={{
              position: (s) => basic.findIndex((b) => b.id === s.id) + 1,
              basicCount: basic.length,
              busy,
              onMove: (s, d) => void move(s, d),
              onDelete: setDoomed,
            }}
          >
            <DataTable caption="Report shortcuts" data={assigned} columns={COLUMNS} getRowId={(s) => String(s.id)} sorting={false} pageSize={1000} />
          </ActionsContext.Provider>
        </div>
      )}
      {/* The moves and deletions, said to a screen reader. */}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <AddShortcutDialog
        key={adding.key}
        open={adding.open}
        licenseId={licenseId}
        shortcuts={shortcuts}
        onClose={() => setAdding(({ key }) => ({ open: false, key }))}
      />
      <ConfirmDialog
        open={doomed !== null}
        title="Delete shortcut"
        message={
          doomed ? `Delete the ${kindOf(doomed) === 'basic' ? 'basic' : `${typeLabel(doomed.type ?? '')} dashboard`} shortcut of ${reportLabel(doomed)}?` : null
        }
        confirmLabel="Delete"
        variant="danger"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDoomed(null)}
      />
    </div>
  );
}
