import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ConfigMessages } from 'contracts/licensing';
import { equipmentStatusOptions, MAX_EQUIPMENT_MAPPINGS, PROGRESS_STATES, WorkflowMessages as M, type EquipmentStatusMapping } from 'contracts/workflows';
import { Alert, Button, FormField, Select, SELECT_PLACEHOLDER } from 'kit';
import { errorMessage } from 'shared';
import { HeldActions } from './HeldActions';
import { errorsUnder, itemErrors, repeatedRows, same } from './itemErrors';
import { customStatusesQuery } from './itemTabs.api';
import type { HeldTabProps } from './itemTabs.types';
import { heldTabActions, useShownErrors } from './useShownErrors';
import { RowCard } from './RowCard';

/** Props of {@link EquipmentStatusTab}. */
export interface EquipmentStatusTabProps extends HeldTabProps<'equipment'> {
  /** The workflow's projects: their CustomEquipmentStatus configs add statuses. */
  projectIds: readonly number[];
}

/**
 * The Equipment Status tab (spec 2 §3, §5, §9): at most 2 rows, each an item state (Progress,
 * Reset) and the equipment status that sets it (Unavailable, Available, then the projects'
 * custom statuses numbered from 4); states and statuses unique. Projects whose custom statuses
 * differ cannot take mappings. Edits are held until Update writes them into the draft.
 */
export function EquipmentStatusTab({ item, readOnly, onChange, held, onHold, projectIds }: EquipmentStatusTabProps) {
  const rows = held ?? item.itemStateFromEquipmentStatus;
  const errors = errorsUnder(itemErrors({ ...item, itemStateFromEquipmentStatus: rows }), 'itemStateFromEquipmentStatus');
  const { touch, shown, showAll, reset } = useShownErrors();
  const custom = useQuery(customStatusesQuery(projectIds));
  const maxId = useId();
  const differing = custom.data ? !custom.data.agree : false;
  const statusOptions = equipmentStatusOptions(custom.data?.statuses ?? []);

  const repeatedStates = errors[''] === M.itemStateUnique ? repeatedRows(rows, (row) => row.progressState) : new Set<number>();
  const repeatedStatuses = errors[''] === M.statusUnique ? repeatedRows(rows, (row) => row.equipmentStatusState) : new Set<number>();
  const listMessage = errors[''] && errors[''] !== M.itemStateUnique && errors[''] !== M.statusUnique ? errors[''] : undefined;

  const edit = (next: EquipmentStatusMapping[]) => onHold(same(next, item.itemStateFromEquipmentStatus) ? undefined : next);
  const set = (index: number, change: Partial<EquipmentStatusMapping>) => edit(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const remove = (index: number) => {
    reset();
    edit(rows.filter((_, i) => i !== index));
  };
  // A new row takes the item state no other row has.
  const add = () => edit([...rows, { progressState: PROGRESS_STATES.find((state) => !rows.some((row) => row.progressState === state.value))?.value ?? 0, equipmentStatusState: null }]);
  const actions = heldTabActions({ showAll, reset }, onHold);
  const refused = Object.keys(errors).length > 0 || (differing && rows.length > 0);
  const update = () =>
    actions.update(refused, () => onChange({ ...item, itemStateFromEquipmentStatus: rows }));
  const discard = actions.discard;

  const canAdd = !readOnly && custom.isSuccess && !differing && rows.length < MAX_EQUIPMENT_MAPPINGS;
  return (
    <div className="space-y-4">
      {differing ? <Alert variant="warning">{M.differingEquipmentStatuses}</Alert> : null}
      {custom.isError ? <Alert variant="danger">{errorMessage(custom.error, ConfigMessages.fetchFailed)}</Alert> : null}
      {listMessage ? <Alert variant="warning">{listMessage}</Alert> : null}
      {rows.length === 0 ? <p className="text-sm text-slate-600">No equipment status sets this item’s state.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const title = `Mapping ${index + 1}`;
          const status = row.equipmentStatusState;
          // A saved status the options no longer hold stays shown by its number.
          const options = [...(typeof status === 'number' && !statusOptions.some((o) => o.value === status) ? [{ value: status, label: `Status ${status}` }] : []), ...statusOptions];
          return (
            <RowCard key={index} title={title} readOnly={readOnly} onRemove={() => remove(index)}>
              <div className="grid gap-3 @lg:grid-cols-2">
                <FormField label="Item state" required error={shown(errors, `${index}.progressState`) ?? (repeatedStates.has(index) ? M.itemStateUnique : undefined)}>
                  <Select options={[...PROGRESS_STATES]} value={row.progressState} disabled={readOnly} onChange={(event) => set(index, { progressState: Number(event.target.value) })} />
                </FormField>
                <FormField label="Equipment status" required error={shown(errors, `${index}.equipmentStatusState`) ?? (repeatedStatuses.has(index) ? M.statusUnique : undefined)}>
                  <Select
                    options={options}
                    placeholder={SELECT_PLACEHOLDER}
                    value={status ?? ''}
                    disabled={readOnly}
                    onChange={(event) => set(index, { equipmentStatusState: event.target.value === '' ? null : Number(event.target.value) })}
                    onBlur={() => touch(`${index}.equipmentStatusState`)}
                  />
                </FormField>
              </div>
            </RowCard>
          );
        })}
      </ol>
      {readOnly ? null : (
        <div className="space-y-1">
          <Button variant="secondary" onClick={add} disabled={!canAdd} aria-describedby={rows.length >= MAX_EQUIPMENT_MAPPINGS ? maxId : undefined}>
            Add mapping
          </Button>
          {rows.length >= MAX_EQUIPMENT_MAPPINGS ? (
            <p id={maxId} className="text-xs text-slate-600">
              {M.equipmentMappingsMax}
            </p>
          ) : null}
        </div>
      )}
      <HeldActions noun="equipment statuses" dirty={held !== undefined} readOnly={readOnly} onUpdate={update} onDiscard={discard} />
    </div>
  );
}
