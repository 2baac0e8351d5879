import { type UserListItem, type UserPage } from 'contracts/identity';
import { Badge, DataTable, Role, useHasRole, type ColumnDef, type PagedTableProps } from 'shared';
import { USERS_PAGE_SIZE } from './users.api';

function columns(showLicense: boolean): ColumnDef<UserListItem>[] {
  return [
    { accessorKey: 'userName', header: 'User' },
    { accessorKey: 'fullName', header: 'Full Name' },
    ...(showLicense ? [{ accessorKey: 'licenseName', header: 'License' } satisfies ColumnDef<UserListItem>] : []),
    { accessorKey: 'companyName', header: 'Company' },
    { accessorKey: 'position', header: 'Position' },
    {
      accessorKey: 'isApproved',
      header: 'Active',
      cell: ({ row }) => (row.original.isApproved ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>),
    },
    {
      accessorKey: 'isLockedOut',
      header: 'Locked',
      cell: ({ row }) => (row.original.isLockedOut ? <Badge variant="danger">Locked</Badge> : <Badge variant="neutral">Unlocked</Badge>),
    },
    {
      id: 'addons',
      header: 'Product Licenses',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          {row.original.addons.map((addon) => (
            <Badge key={addon.addOnId} color={addon.color} title={addon.name}>
              {addon.shortName}
            </Badge>
          ))}
        </div>
      ),
    },
  ];
}

type Props = PagedTableProps<UserPage>;

/** The user list, paged on the server (25 a page). */
export function UsersTable({ page, loading, error, pageIndex, onPageChange, sort, onSortChange, search, onSearch, toolbar }: Props) {
  const showLicense = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const total = page?.total ?? 0;
  return (
    <DataTable
      caption="Users"
      data={page?.items ?? []}
      columns={columns(showLicense)}
      getRowId={(user) => String(user.userId)}
      loading={loading}
      error={error}
      pageSize={USERS_PAGE_SIZE}
      filter={{ placeholder: 'Search users', value: search, onChange: onSearch }}
      toolbar={toolbar}
      emptyText="No users match."
      manual={{ pageIndex, pageCount: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)), total, totalExact: page?.totalExact ?? true, onPageChange, sort, onSortChange }}
    />
  );
}
