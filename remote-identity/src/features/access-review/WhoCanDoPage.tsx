import { useQuery } from '@tanstack/react-query';
import { AccessReviewMessages as M } from 'contracts/identity';
import { Card, DataTable, DataTableFilter, EmptyState, ExportCsvButton, LicenseSelect, PageHeader, Select, serverPaged, useUrlSearch, useUrlState } from 'kit';
import { errorMessage, Role, useHasRole, useSession } from 'shared';
import { downloadHolders, holderListParams, holdersQuery, HOLDERS_PAGE_SIZE, type HolderFilter } from './accessReview.api';
import { holdingColumns } from './holdingColumns';
import { SubjectPicker } from './SubjectPicker';

const VIA_OPTIONS = [
  { value: 'all', label: 'Any way' },
  { value: 'direct', label: 'Direct' },
  { value: 'group', label: 'Through a user group' },
  { value: 'all-projects', label: 'All projects (API keys)' },
];
const HOLDER_OPTIONS = [
  { value: 'all', label: 'Users and API keys' },
  { value: 'user', label: 'Users' },
  { value: 'key', label: 'API keys' },
];

/**
 * Who can do what (issue 41): pick a permission, a product licence or a project; every user and
 * API key holding it, how (directly, through which user group, through All projects), and when
 * and by whom it was given, from the server's one explanation (the roles tab reads it too).
 * Filter, sort, page and CSV on the server; the state lives in the URL.
 */
export default function WhoCanDoPage() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const ownLicense = useSession((s) => s.licenseId);
  const [params, setParams] = useUrlState(holderListParams);
  const [search, setSearch] = useUrlSearch(params.q, (q) => setParams({ q, page: 0 }, { replace: true }));
  const licenseId = allLicenses ? (params.licenseId ?? ownLicense) : ownLicense;
  const filter: HolderFilter | null =
    params.id === null
      ? null
      : {
          kind: params.kind,
          id: params.id,
          via: params.via,
          holder: params.holder,
          filter: params.q,
          sort: params.sort,
          dir: params.dir,
          licenseId: allLicenses ? licenseId : null,
        };
  const holders = useQuery({ ...holdersQuery({ ...(filter ?? ({} as HolderFilter)), page: params.page }), enabled: filter !== null });
  return (
    <div className="space-y-4">
      <PageHeader title={M.whoTitle} description={M.whoDescription} />
      <Card>
        <div className="space-y-3">
          {allLicenses ? (
            <DataTableFilter label="License">
              <LicenseSelect value={params.licenseId} onChange={(id) => setParams({ licenseId: id, id: params.kind === 'role' ? params.id : null, page: 0 })} />
            </DataTableFilter>
          ) : null}
          <SubjectPicker kind={params.kind} id={params.id} licenseId={licenseId} onChange={(next) => setParams({ ...next, page: 0 })} />
        </div>
      </Card>
      {filter === null ? (
        <EmptyState title={M.pickSubject} />
      ) : (
        <DataTable
          caption={M.whoTitle}
          data={holders.data?.items ?? []}
          columns={holdingColumns}
          getRowId={(h) => `${h.holderKind}-${h.holderId}-${h.viaKind}-${h.viaId ?? ''}`}
          loading={holders.isPending}
          error={holders.isError ? errorMessage(holders.error, M.loadFailed) : undefined}
          pageSize={HOLDERS_PAGE_SIZE}
          filter={{ label: 'Filter holders', placeholder: 'Name or user group', value: search, onChange: setSearch }}
          emptyText={M.noHolders}
          manual={serverPaged(holders.data, params, setParams)}
          toolbar={
            <div className="flex flex-wrap items-end gap-4">
              <DataTableFilter label="Holders">
                <Select
                  value={params.holder}
                  options={HOLDER_OPTIONS}
                  onChange={(event) => setParams({ holder: event.target.value as HolderFilter['holder'], page: 0 })}
                />
              </DataTableFilter>
              <DataTableFilter label="Via">
                <Select value={params.via} options={VIA_OPTIONS} onChange={(event) => setParams({ via: event.target.value as HolderFilter['via'], page: 0 })} />
              </DataTableFilter>
              <ExportCsvButton download={() => downloadHolders(filter)} failure="Failed to export the holders." />
            </div>
          }
        />
      )}
    </div>
  );
}
