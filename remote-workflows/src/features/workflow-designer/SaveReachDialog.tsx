import type { WorkflowCopy } from 'contracts/workflows';
import { Badge, Button, Dialog } from 'kit';
import type { SavePlan } from './designerDraft';

export interface SaveReachDialogProps {
  /** The workflow's live copies, with the resource types that use each. */
  copies: readonly WorkflowCopy[];
  plan: SavePlan;
  /** Names of the projects the plan adds. */
  projectName(projectId: number): string;
  onContinue(): void;
  onCancel(): void;
}

/**
 * Before a saved workflow that projects use is changed (ours): which projects the change
 * reaches — each copy kept, with the resource types that follow it there; the projects added;
 * the copies archived for the projects taken off — then Continue or Cancel.
 */
export function SaveReachDialog({ copies, plan, projectName, onContinue, onCancel }: SaveReachDialogProps) {
  const kept = plan.bodies.filter((body) => body.workflowId !== 0).map((body) => copies.find((copy) => copy.workflowId === body.workflowId)!);
  const added = plan.bodies.filter((body) => body.workflowId === 0).map((body) => body.projectId);
  const archived = copies.filter((copy) => plan.archive.includes(copy.workflowId));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Save the workflow in these projects?"
      description="The change reaches every project below."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onContinue}>Continue</Button>
        </>
      }
    >
      <ul className="space-y-2">
        {kept.map((copy) => (
          <li key={copy.workflowId} className="space-y-1">
            <p className="font-medium text-slate-900">{copy.projectName}</p>
            <p className="text-slate-600">
              {copy.resourceTypes.length > 0 ? (
                <>
                  {'Resource types that follow it: '}
                  <span className="inline-flex flex-wrap gap-1 align-middle">
                    {copy.resourceTypes.map((type) => (
                      <Badge key={type.typeNumber} variant="info">
                        {type.typeName}
                      </Badge>
                    ))}
                  </span>
                </>
              ) : (
                'No resource type follows it.'
              )}
            </p>
          </li>
        ))}
        {added.map((projectId) => (
          <li key={`added-${projectId}`}>
            <p className="font-medium text-slate-900">{projectName(projectId)}</p>
            <p className="text-slate-600">Added: the workflow is saved to it as a new copy.</p>
          </li>
        ))}
        {archived.map((copy) => (
          <li key={`archived-${copy.workflowId}`}>
            <p className="font-medium text-slate-900">{copy.projectName}</p>
            <p className="text-slate-600">Taken off: its copy is archived.</p>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
