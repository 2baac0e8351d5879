import { useNavigate } from 'react-router';
import { LicenseMessages, type License } from 'contracts/licensing';
import { Badge, DataTable, formatDay, ProgressBar, type ColumnDef, type SortingFn, useTableUrlState } from 'kit';
import { licenseViewRoute } from './licenses.routes';
import { isUnlimited, usagePercent } from './license.usage';

const maxCell = (max: number) => (isUnlimited(max) ? LicenseMessages.unlimited : String(max));

/** Usage as the CSV says it: '3 of 10', or the count alone when unlimited. */
const usageText = (used: number, max: number) => (max > 0 ? `${used} of ${max}` : isUnlimited(max) ? String(used) : '');

const usageCell = (used: number, max: number) =>
  max > 0 ? (
    <ProgressBar value={usagePercent(used, max)} label={`${used} of ${max}`} />
  ) : isUnlimited(max) ? (
    <span className="text-slate-500">{used}</span>
  ) : null;

/** Sorts a column whose 'Unlimited' (a negative maximum) or 'Never' (no expiry) counts as the largest value. */
const largestWhen =
  (isLargest: (value: number | null) => boolean): SortingFn<License> =>
  (a, b, columnId) => {
    const rank = (value: number | null) => (isLargest(value) ? Number.POSITIVE_INFINITY : (value ?? 0));
    return Math.sign(rank(a.getValue<number | null>(columnId)) - rank(b.getValue<number | null>(columnId)));
  };
const unlimitedLast = largestWhen((max) => max !== null && isUnlimited(max));
const neverLast = largestWhen((expiry) => expiry === null);

const COLUMNS: ColumnDef<License>[] = [
  { accessorKey: 'licenseId', header: 'Id', meta: { className: 'w-16' } },
  { accessorKey: 'name', header: 'Name', meta: { card: 'title' } },
  { accessorKey: 'licenseType', header: 'Type' },
  { accessorKey: 'ownerName', header: 'Owner', cell: ({ row }) => row.original.ownerName ?? '—', meta: { card: 'field' } },
  {
    accessorKey: 'maxProjects',
    header: 'Max Projects',
    cell: ({ row }) => maxCell(row.original.maxProjects),
    sortingFn: unlimitedLast,
    meta: { csv: (l) => maxCell(l.maxProjects) },
  },
  {
    id: 'projectUsage',
    header: 'Project Usage (%)',
    cell: ({ row }) => usageCell(row.original.numProjects, row.original.maxProjects),
    meta: { csv: (l) => usageText(l.numProjects, l.maxProjects), card: 'field' },
  },
  {
    accessorKey: 'maxUsers',
    header: 'Max Users',
    cell: ({ row }) => maxCell(row.original.maxUsers),
    sortingFn: unlimitedLast,
    meta: { csv: (l) => maxCell(l.maxUsers) },
  },
  {
    id: 'userUsage',
    header: 'User Usage (%)',
    cell: ({ row }) => usageCell(row.original.numUsers, row.original.maxUsers),
    meta: { csv: (l) => usageText(l.numUsers, l.maxUsers), card: 'field' },
  },
  {
    accessorKey: 'expiryDate',
    header: 'Expiry',
    sortingFn: neverLast,
    sortUndefined: false,
    meta: { csv: (l) => (l.expiryDate === null ? 'Never' : formatDay(l.expiryDate)), card: 'field' },
    cell: ({ row }) => {
      const expiry = row.original.expiryDate;
      if (expiry === null) return <span className="text-slate-500">Never</span>;
      return <Badge variant={expiry < Date.now() ? 'danger' : 'success'}>{formatDay(expiry)}</Badge>;
    },
  },
  {
    accessorKey: 'isActive',
    header: 'Active',
    cell: ({ row }) => (row.original.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>),
    meta: { csv: (l) => (l.isActive ? 'Active' : 'Inactive'), card: 'field' },
  },
];

/**
 * Every licence with its seats and expiry; a row opens the licence. Search, sort and page live
 * in the URL; Export CSV downloads every licence the search selects, in the list's order.
 */
export function LicensesTable({ licenses, loading, error }: { licenses: License[]; loading: boolean; error?: string }) {
  const navigate = useNavigate();
  const { filter, view } = useTableUrlState('Search licenses');
  return (
    <DataTable
      caption="Licenses"
      data={licenses}
      columns={COLUMNS}
      getRowId={(l) => String(l.licenseId)}
      loading={loading}
      error={error}
      pageSize={20}
      filter={filter}
      view={view}
      exportCsv={{ fileName: 'licenses.csv' }}
      onRowClick={(license) => navigate(licenseViewRoute.to({ id: license.licenseId }))}
      emptyText="No licenses."
    />
  );
}
