import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { AccessReviewMessages as M, type AccessReview } from 'contracts/identity';
import { Badge, type ColumnDef, DataTable, DataTableFilter, LicenseSelect, PageHeader, useUrlState, urlParam } from 'kit';
import { errorMessage, Role, useHasRole } from 'shared';
import { reviewsQuery } from './accessReview.api';
import { accessReviewNewRoute, accessReviewRoute } from './accessReview.routes';

const columns: ColumnDef<AccessReview>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'dueDate', header: 'Due' },
  {
    accessorKey: 'state',
    header: 'State',
    cell: ({ row }) => <Badge variant={row.original.state === 'open' ? 'warning' : 'success'}>{row.original.state === 'open' ? 'Open' : 'Signed off'}</Badge>,
  },
  {
    id: 'progress',
    header: 'Decided',
    accessorFn: (r) => r.items - r.undecided,
    cell: ({ row }) => `${row.original.items - row.original.undecided} of ${row.original.items}`,
  },
  { id: 'reviewers', header: 'Reviewers', accessorFn: (r) => r.reviewers.map((x) => x.userName).join(', ') },
];

/** The licence's access reviews (issue 41), newest first; a row opens the review. */
export default function AccessReviewsPage() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [params, setParams] = useUrlState({ licenseId: urlParam.optionalNumber() });
  const reviews = useQuery(reviewsQuery(allLicenses ? params.licenseId : null));
  const navigate = useNavigate();
  return (
    <div className="space-y-4">
      <PageHeader title={M.reviewsTitle} description="Reviews of who holds what in the license: each reviewer keeps or removes, then signs off." />
      <DataTable
        caption={M.reviewsTitle}
        data={reviews.data ?? []}
        columns={columns}
        getRowId={(r) => String(r.reviewId)}
        loading={reviews.isPending}
        error={reviews.isError ? errorMessage(reviews.error, 'Failed to load the reviews.') : undefined}
        emptyText="No access reviews yet."
        onRowClick={(r) => navigate(accessReviewRoute.to({ id: r.reviewId }))}
        toolbar={
          <div className="flex flex-wrap items-end gap-4">
            {allLicenses ? (
              <DataTableFilter label="License">
                <LicenseSelect value={params.licenseId} onChange={(id) => setParams({ licenseId: id })} />
              </DataTableFilter>
            ) : null}
            <Link
              to={accessReviewNewRoute.to({})}
              className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
            >
              Start a review
            </Link>
          </div>
        }
      />
    </div>
  );
}
