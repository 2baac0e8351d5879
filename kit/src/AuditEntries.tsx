import type { ReactNode } from 'react';
import type { AuditEntry } from 'contracts/common';
import type { ColumnDef } from './DataTable';
import { formatDate } from './date.format';
import { DataTable } from './lazy';

/** What the entry's kind reads as ('user-roles' → 'User roles'). */
export const kindLabel = (entity: string) => entity.charAt(0).toUpperCase() + entity.slice(1).replace(/-/g, ' ');

/** Each changed field: before → after (— where there was or is nothing). */
function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <span className="text-slate-600">{entry.status < 400 ? 'No field changed' : `Refused (${entry.status})`}</span>;
  return (
    <dl className="space-y-1">
      {entry.changes.map((change) => (
        <div key={change.field} className="flex flex-wrap gap-x-2 break-all">
          <dt className="font-medium text-slate-800">{change.field}</dt>
          <dd className="text-slate-700">
            <span className="sr-only">from </span>
            <del className="text-slate-600">{change.before ?? '—'}</del>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> to </span>
            <ins className="no-underline">{change.after ?? '—'}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function columns(withSubject: boolean): ColumnDef<AuditEntry>[] {
  return [
    { id: 'at', header: 'When', enableSorting: false, cell: ({ row }) => <time dateTime={row.original.at}>{formatDate(row.original.at, 'long')}</time> },
    { id: 'actor', header: 'Who', enableSorting: false, cell: ({ row }) => row.original.actorName ?? 'System' },
    {
      id: 'what',
      header: 'What',
      enableSorting: false,
      cell: ({ row }) => (
        <div>
          <div>{kindLabel(row.original.entity)}{withSubject && row.original.entityId ? ` ${row.original.entityId}` : ''}</div>
          <code className="text-xs text-slate-600">{`${row.original.method} ${row.original.path}`}</code>
        </div>
      ),
    },
    { id: 'changes', header: 'Changes', enableSorting: false, cell: ({ row }) => <Changes entry={row.original} /> },
  ];
}

/** The trail's entries as a table paged on the server, newest first: when, who, what, and each change. */
export function AuditEntries(props: {
  caption: string;
  entries: AuditEntry[] | undefined;
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  loading: boolean;
  error?: string;
  pageSize: number;
  withSubject?: boolean;
  toolbar?: ReactNode;
}) {
  return (
    <DataTable
      caption={props.caption}
      data={props.entries ?? []}
      columns={columns(props.withSubject ?? false)}
      getRowId={(entry) => String(entry.auditId)}
      loading={props.loading}
      error={props.error}
      pageSize={props.pageSize}
      emptyText="No changes recorded."
      manual={{ pageIndex: props.page, total: props.total, onPageChange: props.onPageChange }}
      toolbar={props.toolbar}
    />
  );
}
