import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { WorkflowMessages as M } from 'contracts/workflows';
import { Alert, Button, ConfirmDialog } from 'kit';
import { usePortalContainer } from 'shared';
import { ArchiveRefused, useArchiveWorkflows, type WorkflowGroup } from './workflows.api';

/**
 * A row's Archive (spec 2 §2): when a copy has archive errors, 'cannot archive' — looking
 * disabled, still focusable — with the reasons on hover and focus (a tooltip it is described
 * by; Escape hides it); otherwise a confirmation listing the projects affected, whose Archive
 * validates and archives the row's copies.
 */
export function ArchiveButton({ group }: { group: WorkflowGroup }) {
  if (group.archiveErrors.length > 0) return <CannotArchive name={group.name} reasons={group.archiveErrors} />;
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
            <p>{group.workflows.length === 1 ? 'The workflow is archived in this project:' : `The workflow is archived in these ${group.workflows.length} projects:`}</p>
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

/** How long the reasons stay after the pointer leaves the button: long enough to reach them. */
const HIDE_DELAY_MS = 300;

/** 'cannot archive', focusable, described by its reasons, shown beside it on hover and focus. */
function CannotArchive({ name, reasons }: { name: string; reasons: readonly string[] }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const container = usePortalContainer();
  // Where the tooltip is drawn (under the button, right-aligned with it), or null while hidden.
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const show = () => {
    const rect = button.current?.getBoundingClientRect();
    if (rect) setPlace({ top: rect.bottom + 4, right: Math.max(8, window.innerWidth - rect.right) });
  };
  // Leaving the button hides the reasons a moment later, so the pointer can move onto them
  // (WCAG 1.4.13: what shows on hover stays while hovered); entering them keeps them.
  const leaving = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stay = () => {
    if (leaving.current) clearTimeout(leaving.current);
    leaving.current = null;
  };
  const hide = () => {
    stay();
    setPlace(null);
  };
  const hideSoon = () => {
    stay();
    leaving.current = setTimeout(hide, HIDE_DELAY_MS);
  };
  useEffect(() => stay, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && place) {
      event.stopPropagation();
      hide();
    }
  };
  const tooltip = (
    <div
      id={id}
      role="tooltip"
      onMouseEnter={stay}
      onMouseLeave={hideSoon}
      style={place ? { top: place.top, right: place.right } : undefined}
      className={
        place
          ? 'fixed z-50 max-w-xs rounded-md border border-slate-200 bg-slate-900 px-3 py-2 text-left text-xs font-normal text-white shadow-lg'
          : 'sr-only'
      }
    >
      <p className="font-semibold">{`${name} cannot be archived:`}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-disabled="true"
        aria-describedby={id}
        onMouseEnter={() => {
          stay();
          show();
        }}
        onMouseLeave={hideSoon}
        onFocus={show}
        onBlur={hide}
        onKeyDown={onKeyDown}
        onClick={show}
        className="inline-flex h-7 cursor-not-allowed items-center rounded-md border border-slate-200 bg-slate-50 px-2.5 text-xs font-medium whitespace-nowrap text-slate-500 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {M.cannotArchive}
      </button>
      {/* Drawn outside the table's scrolling box, so nothing clips it; in the remote's area, so its styles apply. */}
      {createPortal(tooltip, container ?? document.body)}
    </>
  );
}
