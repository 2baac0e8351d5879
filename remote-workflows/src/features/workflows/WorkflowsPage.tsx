import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { WorkflowMessages } from 'contracts/workflows';
import { buttonClass, DataTableFilter, EmptyState, PageHeader, Select, urlParam, useUrlState } from 'kit';
import { errorMessage, Role, useHasRole } from 'shared';
import { workflowNewRoute } from '../workflow-designer/workflowDesigner.routes';
import { groupByRelatedKey, projectOptionsQuery, workflowsQuery } from './workflows.api';
import { WorkflowsTable } from './WorkflowsTable';

/** The project filter, in the URL beside the table's own state; choosing one goes back to page 1. */
const projectParams = { projectId: urlParam.optionalNumber(), page: urlParam.number(0) };

/**
 * Progress workflows (spec 2 §2), one row per definition across the projects that share it
 * (decommissioned ones hidden; copies in a deactivated project marked), filtered by project — a
 * row in the project, whole; Add Workflow for ADMINISTER_WORKFLOW. A
 * user without a project sees 'No project access to view workflow. Please assign project first'.
 */
export default function WorkflowsPage() {
  const [{ projectId }, setParams] = useUrlState(projectParams);
  // Every workflow, filtered here by row: a workflow shared by several projects keeps its whole
  // row under the filter (all its projects), so Archive names and archives every copy.
  const workflows = useQuery(workflowsQuery(null));
  const projects = useQuery(projectOptionsQuery());
  const groups = useMemo(() => groupByRelatedKey(workflows.data ?? []), [workflows.data]);
  const rows = useMemo(
    () => (projectId === null ? groups : groups.filter((group) => group.workflows.some((workflow) => workflow.projectId === projectId))),
    [groups, projectId],
  );
  const mayAdd = useHasRole(Role.ADMINISTER_WORKFLOW);
  const noProjects = projects.data?.length === 0;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Workflows"
        description="Progress workflows: phases and items, shared across projects."
        actions={
          mayAdd && !noProjects ? (
            <Link to={workflowNewRoute.to({})} className={buttonClass()}>
              Add Workflow
            </Link>
          ) : null
        }
      />
      {noProjects ? (
        <EmptyState title={WorkflowMessages.noProjectAccess}>
          Workflows belong to projects: once a project is assigned to you, its workflows are listed here.
        </EmptyState>
      ) : (
        <WorkflowsTable
          rows={rows}
          loading={workflows.isPending}
          error={workflows.isError ? errorMessage(workflows.error, WorkflowMessages.fetchFailed) : undefined}
          toolbar={
            <DataTableFilter label="Project">
              <Select
                className="w-64"
                value={projectId ?? ''}
                placeholder="All projects"
                options={(projects.data ?? []).map((p) => ({ value: p.projectId, label: `${p.projectId} · ${p.name}` }))}
                onChange={(e) => setParams({ projectId: e.target.value ? Number(e.target.value) : null, page: 0 })}
              />
            </DataTableFilter>
          }
        />
      )}
    </div>
  );
}
