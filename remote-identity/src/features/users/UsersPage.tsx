import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { userGroupEndpoints, UserMessages } from 'contracts/identity';
import { DataTableFilter, ExportCsvButton, LicenseSelect, PageHeader, preloadDataTable, serverPaged, Switch, Tabs, useUrlSearch, useUrlState } from 'kit';
import { errorMessage, Role, useHasRole, useMayCall } from 'shared';
import { userImportRoute } from '../user-import/userImport.routes';
import { UserGroupsList } from './UserGroupsList';
import { useActiveOnlyCookie } from './useActiveOnlyCookie';
import { UserGroupBulkBar } from './UserGroupBulkBar';
import { downloadUsers, userListParams, userListQuery, useToggleUserFlag } from './users.api';
import { userNewRoute, userViewRoute } from './users.routes';
import { UsersTable } from './UsersTable';
import { OPENING_FILTER } from './users.list';

// The list's table loads with this screen (the kit loads it on its first draw otherwise): where a
// sign-in lands here, the screen runs while the sign-in is answered and draws with its table (issue 38).
void preloadDataTable();

/** The list's opening page, in the console's QueryClient (the route's `prefetch`: a sign-in landing here). */
export const prefetchOpening = (client: QueryClient) => client.prefetchQuery(userListQuery(OPENING_FILTER));

/**
 * The Users page: the user list — search, a licence selector for super administrators, the
 * active-only toggle and CSV export — and, for role administrators, the user group list. Search, sort,
 * page and licence live in the URL, so Back, reload and a shared
 * link restore the list.
 */
export default function UsersPage() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [params, setParams] = useUrlState(userListParams);
  const [activeOnly, setActiveOnly] = useActiveOnlyCookie();
  const [search, setSearch] = useUrlSearch(params.q, (q) => setParams({ q, page: 0 }, { replace: true }));

  const filter = { filter: params.q, licenseId: allLicenses ? params.licenseId : null, activeOnly, sort: params.sort, dir: params.dir };
  const users = useQuery(userListQuery({ ...filter, page: params.page }));
  const navigate = useNavigate();
  const administers = useHasRole(Role.ADMINISTER_USER_CREATE_UPDATE);
  // Spec 1 §6: user-group assignment needs role-administration rights.
  // The bulk bar and the groups tab exist to put users in groups.
  const assignsGroups = useMayCall(userGroupEndpoints.assignUsersToUserGroup);
  const [selected, setSelected] = useState<Record<string, boolean>>({});
  const selectedIds = Object.keys(selected)
    .filter((id) => selected[id])
    .map(Number);
  const toggle = useToggleUserFlag();

  const toolbar = (
    <div className="flex flex-wrap items-end gap-4">
      {allLicenses ? (
        <DataTableFilter label="License">
          <LicenseSelect value={params.licenseId} onChange={(id) => setParams({ licenseId: id, page: 0 })} />
        </DataTableFilter>
      ) : null}
      <Switch
        label="Active only"
        checked={activeOnly}
        onCheckedChange={(next) => {
          setActiveOnly(next);
          setParams({ page: 0 }, { replace: true });
        }}
      />
      <ExportCsvButton download={() => downloadUsers(filter)} failure={UserMessages.exportFailed} />
      {administers ? (
        <Link
          to={userNewRoute.to({})}
          className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
        >
          Add New User
        </Link>
      ) : null}
      {administers ? (
        <Link
          to={userImportRoute.to({})}
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium
              text-slate-700 shadow-sm hover:bg-slate-50"
        >
          Import users
        </Link>
      ) : null}
    </div>
  );

  const userList = (
    <div className="space-y-4">
      {assignsGroups ? <UserGroupBulkBar userIds={selectedIds} listLicenseId={filter.licenseId} onDone={() => setSelected({})} /> : null}
      <UsersTable
        page={users.data}
        loading={users.isPending}
        error={users.isError ? errorMessage(users.error, UserMessages.fetchFailed) : undefined}
        paging={serverPaged(users.data, params, setParams)}
        search={search}
        onSearch={setSearch}
        toolbar={toolbar}
        selection={assignsGroups ? { selected, onChange: setSelected } : undefined}
        onOpen={(user) => navigate(userViewRoute.to({ name: user.userName }))}
        onToggle={administers ? (user, flag, value) => toggle.mutate({ user, flag, value }) : undefined}
        canDuplicate={administers}
      />
    </div>
  );

  return (
    <div className="space-y-4">
      <PageHeader
        title="Users"
        description="People who sign in to the platform, their product licences and state, and the user groups that give them access together."
      />
      <Tabs
        hashSync
        tabs={[
          { id: 'users', label: 'Users', content: userList },
          // Spec 1 §2, §6: the user group list needs role-management rights.
          { id: 'groups', label: 'User Groups', hidden: !assignsGroups, content: <UserGroupsList /> },
        ]}
      />
    </div>
  );
}
