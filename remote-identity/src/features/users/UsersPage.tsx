import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { UserMessages } from 'contracts/identity';
import { errorMessage, LicenseSelect, PageHeader, Role, Switch, useDebouncedValue, useHasRole } from 'shared';
import { useActiveOnlyCookie } from './useActiveOnlyCookie';
import { userListQuery } from './users.api';
import { UsersTable } from './UsersTable';

/** The user list: search, a licence selector for super administrators, and the active-only toggle. */
export default function UsersPage() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [search, setSearch] = useState('');
  const [licenseId, setLicenseId] = useState<number | null>(null);
  const [activeOnly, setActiveOnly] = useActiveOnlyCookie();
  const [page, setPage] = useState(0);
  const filter = useDebouncedValue(search.trim(), 250);
  const users = useQuery(userListQuery({ page, filter, licenseId, activeOnly }));

  const toolbar = (
    <div className="flex flex-wrap items-center gap-4">
      {allLicenses ? (
        <LicenseSelect
          value={licenseId}
          onChange={(id) => {
            setLicenseId(id);
            setPage(0);
          }}
        />
      ) : null}
      <Switch
        label="Active only"
        checked={activeOnly}
        onCheckedChange={(next) => {
          setActiveOnly(next);
          setPage(0);
        }}
      />
    </div>
  );

  return (
    <div className="space-y-4">
      <PageHeader title="Users" description="People who sign in to the platform, their product licences and state." />
      <UsersTable
        page={users.data}
        loading={users.isPending}
        error={users.isError ? errorMessage(users.error, UserMessages.fetchFailed) : undefined}
        pageIndex={page}
        onPageChange={setPage}
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(0);
        }}
        toolbar={toolbar}
      />
    </div>
  );
}
