import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { WorkflowMessages as M, type WorkflowDetail } from 'contracts/workflows';
import { Alert, EmptyState, PageSpinner } from 'kit';
import { ApiError, errorMessage } from 'shared';
import { copyDraft, emptyDraft, savedDraft } from './designerDraft';
import { WorkflowDesigner } from './WorkflowDesigner';
import { isRefreshingOnMount, workflowDetailQuery } from './workflowDesigner.api';
import { routeId } from './workflowDesigner.routes';

/**
 * The designer's page (spec 2 §2): /workflow/new (a new workflow, or with `?id=<id>&copy=true`
 * a copy of one) and /workflow/:projectId/:id/view (a saved one). A workflow the user may not
 * see (the API answers 404, also another licence's) or one not of the address's project says
 * 'No project access to view workflow. Please assign project first'.
 */
export default function WorkflowDesignerPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const editing = params.id !== undefined;
  const copying = !editing && search.get('copy') === 'true';
  const sourceId = editing ? routeId(params.id) : copying ? routeId(search.get('id')) : null;
  const projectId = editing ? routeId(params.projectId) : null;
  const query = useQuery({ ...workflowDetailQuery(sourceId ?? 0), enabled: sourceId !== null });

  if (!editing && !copying) return <NewWorkflow />;
  const mismatch = query.data !== undefined && editing && query.data.workflow.projectId !== projectId;
  if (sourceId === null || (editing && projectId === null) || mismatch || (query.error instanceof ApiError && query.error.status === 404)) return <NoAccess />;
  if (query.isPending || isRefreshingOnMount(query)) return <PageSpinner />;
  if (query.isError)
    return (
      <>
        <h1 className="sr-only">Workflow</h1>
        <Alert variant="danger">{errorMessage(query.error, M.loadFailed)}</Alert>
      </>
    );
  return editing ? (
    <SavedWorkflow key={`${query.data.workflow.workflowId}:${query.dataUpdatedAt}`} detail={query.data} />
  ) : (
    <CopiedWorkflow key={query.data.workflow.workflowId} detail={query.data} />
  );
}

function NoAccess() {
  return (
    <>
      <h1 className="sr-only">Workflow</h1>
      <EmptyState title={M.noProjectAccess}>The workflow is not in a project assigned to you, or it does not exist.</EmptyState>
    </>
  );
}

/** A new workflow: no name, no project, no phase, a new related key. */
function NewWorkflow() {
  const [initial] = useState(() => emptyDraft(() => crypto.randomUUID()));
  return <WorkflowDesigner mode="new" detail={null} initial={initial} />;
}

/** A copy: the source's phases with new GUIDs and a new related key; no project chosen. */
function CopiedWorkflow({ detail }: { detail: WorkflowDetail }) {
  const [initial] = useState(() => copyDraft(detail, () => crypto.randomUUID()));
  return <WorkflowDesigner mode="copy" detail={detail} initial={initial} />;
}

/** A saved workflow: started again from what the server holds whenever it is read again (a save). */
function SavedWorkflow({ detail }: { detail: WorkflowDetail }) {
  const [initial] = useState(() => savedDraft(detail));
  return <WorkflowDesigner mode="edit" detail={detail} initial={initial} />;
}
