import { useQuery } from '@tanstack/react-query';
import { UserMessages, userEndpoints, type User } from 'contracts/identity';
import type { UserReport } from 'contracts/licensing';
import { Badge, type ColumnDef, DataTable } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { useToggleReport, userReportsQuery } from './user.api';

/**
 * The reports tab (spec 1 §2): every report with assigned, auto assigned and why; a report
 * administrator toggles a report by hand, never one given automatically.
 */
export function UserReportsTab({ user }: { user: User }) {
  const canToggle = useMayCall(userEndpoints.assignUserReport);
  const reports = useQuery(userReportsQuery(user.userName));
  const toggle = useToggleReport(user.userName);

  const columns: ColumnDef<UserReport>[] = [
    { accessorKey: 'reportName', header: 'Report' },
    { accessorKey: 'reportPath', header: 'Report path' },
    {
      accessorKey: 'assigned',
      header: 'Assigned',
      cell: ({ row }) => {
        const report = row.original;
        const clickable = canToggle && !report.autoAssigned;
        return (
          <Badge
            variant={report.assigned ? 'success' : 'neutral'}
            onClick={clickable ? () => toggle.mutate({ reportId: report.reportId, assigned: !report.assigned }) : undefined}
            title={clickable ? (report.assigned ? 'Click to unassign' : 'Click to assign') : undefined}
          >
            {report.assigned ? 'Assigned' : 'Not assigned'}
          </Badge>
        );
      },
    },
    { accessorKey: 'autoAssigned', header: 'Auto assigned', cell: ({ row }) => (row.original.autoAssigned ? 'Yes' : 'No') },
    { accessorKey: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason ?? '' },
  ];

  return (
    <DataTable
      caption="Reports"
      data={reports.data ?? []}
      columns={columns}
      getRowId={(report) => String(report.reportId)}
      loading={reports.isPending}
      error={reports.isError ? errorMessage(reports.error, UserMessages.reportsLoadFailed) : undefined}
      emptyText="No reports."
      pageSize={25}
    />
  );
}
