import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ProjectMessages } from 'contracts/projects-sites';
import { Alert, Button, Dialog, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { ProjectPicker } from '../parts/ProjectPicker';
import { projectOptionsQuery } from '../workflows/workflows.api';
import { ownerRowsQuery, useCopyLinks } from './projectResources.api';
import { planCopy, type OwnerRow, type ResourceKind } from './resourceLinks';

interface CopyResourceLinksDialogProps {
  kind: ResourceKind;
  projectId: number;
  rows: readonly OwnerRow[];
  onClose: () => void;
}

/**
 * Copies the project's configuration to other projects (spec 2 §4): the button reads Save; when
 * some rows cannot be copied their reasons are listed and it reads Continue, which saves only
 * the copyable ones; with nothing copyable it is disabled.
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
  const plan = ready ? planCopy(rows, chosen.map((id, index) => ({ projectId: id, rows: targets[index]!.data! }))) : null;
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
        {plan && plan.errors.length > 0 && (
          <Alert variant="warning" title={plan.copyable > 0 ? 'Some items cannot be copied; Continue copies the rest.' : 'Nothing can be copied.'}>
            <ul className="list-disc space-y-0.5 pl-5">
              {plan.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </Alert>
        )}
        {plan && plan.errors.length === 0 && chosen.length > 0 && (
          <p className="text-sm text-slate-700">{`${plan.copyable} resource type ${plan.copyable === 1 ? 'link' : 'links'} will be copied.`}</p>
        )}
      </div>
    </Dialog>
  );
}
