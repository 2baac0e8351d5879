import { useState } from 'react';
import { Link } from 'react-router';
import { WorkflowMessages as M } from 'contracts/workflows';
import { Alert, Button, ConfirmDialog, Dialog } from 'kit';
import { sectionLink } from 'shared';
import { ArchiveRefused, useArchiveWorkflows, type WorkflowGroup } from './workflows.api';

/**
 * A row's Archive (spec 2 §2): when a copy has archive errors, 'cannot archive', a button that
 * opens the reasons with a link to where each is fixed; otherwise a confirmation listing every
 * project affected (the row is whole under the list's filter), whose Archive validates and
 * archives the row's copies.
 */
export function ArchiveButton({ group }: { group: WorkflowGroup }) {
  if (group.archiveErrors.length > 0) return <CannotArchive group={group} />;
  return <ArchiveWithConfirmation group={group} />;
}

function ArchiveWithConfirmation({ group }: { group: WorkflowGroup }) {
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<string[] | null>(null);
  const archive = useArchiveWorkflows();
  const close = () => {
    setOpen(false);
    setRefused(null);
  };
  const confirm = async () => {
    setRefused(null);
    try {
      await archive.mutateAsync(group.workflows.map((workflow) => workflow.workflowId));
      close();
    } catch (error) {
      if (error instanceof ArchiveRefused) setRefused(error.reasons);
      else close();
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Archive<span className="sr-only">{` ${group.name}`}</span>
      </Button>
      <ConfirmDialog
        open={open}
        title={`Archive ${group.name}?`}
        message={
          <div className="space-y-2">
            <p>
              {group.workflows.length === 1
                ? 'The workflow is archived in this project:'
                : `The workflow is archived in these ${group.workflows.length} projects:`}
            </p>
            <ul className="list-disc pl-5">
              {group.workflows.map((workflow) => (
                <li key={workflow.workflowId}>{`${workflow.projectName} (${workflow.projectId})${workflow.projectIsActive === false ? ', inactive' : ''}`}</li>
              ))}
            </ul>
            {refused ? (
              <Alert variant="danger" title={M.cannotArchive}>
                <ul className="list-disc pl-5">
                  {refused.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
          </div>
        }
        confirmLabel="Archive"
        variant="danger"
        busy={archive.isPending}
        onCancel={close}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

/** Where a reason is fixed: the project's Resource Workflows Config (the project view's `#workflows` tab). */
export const resourceWorkflowsConfigLink = (projectId: number) => `${sectionLink('projects-sites', 'project.view', { id: projectId })}#workflows`;

/**
 * 'cannot archive': a real button (keyboard, click or tap) that opens the reasons of each copy
 * (spec 2 §2 shows them on hover only; here they are reachable by everyone), each with a link to
 * its project's Resource Workflows Config, where the resource types that follow it are unlinked.
 */
function CannotArchive({ group }: { group: WorkflowGroup }) {
  const [open, setOpen] = useState(false);
  const reasons = group.workflows.flatMap((workflow) => workflow.archiveErrors.map((reason) => ({ reason, workflow })));
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex h-7 cursor-pointer items-center gap-1 rounded-md border border-slate-300 bg-slate-50 px-2.5
            text-xs font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 focus-visible:ring-2
            focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {M.cannotArchive}
        <span className="sr-only">{` ${group.name}`}</span>
        <span aria-hidden="true" className="inline-flex size-4 items-center justify-center rounded-full border border-slate-400 text-[10px] leading-none">
          ?
        </span>
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`${group.name} cannot be archived`}
        description="Resource types that follow a workflow keep it live. Unlink them in the project’s Resource Workflows Config, then archive."
      >
        <ul className="space-y-3">
          {reasons.map(({ reason, workflow }) => (
            <li key={`${workflow.workflowId}:${reason}`} className="space-y-1">
              <p className="break-words">{reason}</p>
              <Link
                to={resourceWorkflowsConfigLink(workflow.projectId)}
                className="inline-block font-medium break-words text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {`Open ${workflow.projectName}’s Resource Workflows Config`}
              </Link>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
