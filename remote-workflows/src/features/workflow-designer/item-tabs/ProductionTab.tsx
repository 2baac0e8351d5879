import { useRef } from 'react';
import type { Production } from 'contracts/workflows';
import { FormField, Input, Select, useForm } from 'kit';
import { HeldActions } from './HeldActions';
import { heldTabApplied, heldTabDiscarded } from './heldTab';
import { errorsOf, itemErrors, same } from './itemErrors';
import type { HeldTabProps } from './itemTabs.types';

/** Production types (spec 2 §3); 1 and 2 have no quantity or UOM (spec 2 §4). */
export const PRODUCTION_TYPES = [
  { value: 0, label: 'Default' },
  { value: 1, label: 'Create IssueTicket For Finished Good Sub Components' },
  { value: 2, label: 'Create Receipt For Finished Good(s)' },
];
const DEFAULT = 0;

const blank = (): Production => ({ name: '', totalQuantity: null, uom: '', productionType: DEFAULT });

/**
 * The Production tab (spec 2 §3–§5): name, production type, total quantity (more than 0) and
 * UOM (required for Default); types 1 and 2 disable quantity and UOM. Edits are held until
 * Update writes them into the draft (spec 2 §2).
 */
export function ProductionTab({ item, readOnly, onChange, held, onHold }: HeldTabProps<'production'>) {
  const value = held ?? item.production ?? blank();
  const finishedGood = value.productionType !== DEFAULT;
  // Update is a button, not a form's submit: the tab's element is where a refused Update looks for the field to focus.
  const root = useRef<HTMLDivElement>(null);
  // Held until Update applies it (the form's submit); every change goes to the held edits.
  const form = useForm({
    root,
    initial: { production: item.production ?? blank() },
    values: { production: value },
    onValuesChange: (next) => onHold(same(next.production, item.production ?? blank()) ? undefined : next.production),
    validate: (values) => errorsOf(itemErrors({ ...item, production: values.production }), 'production'),
    onSubmit: (values) => {
      onChange({ ...item, production: values.production });
      heldTabApplied(form, onHold);
    },
  });
  const quantity = { parse: (text: string) => (text === '' ? null : Number(text)) };

  return (
    <div ref={root} className="space-y-4">
      <div className="grid max-w-3xl gap-3 @lg:grid-cols-2">
        <FormField label="Name" required error={form.error('production.name')}>
          <Input {...form.field('production.name')} maxLength={200} disabled={readOnly} />
        </FormField>
        <FormField label="Production type" error={form.error('production.productionType')}>
          <Select {...form.field('production.productionType', { parse: Number })} options={PRODUCTION_TYPES} disabled={readOnly} />
        </FormField>
        <FormField label="Total quantity" required={!finishedGood} error={finishedGood ? undefined : form.error('production.totalQuantity')}>
          <Input {...form.field('production.totalQuantity', quantity)} type="number" inputMode="decimal" min={0} disabled={readOnly || finishedGood} />
        </FormField>
        <FormField label="UOM" required={!finishedGood} hint="Unit of measure" error={finishedGood ? undefined : form.error('production.uom')}>
          <Input {...form.field('production.uom')} maxLength={50} disabled={readOnly || finishedGood} />
        </FormField>
      </div>
      <HeldActions
        noun="production"
        dirty={held !== undefined}
        readOnly={readOnly}
        onUpdate={() => void form.submit()}
        onDiscard={() => heldTabDiscarded(form, onHold)}
      />
    </div>
  );
}
