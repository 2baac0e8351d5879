import { Link } from 'react-router';
import { SeatMessages, type DormantAccount, type DormantAccountPage } from 'contracts/licensing';
import { Badge, DataTable, type ColumnDef, type PagedTableProps } from 'kit';
import { sectionLink } from 'shared';
import { DORMANT_PAGE_SIZE } from './seats.api';
import { lastSignInText, NEVER, seatsText, seatText } from './dormantAccounts';

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
  { id: 'fullName', header: 'Full Name', accessorFn: (account) => account.fullName, enableSorting: false },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (account) => (account.isActive ? 'Active' : 'Inactive'),
    enableSorting: false,
    cell: ({ row }) => (row.original.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>),
  },
  {
    id: 'lastSignIn',
    header: 'Last Sign-in',
    accessorFn: lastSignInText,
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
 * The licence's dormant accounts (ours, issue 24), a page at a time from the server (issue 38: a
 * licence may have hundreds of thousands): longest silent first or by user name, searched like
 * the user list, with the search, order and page in the URL; a user's name opens their view. A
 * seat a user group gives names the group: freeing seats leaves it.
 */
export function DormantAccountsTable({
  page,
  loading,
  error,
  paging,
  search,
  onSearch,
  toolbar,
  dormantAfterDays,
}: PagedTableProps<DormantAccountPage> & { dormantAfterDays: number }) {
  return (
    <DataTable
      caption="Dormant accounts"
      data={page?.items ?? []}
      columns={COLUMNS}
      getRowId={(account) => String(account.userId)}
      pageSize={DORMANT_PAGE_SIZE}
      loading={loading}
      error={error}
      filter={{ placeholder: SeatMessages.search, value: search, onChange: onSearch }}
      manual={paging}
      emptyText={search ? SeatMessages.noneMatch : SeatMessages.noneDormant(dormantAfterDays)}
      toolbar={toolbar}
    />
  );
}
