import { useQuery } from '@tanstack/react-query';
import { LicenseMessages } from 'contracts/licensing';
import type { LicenseAddon } from 'contracts/identity/model';
import { DataTable, ProgressBar, type ColumnDef } from 'kit';
import { errorMessage } from 'shared';
import { isUnlimited, usagePercent } from './license.usage';
import { licenseAddonsQuery } from './licenses.api';

const maximum = (max: number) => (isUnlimited(max) ? LicenseMessages.unlimited : max);

const columns: ColumnDef<LicenseAddon, unknown>[] = [
  { id: 'name', header: 'Product License', accessorFn: (addon) => addon.name },
  { id: 'inUse', header: 'In Use', accessorFn: (addon) => addon.numUsers, meta: { className: 'tabular-nums' } },
  { id: 'max', header: 'Max Users', accessorFn: (addon) => addon.maxUsers, cell: ({ row }) => maximum(row.original.maxUsers), meta: { className: 'tabular-nums', csv: (addon) => maximum(addon.maxUsers) } },
  {
    id: 'usage',
    header: 'Usage (%)',
    accessorFn: (addon) => usagePercent(addon.numUsers, addon.maxUsers) ?? -1,
    // Spec 1: a bar only when the maximum is above 0; the unlimited-usage bar says 'N/A'.
    cell: ({ row }) => <ProgressBar value={row.original.maxUsers > 0 ? usagePercent(row.original.numUsers, row.original.maxUsers) : null} label={`${row.original.name} usage`} />,
    meta: { className: 'w-40 sm:w-64', csv: (addon) => (addon.maxUsers > 0 ? Math.round(usagePercent(addon.numUsers, addon.maxUsers) ?? 0) : LicenseMessages.notApplicable) },
  },
];

/**
 * Product licence add-on usage: each product licence the licence offers (a maximum other than
 * 0), or that someone holds, with its seats in use against its limit.
 */
export function LicenseAddonsTab({ licenseId }: { licenseId: number }) {
  const addons = useQuery(licenseAddonsQuery(licenseId));
  const offered = (addons.data ?? []).filter((addon) => addon.maxUsers !== 0 || addon.numUsers > 0);
  return (
    <DataTable
      caption="Product license usage"
      data={offered}
      columns={columns}
      getRowId={(addon) => String(addon.addOnId)}
      loading={addons.isPending}
      error={addons.isError ? errorMessage(addons.error, LicenseMessages.addonsCatalogueFailed) : undefined}
      emptyText="This license offers no product licenses."
    />
  );
}
