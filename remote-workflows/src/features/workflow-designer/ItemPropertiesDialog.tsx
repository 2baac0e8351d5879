import { useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import { nameKey } from 'contracts/common';
import { WorkflowMessages as M } from 'contracts/workflows';
import { Button, Dialog, FormField, Input, useForm } from 'kit';
import { useUnsavedChanges } from 'shared';
import type { DraftItem, DraftPhase } from './designer.types';
import { newItem, weightError } from './designerDraft';
import { EmailTagInput } from './EmailTagInput';

export interface ItemPropertiesDialogProps {
  phase: DraftPhase;
  /** The item edited; null adds a new one to the phase. */
  item: DraftItem | null;
  /** A new item's GUID. */
  newId: () => string;
  onApply(item: DraftItem): void;
  onClose(): void;
}

/** The form's rules (spec 2 §5): a name, unique within the phase; a weight of at least 0 (and at most 100, as the save's). */
function propertiesSchema(otherNames: ReadonlySet<string>) {
  return v.object({
    itemName: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(M.itemNameRequired),
      v.maxLength(200, M.textTooLong),
      v.check((name) => !otherNames.has(nameKey(name)), M.itemNameUnique),
    ),
    itemWeight: v.pipe(
      v.string(),
      v.check((text) => weightError(text, M.itemValueMin, M.itemWeightMax) !== M.itemValueMin, M.itemValueMin),
      v.check((text) => weightError(text, M.itemValueMin, M.itemWeightMax) !== M.itemWeightMax, M.itemWeightMax),
      v.transform(Number),
    ),
  });
}

/**
 * The item properties modal (spec 2 §2): name, weight and notification e-mails; Apply puts them
 * in the draft (the workflow saves them), Cancel leaves the item as it was. A new item starts
 * as spec 2 §9 says (type Progress, weight 0, empty lists).
 */
export function ItemPropertiesDialog({ phase, item, newId, onApply, onClose }: ItemPropertiesDialogProps) {
  const formId = useId();
  const otherNames = useMemo(
    () => new Set(phase.items.filter((other) => other.itemId !== item?.itemId).map((other) => nameKey(other.itemName))),
    [phase.items, item?.itemId],
  );
  const [emails, setEmails] = useState<string[]>(() => [...(item?.emails ?? [])]);
  const [typing, setTyping] = useState(false);
  const form = useForm({
    schema: propertiesSchema(otherNames),
    initial: { itemName: item?.itemName ?? '', itemWeight: String(item?.itemWeight ?? 0) },
    onSubmit: ({ itemName, itemWeight }) => {
      onApply(item ? { ...item, itemName, itemWeight, emails } : newItem(itemName, newId(), { itemWeight, emails }));
    },
  });
  const emailsChanged = emails.length !== (item?.emails.length ?? 0) || emails.some((email, index) => email !== item?.emails[index]);
  useUnsavedChanges(form.dirty || emailsChanged || typing);
  const title = item ? `Item properties: ${item.itemName.trim() || 'no name'}` : `Add item to phase ${phase.phaseName.trim() || 'without a name'}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            {item ? 'Apply' : 'Add item'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={form.submit} noValidate className="space-y-4">
        <FormField label="Item name" required error={form.error('itemName')}>
          <Input {...form.field('itemName')} maxLength={220} autoFocus />
        </FormField>
        <FormField label="Item weight" error={form.error('itemWeight')} hint="From 0 to 100; the items of a phase make 100 together.">
          <Input {...form.field('itemWeight')} type="number" inputMode="decimal" step="any" min={0} max={100} className="w-32" />
        </FormField>
        <EmailTagInput label="Notification e-mails" value={emails} onChange={setEmails} onPending={setTyping} />
      </form>
    </Dialog>
  );
}
