import type { Production } from 'contracts/workflows';
import { FormField, Input, Select } from 'kit';
import { HeldActions } from './HeldActions';
import { errorsUnder, itemErrors, same } from './itemErrors';
import type { HeldTabProps } from './itemTabs.types';
import { heldTabActions, useShownErrors } from './useShownErrors';

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
  const errors = errorsUnder(itemErrors({ ...item, production: value }), 'production');
  const { touch, shown, showAll, reset } = useShownErrors();
  const finishedGood = value.productionType !== DEFAULT;

  const set = (change: Partial<Production>) => {
    const next = { ...value, ...change };
    onHold(same(next, item.production ?? blank()) ? undefined : next);
  };
  const actions = heldTabActions({ showAll, reset }, onHold);
  const refused = Object.keys(errors).length > 0;
  const update = () =>
    actions.update(refused, () => onChange({ ...item, production: value }));
  const discard = actions.discard;

  return (
    <div className="space-y-4">
      <div className="grid max-w-3xl gap-3 @lg:grid-cols-2">
        <FormField label="Name" required error={shown(errors, 'name')}>
          <Input value={value.name} maxLength={200} disabled={readOnly} onChange={(event) => set({ name: event.target.value })} onBlur={() => touch('name')} />
        </FormField>
        <FormField label="Production type" error={shown(errors, 'productionType')}>
          <Select options={PRODUCTION_TYPES} value={value.productionType} disabled={readOnly} onChange={(event) => set({ productionType: Number(event.target.value) })} />
        </FormField>
        <FormField label="Total quantity" required={!finishedGood} error={finishedGood ? undefined : shown(errors, 'totalQuantity')}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            value={value.totalQuantity ?? ''}
            disabled={readOnly || finishedGood}
            onChange={(event) => set({ totalQuantity: event.target.value === '' ? null : Number(event.target.value) })}
            onBlur={() => touch('totalQuantity')}
          />
        </FormField>
        <FormField label="UOM" required={!finishedGood} hint="Unit of measure" error={finishedGood ? undefined : shown(errors, 'uom')}>
          <Input value={value.uom ?? ''} maxLength={50} disabled={readOnly || finishedGood} onChange={(event) => set({ uom: event.target.value })} onBlur={() => touch('uom')} />
        </FormField>
      </div>
      <HeldActions noun="production" dirty={held !== undefined} readOnly={readOnly} onUpdate={update} onDiscard={discard} />
    </div>
  );
}
