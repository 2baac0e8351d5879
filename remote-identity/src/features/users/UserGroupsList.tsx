import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { UserGroupMessages, type UserGroup } from 'contracts/identity';
import { Badge, type ColumnDef, DataTable, DataTableFilter, ExportCsvButton, LicenseSelect, serverPaged, useUrlSearch, useUrlState } from 'kit';
import { errorMessage, Role, useHasRole } from 'shared';
import { addonCatalogueQuery, downloadGroups, groupListParams, groupPageQuery, GROUPS_PAGE_SIZE } from '../user-groups/userGroups.api';
import { GROUP_ADMIN_ROLES, userGroupNewRoute, userGroupViewRoute } from '../user-groups/userGroups.routes';

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
 * opens the group. Paged, filtered and sorted on the server; its filter, sort and page live in
 * the URL beside the user list's, and the licence is the one the user list shows.
 */
export function UserGroupsList() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const creates = useHasRole(...GROUP_ADMIN_ROLES);
  const [params, setParams] = useUrlState(groupListParams);
  const [search, setSearch] = useUrlSearch(params.groupQ, (groupQ) => setParams({ groupQ, groupPage: 0 }, { replace: true }));
  const filter = { filter: params.groupQ, licenseId: allLicenses ? params.licenseId : null, sort: params.groupSort, dir: params.groupDir };
  const groups = useQuery(groupPageQuery({ ...filter, page: params.groupPage }));
  const catalogue = useQuery(addonCatalogueQuery);
  const addons: Addons = new Map((catalogue.data ?? []).map((a) => [a.addOnId, { name: a.name, shortName: a.shortName ?? a.name, color: a.color ?? '' }]));
  const navigate = useNavigate();
  return (
    <DataTable
      caption="User groups"
      data={groups.data?.items ?? []}
      columns={columns(allLicenses, addons)}
      getRowId={(group) => String(group.userGroupId)}
      loading={groups.isPending}
      error={groups.isError ? errorMessage(groups.error, UserGroupMessages.groupsLoadFailed) : undefined}
      pageSize={GROUPS_PAGE_SIZE}
      filter={{ placeholder: 'Filter user groups', value: search, onChange: setSearch }}
      emptyText={UserGroupMessages.noGroups}
      onRowClick={(group) => navigate(userGroupViewRoute.to({ name: group.name, id: group.userGroupId }))}
      // The groups' state has its own names in the URL: the list is a tab of the Users page.
      manual={serverPaged(groups.data, { page: params.groupPage, sort: params.groupSort, dir: params.groupDir }, (next) =>
        setParams({ groupPage: next.page, groupSort: next.sort, groupDir: next.dir }),
      )}
      toolbar={
        <div className="flex flex-wrap items-end gap-4">
          {allLicenses ? (
            <DataTableFilter label="License">
              <LicenseSelect value={params.licenseId} onChange={(licenseId) => setParams({ licenseId, groupPage: 0 })} />
            </DataTableFilter>
          ) : null}
          <ExportCsvButton download={() => downloadGroups(filter)} failure={UserGroupMessages.exportFailed} />
          {creates ? (
            <Link
              to={userGroupNewRoute.to({})}
              className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
            >
              New User Group
            </Link>
          ) : null}
        </div>
      }
    />
  );
}
