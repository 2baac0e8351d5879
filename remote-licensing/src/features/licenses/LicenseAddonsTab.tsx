import { useQuery } from '@tanstack/react-query';
import { LicenseMessages, SeatMessages, type SeatAddon } from 'contracts/licensing';
import { DataTable, ProgressBar, type ColumnDef } from 'kit';
import { errorMessage } from 'shared';
import { DormantAccounts } from './DormantAccounts';
import { isUnlimited, usagePercent } from './license.usage';
import { seatDashboardQuery } from './seats.api';

const maximum = (max: number) => (isUnlimited(max) ? LicenseMessages.unlimited : max);

const columns: ColumnDef<SeatAddon, unknown>[] = [
  { id: 'name', header: 'Product License', accessorFn: (addon) => addon.name },
  { id: 'inUse', header: 'In Use', accessorFn: (addon) => addon.used, meta: { className: 'tabular-nums' } },
  {
    id: 'max',
    header: 'Max Users',
    accessorFn: (addon) => addon.maxUsers,
    cell: ({ row }) => maximum(row.original.maxUsers),
    meta: { className: 'tabular-nums', csv: (addon) => maximum(addon.maxUsers) },
  },
  {
    id: 'usage',
    header: 'Usage (%)',
    accessorFn: (addon) => usagePercent(addon.used, addon.maxUsers) ?? -1,
    // Spec 1: a bar only when the maximum is above 0; the unlimited-usage bar says 'N/A'.
    cell: ({ row }) => (
      <ProgressBar value={row.original.maxUsers > 0 ? usagePercent(row.original.used, row.original.maxUsers) : null} label={`${row.original.name} usage`} />
    ),
    meta: {
      className: 'w-40 sm:w-64',
      csv: (addon) => (addon.maxUsers > 0 ? Math.round(usagePercent(addon.used, addon.maxUsers) ?? 0) : LicenseMessages.notApplicable),
    },
  },
  // Ours (issue 24): of the seats in use, those dormant accounts hold.
  { id: 'dormant', header: 'Dormant', accessorFn: (addon) => addon.dormant, meta: { className: 'tabular-nums' } },
];

/**
 * Product licence add-on usage and, beyond the spec, the seat dashboard (issue 24): each product
 * licence the licence offers (a maximum other than 0), or that someone holds, with its seats in
 * use against its limit and those dormant accounts hold; then the dormant accounts. One read.
 */
export function LicenseAddonsTab({ licenseId }: { licenseId: number }) {
  const dashboard = useQuery(seatDashboardQuery(licenseId));
  const offered = (dashboard.data?.addOns ?? []).filter((addon) => addon.maxUsers !== 0 || addon.used > 0);
  return (
    <div className="space-y-6">
      <DataTable
        caption="Product license usage"
        data={offered}
        columns={columns}
        getRowId={(addon) => String(addon.addOnId)}
        loading={dashboard.isPending}
        error={dashboard.isError ? errorMessage(dashboard.error, SeatMessages.loadFailed) : undefined}
        emptyText="This license offers no product licenses."
      />
      {dashboard.data ? <DormantAccounts licenseId={licenseId} dashboard={dashboard.data} /> : null}
    </div>
  );
}
