import { useMemo, useState } from 'react';
import { USER_IMPORT_STATUSES, UserFieldLabels, type UserImportRow, type UserImportStatus } from 'contracts/identity';
import { Badge, DataTable, DataTableFilter, Select, type ColumnDef } from 'kit';

/** How each status reads, and its badge. */
export const STATUS_TEXT: Record<UserImportStatus, { label: string; variant: 'info' | 'warning' | 'neutral' | 'danger' }> = {
  new: { label: 'New', variant: 'info' },
  changed: { label: 'Changed', variant: 'warning' },
  unchanged: { label: 'Unchanged', variant: 'neutral' },
  refused: { label: 'Refused', variant: 'danger' },
};

/** A column's label as the user form names it. */
const fieldLabel = (field: string) => (UserFieldLabels as Record<string, string>)[field] ?? field;

/** What a row does: each changed field before → after, or each problem with its column. */
function RowDetails({ row }: { row: UserImportRow }) {
  if (row.problems.length) {
    return (
      <ul className="space-y-0.5">
        {row.problems.map((p) => (
          <li key={`${p.column}-${p.message}`}>
            {p.column ? <span className="font-medium">{`${p.column}: `}</span> : null}
            {p.message}
          </li>
        ))}
      </ul>
    );
  }
  if (row.changes.length === 0) return <span className="text-slate-600">{row.status === 'new' ? 'A new user' : 'Nothing changes'}</span>;
  return (
    <dl className="space-y-0.5">
      {row.changes.map((change) => (
        <div key={change.field} className="flex flex-wrap gap-x-2 break-words">
          <dt className="font-medium">{fieldLabel(change.field)}</dt>
          <dd className="min-w-0">
            <span className="sr-only">from </span>
            <del className="text-slate-600">{change.before || '—'}</del>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> to </span>
            <ins className="no-underline">{change.after || '—'}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const columns: ColumnDef<UserImportRow, unknown>[] = [
  { id: 'line', header: 'Line', accessorKey: 'line', meta: { card: 'field' } },
  { id: 'userName', header: 'Username', accessorKey: 'userName', meta: { card: 'title' } },
  {
    id: 'status',
    header: 'Status',
    accessorKey: 'status',
    cell: ({ row }) => <Badge variant={STATUS_TEXT[row.original.status].variant}>{STATUS_TEXT[row.original.status].label}</Badge>,
    meta: { card: 'field' },
  },
  { id: 'details', header: 'What it does', enableSorting: false, cell: ({ row }) => <RowDetails row={row.original} />, meta: { card: 'field' } },
];

/** The file's rows, filtered by status, each with what it does or why it is refused. */
export function UserImportRows({ rows }: { rows: readonly UserImportRow[] }) {
  const [status, setStatus] = useState<UserImportStatus | ''>(() => (rows.some((r) => r.status === 'refused') ? 'refused' : ''));
  const shown = useMemo(() => (status ? rows.filter((r) => r.status === status) : [...rows]), [rows, status]);
  return (
    <DataTable
      data={shown}
      columns={columns}
      getRowId={(row) => String(row.line)}
      caption="The file’s rows"
      filter={{ label: 'Search rows', placeholder: 'Username' }}
      emptyText="No rows with this status."
      toolbar={
        <DataTableFilter label="Status">
          <Select
            value={status}
            onChange={(event) => setStatus(event.target.value as UserImportStatus | '')}
            options={[{ value: '', label: 'All rows' }, ...USER_IMPORT_STATUSES.map((s) => ({ value: s, label: STATUS_TEXT[s].label }))]}
          />
        </DataTableFilter>
      }
    />
  );
}
