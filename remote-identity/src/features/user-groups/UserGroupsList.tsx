import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { UserGroupMessages, type UserGroup } from 'contracts/identity';
import { Badge, DataTable, errorMessage, LicenseSelect, Role, useHasRole, useSession, type ColumnDef } from 'shared';
import { addonCatalogueQuery, groupListQuery, GROUPS_PAGE_SIZE } from './userGroups.api';
import { GROUP_ADMIN_ROLES, userGroupNewRoute, userGroupViewRoute } from './userGroups.routes';

type Addons = Map<number, { name: string; shortName: string; color: string }>;

function columns(showLicense: boolean, addons: Addons): ColumnDef<UserGroup>[] {
  return [
    { accessorKey: 'name', header: 'Name' },
    { accessorKey: 'userCount', header: 'User Count' },
    ...(showLicense ? [{ accessorKey: 'licenseName', header: 'License' } satisfies ColumnDef<UserGroup>] : []),
    {
      id: 'addons',
      header: 'Product Licenses',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          {row.original.addOnIds.map((id) => {
            const addon = addons.get(id);
            return (
              <Badge key={id} color={addon?.color} title={addon?.name}>
                {addon?.shortName ?? id}
              </Badge>
            );
          })}
        </div>
      ),
    },
  ];
}

/**
 * The user group list (spec 1 §2, the Users page's second tab): a filter, the licence select
 * for super administrators, Name, User Count, License and Product Licenses, 25 a page; a row
 * opens the group.
 */
export function UserGroupsList({ licenseId, onLicenseChange }: { licenseId: number | null; onLicenseChange: (id: number | null) => void }) {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const ownLicense = useSession((s) => s.licenseId);
  const creates = useHasRole(...GROUP_ADMIN_ROLES);
  const groups = useQuery(groupListQuery(allLicenses ? licenseId : ownLicense));
  const catalogue = useQuery(addonCatalogueQuery);
  const addons: Addons = new Map((catalogue.data ?? []).map((a) => [a.addOnId, { name: a.name, shortName: a.shortName ?? a.name, color: a.color ?? '' }]));
  const navigate = useNavigate();
  return (
    <DataTable
      caption="User groups"
      data={groups.data ?? []}
      columns={columns(allLicenses, addons)}
      getRowId={(group) => String(group.userGroupId)}
      loading={groups.isPending}
      error={groups.isError ? errorMessage(groups.error, UserGroupMessages.groupsLoadFailed) : undefined}
      pageSize={GROUPS_PAGE_SIZE}
      filter={{ placeholder: 'Filter user groups' }}
      emptyText={UserGroupMessages.noGroups}
      onRowClick={(group) => navigate(userGroupViewRoute.to({ name: group.name, id: group.userGroupId }))}
      toolbar={
        <div className="flex flex-wrap items-center gap-4">
          {allLicenses ? <LicenseSelect value={licenseId} onChange={onLicenseChange} /> : null}
          {creates ? (
            <Link to={userGroupNewRoute.to({})} className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700">
              New User Group
            </Link>
          ) : null}
        </div>
      }
    />
  );
}
