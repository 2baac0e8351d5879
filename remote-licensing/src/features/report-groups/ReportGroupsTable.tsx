import type { ReactNode } from 'react';
import { ReportMessages, type ReportGroup } from 'contracts/licensing';
import { Button, DataTable, type ColumnDef, useTableUrlState } from 'kit';

/** What a group without a licence or project reaches (ours: the server treats null as every one). */
export const ALL_LICENSES = 'All licenses';
export const ALL_PROJECTS = 'All projects';

/** How a row is named to a screen reader and in the delete question. */
export const groupLabel = (group: ReportGroup) => `${group.reportName ?? `Report ${group.reportId}`} for ${group.roleName ?? `role ${group.roleId}`}`;

const columnsWith = (onDelete: (group: ReportGroup) => void): ColumnDef<ReportGroup>[] => [
  {
    id: 'reportName',
    accessorFn: (g) => g.reportName ?? '',
    header: 'Report Name',
    cell: ({ row }) => <span className="font-medium">{row.original.reportName}</span>,
  },
  {
    id: 'reportPath',
    accessorFn: (g) => g.reportPath ?? '',
    header: 'Report Path',
    cell: ({ row }) => <span className="font-mono text-xs break-all">{row.original.reportPath}</span>,
  },
  { id: 'roleName', accessorFn: (g) => g.roleName ?? '', header: 'Role' },
  {
    id: 'licenseName',
    accessorFn: (g) => g.licenseName ?? ALL_LICENSES,
    header: 'License',
    cell: ({ row }) => (row.original.licenseName ? row.original.licenseName : <span className="text-slate-500">{ALL_LICENSES}</span>),
  },
  {
    id: 'projectName',
    accessorFn: (g) => g.projectName ?? ALL_PROJECTS,
    header: 'Project',
    cell: ({ row }) => (row.original.projectName ? row.original.projectName : <span className="text-slate-500">{ALL_PROJECTS}</span>),
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    enableSorting: false,
    meta: { csv: false, className: 'w-px text-right' },
    cell: ({ row }) => (
      <Button variant="secondary" size="sm" aria-label={`Delete ${groupLabel(row.original)}`} onClick={() => onDelete(row.original)}>
        Delete
      </Button>
    ),
  },
];

/**
 * The report groups (spec 1: Report Name, Report Path, Role, License, Project, a delete per
 * row; 'No reports available.' when there are none). Search, sort and page live in the URL;
 * Export CSV downloads the rows the search selects.
 */
export function ReportGroupsTable({
  groups,
  loading,
  error,
  onDelete,
  toolbar,
}: {
  groups: ReportGroup[];
  loading: boolean;
  error?: string;
  onDelete: (group: ReportGroup) => void;
  toolbar?: ReactNode;
}) {
  const { filter, view } = useTableUrlState('Search report groups');
  return (
    <DataTable
      caption="Report groups"
      data={groups}
      columns={columnsWith(onDelete)}
      getRowId={(g) => String(g.reportGroupId)}
      loading={loading}
      error={error}
      pageSize={20}
      filter={filter}
      view={view}
      exportCsv={{ fileName: 'report-groups.csv' }}
      emptyText={ReportMessages.none}
      toolbar={toolbar}
    />
  );
}
