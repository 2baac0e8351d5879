import { useQueries, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ProjectMessages } from 'contracts/projects-sites';
import { Alert, Button, Dialog, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { ProjectPicker } from '../parts/ProjectPicker';
import { projectOptionsQuery } from '../workflows/workflows.api';
import { ownerRowsQuery, useCopyLinks } from './projectResources.api';
import { planCopy, type CopyPlan, type OwnerRow, type ResourceKind } from './resourceLinks';

interface CopyResourceLinksDialogProps {
  kind: ResourceKind;
  projectId: number;
  rows: readonly OwnerRow[];
  onClose: () => void;
}

/**
 * Copies the project's configuration to other projects (spec 2 §4): the button reads Save; when
 * some rows cannot be copied their reasons are listed, per chosen project, and it reads Continue,
 * which saves only the copyable ones; with nothing copyable it is disabled, and the list says why.
 */
export function CopyResourceLinksDialog({ kind, projectId, rows, onClose }: CopyResourceLinksDialogProps) {
  const [chosen, setChosen] = useState<number[]>([]);
  const projects = useQuery(projectOptionsQuery());
  const targets = useQueries({ queries: chosen.map((id) => ownerRowsQuery(kind, id)) });
  const copy = useCopyLinks(kind);
  const others = (projects.data ?? []).filter((project) => project.projectId !== projectId);
  const reading = targets.some((target) => target.isPending);
  const failed = targets.find((target) => target.isError);
  const ready = !reading && targets.every((target) => target.data !== undefined);
  const nameOf = (id: number) => projects.data?.find((project) => project.projectId === id)?.name ?? `Project ${id}`;
  const plan = ready
    ? planCopy(
        kind,
        rows,
        chosen.map((id, index) => ({ projectId: id, projectName: nameOf(id), rows: targets[index]!.data! })),
      )
    : null;
  const partial = (plan?.errors.length ?? 0) > 0;

  const save = async () => {
    if (!plan) return;
    await copy.mutateAsync({ plan, partial });
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Copy to another project"
      description={`Each ${kind === 'workflows' ? 'workflow' : 'preservation'}’s resource types go to its copy in the chosen projects.`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={copy.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void save().catch(() => undefined)} loading={copy.isPending} disabled={!plan || plan.copyable === 0}>
            {partial ? 'Continue' : 'Save'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <ProjectPicker
          choices={others}
          chosen={chosen}
          onToggle={(id, on) => setChosen((now) => (on ? [...now, id] : now.filter((other) => other !== id)))}
          loading={projects.isPending}
          error={projects.isError ? errorMessage(projects.error, ProjectMessages.loadFailed) : undefined}
        />
        {reading && chosen.length > 0 && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Reading the chosen projects…
          </p>
        )}
        {failed && <Alert variant="danger">The chosen projects could not be read.</Alert>}
        {plan && plan.reasons.length > 0 && <CopyReasons plan={plan} />}
        {plan && plan.errors.length === 0 && plan.copyable > 0 && (
          <p className="text-sm text-slate-700">{`${plan.copyable} resource type ${plan.copyable === 1 ? 'link' : 'links'} will be copied.`}</p>
        )}
      </div>
    </Dialog>
  );
}

/**
 * Why rows give the chosen projects nothing, under each project's name (its list is named by
 * it): the spec's refusals and the links already there, so 'Nothing can be copied.' says why.
 */
function CopyReasons({ plan }: { plan: CopyPlan }) {
  const id = useId();
  const title =
    plan.copyable === 0
      ? 'Nothing can be copied.'
      : plan.errors.length > 0
        ? 'Some items cannot be copied; Continue copies the rest.'
        : 'Already there, nothing to copy:';
  return (
    <Alert variant={plan.copyable === 0 || plan.errors.length > 0 ? 'warning' : 'info'} title={title}>
      <div className="mt-1 space-y-2">
        {plan.reasons.map((target) => (
          <div key={target.projectId}>
            <p id={`${id}-${target.projectId}`} className="font-medium break-words">{`${target.projectName} (${target.projectId})`}</p>
            <ul aria-labelledby={`${id}-${target.projectId}`} className="list-disc space-y-0.5 pl-5 break-words">
              {target.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Alert>
  );
}
