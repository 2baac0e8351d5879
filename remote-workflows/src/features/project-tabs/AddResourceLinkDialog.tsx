import { useState } from 'react';
import { Button, Checkbox, Dialog, FormField, Select, SELECT_PLACEHOLDER } from 'kit';
import { useUnsavedChanges } from 'shared';
import { freeTypes, ownerOptions, type LinkType, type OwnerRow, type ResourceKind } from './resourceLinks';
import { useAddLinks } from './projectResources.api';

interface AddResourceLinkDialogProps {
  kind: ResourceKind;
  projectId: number;
  rows: readonly OwnerRow[];
  types: readonly LinkType[];
  onClose: () => void;
}

/**
 * ADD NEW: an owner of the project (a workflow without a Production item, or a preservation)
 * and the resource types that will follow it — only those following no owner here yet, since a
 * resource type has one per project.
 */
export function AddResourceLinkDialog({ kind, projectId, rows, types, onClose }: AddResourceLinkDialogProps) {
  const noun = kind === 'workflows' ? 'Workflow' : 'Preservation';
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const add = useAddLinks(kind, projectId);
  const options = ownerOptions(rows);
  const free = freeTypes(types, rows);
  useUnsavedChanges((ownerId !== null || chosen.length > 0) && !add.isPending);

  const save = async () => {
    if (ownerId === null) return;
    await add.mutateAsync({ ownerId, typeNumbers: chosen });
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Add resource types to a ${noun.toLowerCase()}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void save().catch(() => undefined)} loading={add.isPending} disabled={ownerId === null || chosen.length === 0}>
            Save
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <FormField label={noun} id="resource-link-owner">
          <Select
            placeholder={SELECT_PLACEHOLDER}
            value={ownerId ?? ''}
            options={options.map((row) => ({ value: row.ownerId, label: row.name }))}
            onChange={(event) => setOwnerId(event.target.value ? Number(event.target.value) : null)}
          />
        </FormField>
        {kind === 'workflows' && options.length < rows.length && (
          <p className="text-xs text-slate-500">Workflows with a Production item cannot take resource types and are not offered.</p>
        )}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Resource types</legend>
          {free.length === 0 ? (
            <p className="text-sm text-slate-600">{`Every resource type already follows a ${noun.toLowerCase()} in this project.`}</p>
          ) : (
            <div className="grid max-h-64 grid-cols-1 gap-1 overflow-y-auto sm:grid-cols-2">
              {free.map((type) => (
                <Checkbox
                  key={type.typeNumber}
                  label={`${type.typeName} (${type.typeNumber})`}
                  checked={chosen.includes(type.typeNumber)}
                  onChange={(event) => setChosen((now) => (event.target.checked ? [...now, type.typeNumber] : now.filter((n) => n !== type.typeNumber)))}
                />
              ))}
            </div>
          )}
        </fieldset>
      </div>
    </Dialog>
  );
}
