import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { ConfigMessages } from 'contracts/licensing';
import { equipmentStatusOptions, MAX_EQUIPMENT_MAPPINGS, PROGRESS_STATES, WorkflowMessages as M } from 'contracts/workflows';
import { Alert, Button, FormField, Select, SELECT_PLACEHOLDER, useForm } from 'kit';
import { errorMessage } from 'shared';
import { HeldActions } from './HeldActions';
import { heldTabApplied, heldTabDiscarded } from './heldTab';
import { errorsOf, itemErrors, repeatedRows, same } from './itemErrors';
import { customStatusesQuery } from './itemTabs.api';
import type { HeldTabProps } from './itemTabs.types';
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
  const custom = useQuery(customStatusesQuery(projectIds));
  const maxId = useId();
  const differing = custom.data ? !custom.data.agree : false;
  const statusOptions = equipmentStatusOptions(custom.data?.statuses ?? []);
  // Update is a button, not a form's submit: the tab's element is where a refused Update looks for the field to focus.
  const root = useRef<HTMLDivElement>(null);
  // Held until Update applies them (the form's submit); every change goes to the held edits.
  const form = useForm({
    root,
    initial: { itemStateFromEquipmentStatus: item.itemStateFromEquipmentStatus },
    values: { itemStateFromEquipmentStatus: rows },
    onValuesChange: (next) =>
      onHold(same(next.itemStateFromEquipmentStatus, item.itemStateFromEquipmentStatus) ? undefined : next.itemStateFromEquipmentStatus),
    validate: (values) => errorsOf(itemErrors({ ...item, itemStateFromEquipmentStatus: values.itemStateFromEquipmentStatus }), 'itemStateFromEquipmentStatus'),
    onSubmit: (values) => {
      // The projects' custom statuses differ: no mapping can be applied (the alert above says so).
      if (differing && values.itemStateFromEquipmentStatus.length > 0) return;
      onChange({ ...item, itemStateFromEquipmentStatus: values.itemStateFromEquipmentStatus });
      heldTabApplied(form, onHold);
    },
  });
  const list = form.rows('itemStateFromEquipmentStatus');

  // The list's rules (unique states, unique statuses) go under the rows that repeat; another shows above them.
  const repeatedStates = list.error === M.itemStateUnique ? repeatedRows(rows, (row) => row.progressState) : new Set<number>();
  const repeatedStatuses = list.error === M.statusUnique ? repeatedRows(rows, (row) => row.equipmentStatusState) : new Set<number>();
  const listMessage = list.error && list.error !== M.itemStateUnique && list.error !== M.statusUnique ? list.error : undefined;

  // A new row takes the item state no other row has.
  const add = () =>
    list.append({
      progressState: PROGRESS_STATES.find((state) => !rows.some((row) => row.progressState === state.value))?.value ?? 0,
      equipmentStatusState: null,
    });

  const canAdd = !readOnly && custom.isSuccess && !differing && rows.length < MAX_EQUIPMENT_MAPPINGS;
  return (
    <div ref={root} className="space-y-4">
      {differing ? <Alert variant="warning">{M.differingEquipmentStatuses}</Alert> : null}
      {custom.isError ? <Alert variant="danger">{errorMessage(custom.error, ConfigMessages.fetchFailed)}</Alert> : null}
      {listMessage ? <Alert variant="warning">{listMessage}</Alert> : null}
      {rows.length === 0 ? <p className="text-sm text-slate-600">No equipment status sets this item’s state.</p> : null}
      <ol className="space-y-3">
        {list.fields.map(({ key, index }) => {
          const row = rows[index]!;
          const title = `Mapping ${index + 1}`;
          const at = `itemStateFromEquipmentStatus.${index}` as const;
          const status = row.equipmentStatusState;
          // A saved status the options no longer hold stays shown by its number.
          const options = [
            ...(typeof status === 'number' && !statusOptions.some((o) => o.value === status) ? [{ value: status, label: `Status ${status}` }] : []),
            ...statusOptions,
          ];
          return (
            <RowCard key={key} title={title} readOnly={readOnly} onRemove={() => list.remove(index)}>
              <div className="grid gap-3 @lg:grid-cols-2">
                <FormField label="Item state" required error={form.error(`${at}.progressState`) ?? (repeatedStates.has(index) ? M.itemStateUnique : undefined)}>
                  <Select {...form.field(`${at}.progressState`, { parse: Number })} options={[...PROGRESS_STATES]} disabled={readOnly} />
                </FormField>
                <FormField
                  label="Equipment status"
                  required
                  error={form.error(`${at}.equipmentStatusState`) ?? (repeatedStatuses.has(index) ? M.statusUnique : undefined)}
                >
                  <Select
                    {...form.field(`${at}.equipmentStatusState`, { parse: (text) => (text === '' ? null : Number(text)) })}
                    options={options}
                    placeholder={SELECT_PLACEHOLDER}
                    disabled={readOnly}
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
      <HeldActions
        noun="equipment statuses"
        dirty={held !== undefined}
        readOnly={readOnly}
        onUpdate={() => void form.submit()}
        onDiscard={() => heldTabDiscarded(form, onHold)}
      />
    </div>
  );
}
