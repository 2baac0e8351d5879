import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ApiKeyMessages, type ApiKey } from 'contracts/identity';
import {
  Badge,
  type ColumnDef,
  DataTable,
  DataTableFilter,
  ExportCsvButton,
  LicenseSelect,
  PageHeader,
  serverPaged,
  Switch,
  useUrlSearch,
  useUrlState,
} from 'kit';
import { errorMessage, Role, useHasRole } from 'shared';
import { apiKeyListParams, apiKeyPageQuery, downloadApiKeys, KEYS_PAGE_SIZE, useToggleApiKey } from './apiKeys.api';
import { apiKeyNewRoute, apiKeyViewRoute } from './apiKeys.routes';

function columns(showLicense: boolean, onToggle: (key: ApiKey) => void): ColumnDef<ApiKey>[] {
  return [
    { accessorKey: 'keyPrefix', header: 'Prefix', cell: ({ row }) => <code className="text-xs">{row.original.keyPrefix}</code> },
    { accessorKey: 'name', header: 'Name' },
    ...(showLicense ? [{ accessorKey: 'licenseName', header: 'License' } satisfies ColumnDef<ApiKey>] : []),
    {
      accessorKey: 'isActive',
      header: 'Active',
      cell: ({ row }) => (
        <Badge
          variant={row.original.isActive ? 'success' : 'neutral'}
          onClick={() => onToggle(row.original)}
          title={`Click to ${row.original.isActive ? 'deactivate' : 'activate'} ${row.original.name}`}
        >
          {row.original.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      id: 'addons',
      header: 'Product Licenses',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          {row.original.keyAddons.map((addon) => (
            <Badge key={addon.addOnId} color={addon.addonData?.color} title={addon.addonData?.name}>
              {addon.addonData?.shortName ?? addon.addOnId}
            </Badge>
          ))}
        </div>
      ),
    },
  ];
}

/**
 * The API key list (spec 1 §2): a text filter, the licence select for super administrators,
 * an active-only filter, 25 a page; Prefix, Name, License, Active (a click toggles it) and
 * Product Licenses; a row opens the key. Paged, filtered and sorted on the server; the filter,
 * licence, active filter, sort and page live in the URL.
 */
export default function ApiKeysPage() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [params, setParams] = useUrlState(apiKeyListParams);
  const [search, setSearch] = useUrlSearch(params.q, (q) => setParams({ q, page: 0 }, { replace: true }));
  const filter = {
    filter: params.q,
    licenseId: allLicenses ? params.licenseId : null,
    activeOnly: params.active === 'active',
    sort: params.sort,
    dir: params.dir,
  };
  const keys = useQuery(apiKeyPageQuery({ ...filter, page: params.page }));
  const toggle = useToggleApiKey();
  const navigate = useNavigate();
  return (
    <div className="space-y-4">
      <PageHeader title="API keys" description="Keys that let a customer's own systems call the API, each with its own roles, projects and product licenses." />
      <DataTable
        caption="API keys"
        data={keys.data?.items ?? []}
        columns={columns(allLicenses, (key) => toggle.mutate({ key, isActive: !key.isActive }))}
        getRowId={(key) => String(key.apiKeyId)}
        loading={keys.isPending}
        error={keys.isError ? errorMessage(keys.error, ApiKeyMessages.fetchFailed) : undefined}
        pageSize={KEYS_PAGE_SIZE}
        filter={{ placeholder: 'Filter API keys', value: search, onChange: setSearch }}
        emptyText={ApiKeyMessages.noKeys}
        onRowClick={(key) => navigate(apiKeyViewRoute.to({ id: key.apiKeyId }))}
        manual={serverPaged(keys.data, params, setParams)}
        toolbar={
          <div className="flex flex-wrap items-end gap-4">
            {allLicenses ? (
              <DataTableFilter label="License">
                <LicenseSelect value={params.licenseId} onChange={(id) => setParams({ licenseId: id, page: 0 })} />
              </DataTableFilter>
            ) : null}
            <Switch
              label="Active only"
              checked={params.active === 'active'}
              onCheckedChange={(on) => setParams({ active: on ? 'active' : 'all', page: 0 }, { replace: true })}
            />
            <ExportCsvButton download={() => downloadApiKeys(filter)} failure={ApiKeyMessages.exportFailed} />
            <Link
              to={apiKeyNewRoute.to({})}
              className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
            >
              New API Key
            </Link>
          </div>
        }
      />
    </div>
  );
}
