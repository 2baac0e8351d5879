import type { ReactNode } from 'react';
import type { AuditChangeShown, AuditEntry } from 'contracts/common';
import type { ColumnDef } from './DataTable';
import { formatDate } from './date.format';
import { JsonDiff } from './JsonDiff';
import { DataTable } from './lazy';

/** What the entry's kind reads as ('user-roles' → 'User roles'). */
export const kindLabel = (entity: string) => entity.charAt(0).toUpperCase() + entity.slice(1).replace(/-/g, ' ');

/** A value as the History says it: '—' where there was or is nothing. */
function FromTo({ before, after }: { before: string | null | undefined; after: string | null | undefined }) {
  return (
    <>
      <span className="sr-only">from </span>
      <del className="text-slate-600">{before ?? '—'}</del>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> to </span>
      <ins className="no-underline">{after ?? '—'}</ins>
    </>
  );
}

/** What a set (roles, projects, product licences) gained and lost, by name. */
function AddedRemoved({ change }: { change: AuditChangeShown }) {
  return (
    <span className="space-x-2">
      {change.added?.length ? <ins className="no-underline">{`Added: ${change.added.join(', ')}`}</ins> : null}
      {change.removed?.length ? <del className="text-slate-600">{`Removed: ${change.removed.join(', ')}`}</del> : null}
    </span>
  );
}

/** One change in words (issue 36): its label; 'changed' for a secret; a set's gains and losses; a document as a JSON diff; else before → after. */
function ChangeShown({ change, diffFields }: { change: AuditChangeShown; diffFields: readonly string[] }) {
  if (change.json || diffFields.includes(change.field)) {
    return (
      <div className="min-w-0 space-y-1">
        <dt className="font-medium text-slate-800">{change.label}</dt>
        <dd className="min-w-0 text-slate-700 sm:min-w-[16rem]">
          <JsonDiff before={change.before} after={change.after} context={3} label={`Changes of ${change.label}`} />
        </dd>
      </div>
    );
  }
  const set = (change.added?.length ?? 0) + (change.removed?.length ?? 0) > 0;
  return (
    <div className="flex flex-wrap gap-x-2 break-words">
      <dt className="font-medium text-slate-800">
        {change.label}
        {change.secret ? <span aria-hidden="true">{': '}</span> : null}
      </dt>
      <dd className="min-w-0 text-slate-700">
        {change.secret ? 'changed' : set ? <AddedRemoved change={change} /> : <FromTo before={change.before} after={change.after} />}
      </dd>
    </div>
  );
}

/**
 * Each changed field: in words when the server says them (`changesShown`: labels, names, a
 * secret as 'changed'); otherwise the stored values, before → after, a field named in
 * `diffFields` (a JSON document, such as a config's `data`) as a line diff of its JSON.
 */
function Changes({ entry, diffFields }: { entry: AuditEntry; diffFields: readonly string[] }) {
  const shown: AuditChangeShown[] = entry.changesShown ?? entry.changes.map((change) => ({ ...change, label: change.field }));
  if (shown.length === 0) return <span className="text-slate-600">{entry.status < 400 ? 'No field changed' : `Refused (${entry.status})`}</span>;
  return (
    <dl className="space-y-1">
      {shown.map((change) => (
        <ChangeShown key={change.field} change={change} diffFields={diffFields} />
      ))}
    </dl>
  );
}

/** What the entry did (in words when the server says them), and the call that did it in a collapsed details line. */
function What({ entry, withSubject }: { entry: AuditEntry; withSubject: boolean }) {
  return (
    <div className="min-w-0 space-y-0.5">
      <div className="font-medium text-slate-900">{entry.action ?? kindLabel(entry.entity)}</div>
      {withSubject ? (
        <div className="text-xs text-slate-600">
          {kindLabel(entry.entity)}
          {entry.entityId ? ` ${entry.entityId}` : ''}
        </div>
      ) : null}
      <details className="text-xs text-slate-600">
        <summary
          className="w-fit cursor-pointer rounded select-none hover:text-slate-900 focus-visible:ring-2
            focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          Details
        </summary>
        <code className="break-all">{`${entry.method} ${entry.path}`}</code>
        {entry.status >= 400 ? <span>{` · refused (${entry.status})`}</span> : null}
      </details>
    </div>
  );
}

/** Who acted; 'via SCIM' when a directory made the change through SCIM with the licence's API key (issue 39). */
function Who({ entry }: { entry: AuditEntry }) {
  return (
    <>
      {entry.actorName ?? 'System'}
      {entry.channel === 'scim' ? <span className="ml-1 inline-block rounded bg-slate-100 px-1.5 text-xs font-medium text-slate-700">via SCIM</span> : null}
    </>
  );
}

const NO_FIELDS: readonly string[] = [];

function columns(withSubject: boolean, diffFields: readonly string[]): ColumnDef<AuditEntry>[] {
  return [
    // On a phone each entry is a card headed by what it did, then when, who and its changes (issue 36 items 16, 17).
    {
      id: 'at',
      header: 'When',
      enableSorting: false,
      cell: ({ row }) => <time dateTime={row.original.at}>{formatDate(row.original.at, 'long')}</time>,
      meta: { card: 'field' },
    },
    { id: 'actor', header: 'Who', enableSorting: false, cell: ({ row }) => <Who entry={row.original} />, meta: { card: 'field' } },
    { id: 'what', header: 'What', enableSorting: false, cell: ({ row }) => <What entry={row.original} withSubject={withSubject} />, meta: { card: 'title' } },
    {
      id: 'changes',
      header: 'Changes',
      enableSorting: false,
      cell: ({ row }) => <Changes entry={row.original} diffFields={diffFields} />,
      meta: { card: 'field' },
    },
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
