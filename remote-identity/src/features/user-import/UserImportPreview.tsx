import type { UserImportReply, UserImportSeat } from 'contracts/identity';
import { Alert, DataTable, formatCount, type ColumnDef } from 'kit';
import { UserImportRows } from './UserImportRows';

/** What a file's rows do, in one sentence. */
export function importSummary({ counts }: Pick<UserImportReply, 'counts'>): string {
  const rows = `${formatCount(counts.rows)} ${counts.rows === 1 ? 'row' : 'rows'}`;
  return `${rows}: ${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged, ${counts.refused} refused.`;
}

const seatColumns: ColumnDef<UserImportSeat, unknown>[] = [
  { id: 'name', header: 'Product license', accessorKey: 'name', meta: { card: 'title' } },
  { id: 'needed', header: 'Seats needed', accessorKey: 'needed', meta: { card: 'field' } },
  {
    id: 'free',
    header: 'Free',
    cell: ({ row }) => (row.original.free === null ? 'Unlimited' : `${row.original.free} of ${row.original.maxUsers}`),
    meta: { card: 'field' },
  },
  {
    id: 'over',
    header: 'Fits',
    cell: ({ row }) =>
      row.original.over ? <span className="font-semibold text-red-700">{`No: ${row.original.needed - (row.original.free ?? 0)} too many`}</span> : 'Yes',
    meta: { card: 'field' },
  },
];

/**
 * The dry run's answer: the counts, the groups the file names that do not exist, the seats the
 * valid rows would take against those free, and every row with what it does or why it is refused.
 */
export function UserImportPreview({ reply }: { reply: UserImportReply }) {
  const over = reply.seats.some((s) => s.over);
  return (
    <div className="space-y-4">
      <p className="font-medium text-slate-900">{importSummary(reply)}</p>
      {reply.counts.refused > 0 ? (
        <Alert variant="warning" title="Refused rows are left out">
          {`${reply.counts.refused} ${reply.counts.refused === 1 ? 'row is' : 'rows are'} refused: fix ${reply.counts.refused === 1 ? 'it' : 'them'} ` +
            `in the file and choose it again, or apply without ${reply.counts.refused === 1 ? 'it' : 'them'}.`}
        </Alert>
      ) : null}
      {reply.unknownGroups.length > 0 ? (
        <Alert variant="warning" title="User groups that do not exist">
          {reply.unknownGroups.join(', ')}
        </Alert>
      ) : null}
      {over ? <Alert variant="danger">Not enough seats: remove product licenses or user groups from the file, or free seats, before applying.</Alert> : null}
      {reply.seats.length > 0 ? (
        <section aria-labelledby="user-import-seats" className="space-y-2">
          <h2 id="user-import-seats" className="text-base font-semibold text-slate-900">
            Seats
          </h2>
          <DataTable data={[...reply.seats]} columns={seatColumns} getRowId={(s) => String(s.addOnId)} caption="Seats the import takes" sorting={false} />
        </section>
      ) : null}
      <section aria-labelledby="user-import-rows" className="space-y-2">
        <h2 id="user-import-rows" className="text-base font-semibold text-slate-900">
          Rows
        </h2>
        <UserImportRows rows={reply.rows} />
      </section>
    </div>
  );
}
