import { Link } from 'react-router';
import { type UserListItem, UserMessages, type UserPage } from 'contracts/identity';
import { Badge, type ColumnDef, DataTable, formatTime, type PagedTableProps } from 'kit';
import { Role, useHasRole } from 'shared';
import { temporaryLockEnd } from './lockState';
import { USERS_PAGE_SIZE, type UserFlag } from './users.api';
import { userDuplicateRoute } from './users.routes';

/** What the list's administrators get on top of reading it. */
export interface UserRowActions {
  /** Toggles Active or Locked; absent: the badges only show the state. */
  onToggle?: (user: UserListItem, flag: UserFlag, value: boolean) => void;
  /** Shows the copy column (to /users/:name/duplicate). */
  canDuplicate?: boolean;
}

function flagBadge(user: UserListItem, flag: UserFlag, onToggle: UserRowActions['onToggle']) {
  const on = user[flag];
  // A temporary lock after failed sign-ins (issue 36) shows until when; the toggle stays the lasting Locked flag.
  const until = flag === 'isLockedOut' ? temporaryLockEnd(user) : null;
  const [text, variant, next] =
    flag === 'isApproved'
      ? ([on ? 'Active' : 'Inactive', on ? 'success' : 'neutral', on ? 'deactivate' : 'activate'] as const)
      : until
        ? ([UserMessages.lockedUntil(formatTime(until)), 'warning', 'lock'] as const)
        : ([on ? 'Locked' : 'Unlocked', on ? 'danger' : 'neutral', on ? 'unlock' : 'lock'] as const);
  return (
    <Badge
      variant={variant}
      onClick={onToggle ? () => onToggle(user, flag, !on) : undefined}
      title={onToggle ? `Click to ${next} ${user.userName}` : undefined}
    >
      {text}
    </Badge>
  );
}

function columns(showLicense: boolean, { onToggle, canDuplicate }: UserRowActions): ColumnDef<UserListItem>[] {
  return [
    { accessorKey: 'userName', header: 'User' },
    { accessorKey: 'fullName', header: 'Full Name' },
    ...(showLicense ? [{ accessorKey: 'licenseName', header: 'License' } satisfies ColumnDef<UserListItem>] : []),
    { accessorKey: 'companyName', header: 'Company' },
    { accessorKey: 'position', header: 'Position' },
    { accessorKey: 'isApproved', header: 'Active', cell: ({ row }) => flagBadge(row.original, 'isApproved', onToggle) },
    { accessorKey: 'isLockedOut', header: 'Locked', cell: ({ row }) => flagBadge(row.original, 'isLockedOut', onToggle) },
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
    ...(canDuplicate
      ? [
          {
            id: 'copy',
            header: () => <span className="sr-only">Copy</span>,
            enableSorting: false,
            cell: ({ row }) => (
              <Link
                to={userDuplicateRoute.to({ name: row.original.userName })}
                className="text-sm font-medium text-brand-700 hover:underline"
                aria-label={`Copy ${row.original.userName}`}
              >
                Copy
              </Link>
            ),
          } satisfies ColumnDef<UserListItem>,
        ]
      : []),
  ];
}

type Props = PagedTableProps<UserPage> &
  UserRowActions & {
    selection?: { selected: Record<string, boolean>; onChange: (next: Record<string, boolean>) => void };
    onOpen?: (user: UserListItem) => void;
  };

/** The user list, paged on the server (25 a page); a row opens the user, by click or Enter. */
export function UsersTable({ page, loading, error, paging, search, onSearch, toolbar, selection, onOpen, onToggle, canDuplicate }: Props) {
  const showLicense = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  return (
    <DataTable
      caption="Users"
      data={page?.items ?? []}
      columns={columns(showLicense, { onToggle, canDuplicate })}
      getRowId={(user) => String(user.userId)}
      loading={loading}
      error={error}
      pageSize={USERS_PAGE_SIZE}
      filter={{ placeholder: 'Search users', value: search, onChange: onSearch }}
      toolbar={toolbar}
      emptyText="No users match."
      rowSelection={selection}
      onRowClick={onOpen}
      manual={paging}
    />
  );
}
