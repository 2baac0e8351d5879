import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { MobileReleaseMessages, type MobileRelease } from 'contracts/licensing';
import { Badge, DataTable, formatDay, PageHeader, serverPaged, type ColumnDef, useUrlSearch, useUrlState } from 'kit';
import { errorMessage } from 'shared';
import { RELEASES_PAGE_SIZE, releaseListParams, releasePageQuery } from './mobileReleases.api';
import { mobileReleaseNewRoute, mobileReleaseViewRoute } from './mobileReleases.routes';

const columns: ColumnDef<MobileRelease>[] = [
  { accessorKey: 'version', header: 'Version', cell: ({ row }) => <span className="font-medium">{row.original.version}</span> },
  { accessorKey: 'couchUrl', header: 'Couch URL', cell: ({ row }) => <span className="break-all font-mono text-xs">{row.original.couchUrl}</span> },
  { accessorKey: 'releaseDate', header: 'Release Date', cell: ({ row }) => formatDay(row.original.releaseDate) },
  {
    accessorKey: 'active',
    header: 'Active',
    cell: ({ row }) => (row.original.active ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>),
  },
  { accessorKey: 'current', header: 'Current', cell: ({ row }) => (row.original.current ? <Badge variant="info">Current</Badge> : null) },
];

/**
 * The mobile app releases ('Mobile Admin', spec 1: list, view, edit, new; version, couch url,
 * release date, active, current): newest first, 20 a page with a search box, paged on the
 * server; the search and page live in the URL; a row opens the release.
 */
export default function MobileReleasesPage() {
  const [params, setParams] = useUrlState(releaseListParams);
  const [search, setSearch] = useUrlSearch(params.q, (q) => setParams({ q, page: 0 }, { replace: true }));
  const releases = useQuery(releasePageQuery(params.q, params.page));
  const navigate = useNavigate();
  return (
    <div className="space-y-4">
      <PageHeader
        title="Mobile releases"
        description="Releases of the SiteSense mobile app and the couch database each one syncs with. One release is current."
      />
      <DataTable
        caption="Mobile releases"
        data={releases.data?.items ?? []}
        columns={columns}
        getRowId={(release) => String(release.id)}
        loading={releases.isPending}
        error={releases.isError ? errorMessage(releases.error, MobileReleaseMessages.fetchFailed) : undefined}
        pageSize={RELEASES_PAGE_SIZE}
        filter={{ placeholder: 'Search by version or couch URL', value: search, onChange: setSearch }}
        emptyText={MobileReleaseMessages.noReleases}
        onRowClick={(release) => navigate(mobileReleaseViewRoute.to({ id: release.id }))}
        manual={serverPaged(releases.data, { page: params.page, sort: 'releaseDate', dir: 'desc' }, ({ page }) => page !== undefined && setParams({ page }))}
        sorting={false}
        toolbar={
          <Link
            to={mobileReleaseNewRoute.to({})}
            className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
          >
            New Release
          </Link>
        }
      />
    </div>
  );
}
