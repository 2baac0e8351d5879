import { Link } from 'react-router';
import { UserGroupMessages, type UserGroupDetail } from 'contracts/identity';
import { DataTable } from 'kit';
import { userViewRoute } from '../users/users.routes';

/** A group's Users tab (spec 1 §2): its members, 25 a page — user (a link to the user's view), full name, email and company. */
export function UserGroupUsersTab({ group }: { group: UserGroupDetail }) {
  return (
    <DataTable
      caption="Members"
      data={group.members}
      getRowId={(m) => String(m.userId)}
      pageSize={25}
      emptyText={UserGroupMessages.noMembers}
      columns={[
        {
          accessorKey: 'userName',
          header: 'User',
          cell: ({ row }) => (
            <Link to={userViewRoute.to({ name: row.original.userName })} className="font-medium text-brand-700 hover:underline">
              {row.original.userName}
            </Link>
          ),
        },
        { id: 'fullName', header: 'Full Name', accessorFn: (m) => `${m.firstName} ${m.lastName}`.trim() },
        { accessorKey: 'email', header: 'Email' },
        { accessorKey: 'companyName', header: 'Company' },
      ]}
    />
  );
}
