import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SeatMessages, type DormantAccount } from 'contracts/licensing';
import { Badge, DataTable, type ColumnDef, type SortingFn, useTableUrlState } from 'kit';
import { sectionLink } from 'shared';
import { lastSignInText, lastSignInTime, NEVER, seatsText, seatText } from './dormantAccounts';

/** Sorts by the time of the last sign-in (the column shows its day, or 'Never', the longest ago). */
const byLastSignIn: SortingFn<DormantAccount> = (a, b) => Math.sign(lastSignInTime(a.original) - lastSignInTime(b.original));

const COLUMNS: ColumnDef<DormantAccount>[] = [
  {
    id: 'userName',
    header: 'User Name',
    accessorFn: (account) => account.userName,
    // One click to the user's view, in the identity section (its path is that section's).
    cell: ({ row }) => (
      <Link
        to={sectionLink('identity', 'user.view', { name: row.original.userName })}
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {row.original.userName}
      </Link>
    ),
  },
  { id: 'fullName', header: 'Full Name', accessorFn: (account) => account.fullName },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (account) => (account.isActive ? 'Active' : 'Inactive'),
    cell: ({ row }) => (row.original.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>),
  },
  {
    id: 'lastSignIn',
    header: 'Last Sign-in',
    accessorFn: lastSignInText,
    sortingFn: byLastSignIn,
    cell: ({ row }) => (row.original.lastLoginDate ? lastSignInText(row.original) : <span className="text-slate-500">{NEVER}</span>),
    meta: { className: 'whitespace-nowrap' },
  },
  {
    id: 'seats',
    header: 'Product Licenses',
    accessorFn: seatsText,
    enableSorting: false,
    cell: ({ row }) => (
      <ul className="space-y-0.5">
        {row.original.seats.map((seat) => (
          <li key={seat.addOnId} className={seat.direct ? undefined : 'text-slate-500'}>
            {seatText(seat)}
          </li>
        ))}
      </ul>
    ),
  },
];

/**
 * The licence's dormant accounts (ours, issue 24): held whole in the browser, with search, sort
 * and page in the URL and Export CSV; a user's name opens their view. A seat a user group gives
 * names the group: freeing seats leaves it.
 */
export function DormantAccountsTable({ accounts, dormantAfterDays, toolbar }: { accounts: DormantAccount[]; dormantAfterDays: number; toolbar?: ReactNode }) {
  const { filter, view } = useTableUrlState('Search dormant accounts');
  return (
    <DataTable
      caption="Dormant accounts"
      data={accounts}
      columns={COLUMNS}
      getRowId={(account) => String(account.userId)}
      pageSize={20}
      filter={filter}
      view={view}
      exportCsv={{ fileName: 'dormant-accounts.csv' }}
      emptyText={SeatMessages.noneDormant(dormantAfterDays)}
      toolbar={toolbar}
    />
  );
}
