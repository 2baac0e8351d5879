import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { PreservationMessages } from 'contracts/workflows';
import {
  Alert,
  buttonClass,
  DataTable,
  DataTableFilter,
  Input,
  PageHeader,
  type ColumnDef,
  urlParam,
  useDebouncedValue,
  useTableUrlState,
  useUrlState,
} from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { workflowEndpoints } from 'contracts/workflows/model';
import { projectOptionsQuery } from '../workflows/workflows.api';
import { groupPreservations, preservationsQuery, type PreservationGroup } from './preservations.api';
import { preservationEditRoute, preservationViewRoute } from './preservations.routes';

/** The project filter, in the URL beside the table's own state. */
const projectParams = { project: urlParam.string(), page: urlParam.number(0) };

/** Spec 2 §9: the preservation list's project filter waits 200 ms after the last key. */
const FILTER_DEBOUNCE_MS = 200;

const COLUMNS: ColumnDef<PreservationGroup>[] = [
  { accessorKey: 'projectIds', header: 'Project Id', meta: { card: 'field' } },
  { accessorKey: 'projectNames', header: 'Project Name', meta: { card: 'field' } },
  { accessorKey: 'name', header: 'Preservation Name', meta: { card: 'title' } },
];

/**
 * Preservation plans (spec 2: /preservations), one row per plan across the projects that share
 * it; the project filter matches a project's id or name. A row opens the plan.
 */
export default function PreservationsPage() {
  const navigate = useNavigate();
  const [{ project }, setParams] = useUrlState(projectParams);
  const { filter, view } = useTableUrlState('Search preservations');
  const list = useQuery(preservationsQuery());
  const projects = useQuery(projectOptionsQuery());
  const mayAdd = useMayCall(workflowEndpoints.createPreservations);
  const wanted = useDebouncedValue(project.trim().toLowerCase(), FILTER_DEBOUNCE_MS);
  const rows = useMemo(
    () => groupPreservations((list.data ?? []).filter((p) => wanted === '' || String(p.projectId) === wanted || p.projectName.toLowerCase().includes(wanted))),
    [list.data, wanted],
  );
  const noProjects = projects.isSuccess && projects.data.length === 0;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Preservations"
        description="Preservation plans: initial and recurring steps with intervals, shared across projects."
        actions={
          mayAdd && !noProjects ? (
            <Link to={preservationEditRoute.to({ id: 'new' })} className={buttonClass()}>
              Add Preservation
            </Link>
          ) : undefined
        }
      />
      {noProjects ? (
        <Alert variant="warning">{PreservationMessages.noProjectAccess}</Alert>
      ) : (
        <DataTable
          caption="Preservations"
          data={rows}
          columns={COLUMNS}
          getRowId={(row) => row.relatedKey}
          loading={list.isPending}
          error={list.isError ? errorMessage(list.error, PreservationMessages.fetchFailed) : undefined}
          filter={filter}
          view={view}
          exportCsv={{ fileName: 'preservations.csv' }}
          onRowClick={(row) => navigate(preservationViewRoute.to({ projectId: row.copies[0]!.projectId, id: row.copies[0]!.id }))}
          toolbar={
            <DataTableFilter label="Filter by project">
              <Input className="w-64 max-w-full" value={project} onChange={(e) => setParams({ project: e.target.value, page: 0 })} />
            </DataTableFilter>
          }
          emptyText="No preservations."
        />
      )}
    </div>
  );
}
