import type { ReactNode } from 'react';
import type { AuditEntry } from 'contracts/common';
import type { ColumnDef } from './DataTable';
import { formatDate } from './date.format';
import { JsonDiff } from './JsonDiff';
import { DataTable } from './lazy';

/** What the entry's kind reads as ('user-roles' → 'User roles'). */
export const kindLabel = (entity: string) => entity.charAt(0).toUpperCase() + entity.slice(1).replace(/-/g, ' ');

/**
 * Each changed field: before → after (— where there was or is nothing); a field named in
 * `diffFields` (a JSON document, such as a config's `data`) as a line diff of its JSON.
 */
function Changes({ entry, diffFields }: { entry: AuditEntry; diffFields: readonly string[] }) {
  if (entry.changes.length === 0) return <span className="text-slate-600">{entry.status < 400 ? 'No field changed' : `Refused (${entry.status})`}</span>;
  return (
    <dl className="space-y-1">
      {entry.changes.map((change) =>
        diffFields.includes(change.field) ? (
          <div key={change.field} className="min-w-0 space-y-1">
            <dt className="font-medium text-slate-800">{change.field}</dt>
            <dd className="min-w-[16rem] text-slate-700">
              <JsonDiff before={change.before} after={change.after} context={3} label={`Changes of ${change.field}`} />
            </dd>
          </div>
        ) : (
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
        ),
      )}
    </dl>
  );
}

const NO_FIELDS: readonly string[] = [];

function columns(withSubject: boolean, diffFields: readonly string[]): ColumnDef<AuditEntry>[] {
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
    { id: 'changes', header: 'Changes', enableSorting: false, cell: ({ row }) => <Changes entry={row.original} diffFields={diffFields} /> },
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
  /** Fields holding a JSON document (a config's `data`), shown as a line diff of before and after. */
  diffFields?: readonly string[];
}) {
  return (
    <DataTable
      caption={props.caption}
      data={props.entries ?? []}
      columns={columns(props.withSubject ?? false, props.diffFields ?? NO_FIELDS)}
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
