import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { WorkflowMessages } from 'contracts/workflows';
import { DataTable, PageHeader, Select, type ColumnDef } from 'kit';
import { errorMessage, urlParam, useTableUrlState, useUrlState } from 'shared';
import { groupByRelatedKey, projectOptionsQuery, workflowsQuery, type WorkflowGroup } from './workflows.api';

/** The project filter, in the URL beside the table's own state; choosing one goes back to page 1. */
const projectParams = { projectId: urlParam.optionalNumber(), page: urlParam.number(0) };

const COLUMNS: ColumnDef<WorkflowGroup>[] = [
  { accessorKey: 'projectIds', header: 'Project Id' },
  { accessorKey: 'projectNames', header: 'Project Name' },
  { accessorKey: 'name', header: 'Workflow Name' },
];

/**
 * Progress workflows, one row per definition across the projects that share it. The project,
 * search, sort and page live in the URL; Export CSV downloads every row the search selects.
 */
export default function WorkflowsPage() {
  const [{ projectId }, setParams] = useUrlState(projectParams);
  const { filter, view } = useTableUrlState('Search workflows');
  const workflows = useQuery(workflowsQuery(projectId));
  const projects = useQuery(projectOptionsQuery());
  const rows = useMemo(() => groupByRelatedKey(workflows.data ?? []), [workflows.data]);

  return (
    <div className="space-y-4">
      <PageHeader title="Workflows" description="Progress workflows: phases and items, shared across projects." />
      <DataTable
        caption="Workflows"
        data={rows}
        columns={COLUMNS}
        getRowId={(row) => row.relatedKey}
        loading={workflows.isPending}
        error={workflows.isError ? errorMessage(workflows.error, WorkflowMessages.fetchFailed) : undefined}
        filter={filter}
        view={view}
        exportCsv={{ fileName: 'workflows.csv' }}
        toolbar={
          <Select
            aria-label="Project"
            className="w-64"
            value={projectId ?? ''}
            placeholder="All projects"
            options={(projects.data ?? []).map((p) => ({ value: p.projectId, label: `${p.projectId} · ${p.name}` }))}
            onChange={(e) => setParams({ projectId: e.target.value ? Number(e.target.value) : null, page: 0 })}
          />
        }
        emptyText="No workflows."
      />
    </div>
  );
}
