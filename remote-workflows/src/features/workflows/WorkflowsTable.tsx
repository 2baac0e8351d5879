import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass, DataTable, type ColumnDef, useTableUrlState } from 'kit';
import { Role, useHasRole } from 'shared';
import { workflowCopyLink, workflowViewRoute } from '../workflow-designer/workflowDesigner.routes';
import { ArchiveButton } from './ArchiveButton';
import type { WorkflowGroup } from './workflows.api';

const first = (group: WorkflowGroup) => group.workflows[0]!;

const BASE_COLUMNS: ColumnDef<WorkflowGroup>[] = [
  // Sorted by the first project's id; the cell lists every project of the row.
  {
    id: 'projectId',
    accessorFn: (group) => first(group).projectId,
    header: 'Project Id',
    cell: ({ row }) => row.original.projectIds,
    meta: { csv: (group) => group.projectIds, card: 'field' },
  },
  { id: 'projectName', accessorKey: 'projectNames', header: 'Project Name', meta: { card: 'field' } },
  { id: 'name', accessorKey: 'name', header: 'Workflow Name', meta: { card: 'title' } },
];

const COPY_COLUMN: ColumnDef<WorkflowGroup> = {
  id: 'copy',
  header: 'Copy',
  enableSorting: false,
  meta: { csv: false, card: 'action' },
  cell: ({ row }) => (
    <Link to={workflowCopyLink(first(row.original).workflowId)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
      Copy<span className="sr-only">{` ${row.original.name}`}</span>
    </Link>
  ),
};

const ARCHIVE_COLUMN: ColumnDef<WorkflowGroup> = {
  id: 'archive',
  header: 'Archive',
  enableSorting: false,
  meta: { csv: false, card: 'action' },
  cell: ({ row }) => <ArchiveButton group={row.original} />,
};

export interface WorkflowsTableProps {
  rows: WorkflowGroup[];
  loading: boolean;
  error?: string;
  toolbar?: ReactNode;
}

/**
 * The workflow list's table (spec 2 §2): Project Id, Project Name, Workflow Name, all sortable;
 * Copy for ADMINISTER_WORKFLOW and Archive for EDIT_WORKFLOW; a row opens the designer of its
 * first copy. Search, sort and page live in the URL.
 */
export function WorkflowsTable({ rows, loading, error, toolbar }: WorkflowsTableProps) {
  const navigate = useNavigate();
  const { filter, view } = useTableUrlState('Search workflows');
  const mayCopy = useHasRole(Role.ADMINISTER_WORKFLOW);
  const mayArchive = useHasRole(Role.EDIT_WORKFLOW);
  const columns = [...BASE_COLUMNS, ...(mayCopy ? [COPY_COLUMN] : []), ...(mayArchive ? [ARCHIVE_COLUMN] : [])];
  return (
    <DataTable
      caption="Workflows"
      data={rows}
      columns={columns}
      getRowId={(row) => row.relatedKey}
      loading={loading}
      error={error}
      filter={filter}
      view={view}
      exportCsv={{ fileName: 'workflows.csv' }}
      toolbar={toolbar}
      onRowClick={(row) => navigate(workflowViewRoute.to({ projectId: first(row).projectId, id: first(row).workflowId }))}
      emptyText="No workflows."
    />
  );
}
