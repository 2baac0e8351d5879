import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { WorkflowMessages } from 'contracts/workflows';
import { DataTable, errorMessage, PageHeader, Select, type ColumnDef } from 'shared';
import { groupByRelatedKey, projectOptionsQuery, workflowsQuery, type WorkflowGroup } from './workflows.api';

const COLUMNS: ColumnDef<WorkflowGroup>[] = [
  { accessorKey: 'projectIds', header: 'Project Id' },
  { accessorKey: 'projectNames', header: 'Project Name' },
  { accessorKey: 'name', header: 'Workflow Name' },
];

/** Progress workflows, one row per definition across the projects that share it. */
export default function WorkflowsPage() {
  const [projectId, setProjectId] = useState<number | null>(null);
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
        filter={{ placeholder: 'Search workflows' }}
        toolbar={
          <Select
            aria-label="Project"
            className="w-64"
            value={projectId ?? ''}
            placeholder="All projects"
            options={(projects.data ?? []).map((p) => ({ value: p.projectId, label: `${p.projectId} · ${p.name}` }))}
            onChange={(e) => setProjectId(e.target.value ? Number(e.target.value) : null)}
          />
        }
        emptyText="No workflows."
      />
    </div>
  );
}
