import { nameKey } from 'contracts/common';
import { conditionalTargets, itemsInOrder, WorkflowMessages as M, type ConditionalVisibility, type RuleRef } from 'contracts/workflows';
import { Alert, Button, FormField, Input, Select, SELECT_PLACEHOLDER } from 'kit';
import type { DraftPhase } from '../designer.types';
import { errorsUnder, itemErrors, repeatedRows, same } from './itemErrors';
import type { HeldTabProps } from './itemTabs.types';
import { useShownErrors } from './useShownErrors';
import { RowCard } from './RowCard';

const refKey = (ref: RuleRef) => `${ref.phaseId}/${ref.itemId}`;

/** 'Phase › Item' for a link's target. */
export function targetLabel(phases: readonly DraftPhase[], ref: RuleRef): string {
  const phase = phases.find((p) => p.phaseId === ref.phaseId);
  const item = phase?.items.find((i) => i.itemId === ref.itemId);
  return phase && item ? `${phase.phaseName} › ${item.itemName}` : 'An item no longer in the workflow';
}

/**
 * The Conditional tab (spec 2 §5): rows of a name and a target item (phase › item, never this
 * item nor one another row uses). The rows reach the item only as a whole list the body
 * accepts — at least 2 entries, unique non-blank names, a target each — or none; until then the
 * panel holds them and says why.
 */
export function ConditionalTab({ phases, phaseId, item, readOnly, onChange, held, onHold }: HeldTabProps<'conditions'>) {
  const rows = held ?? item.conditionalVisibility;
  const errors = errorsUnder(itemErrors({ ...item, conditionalVisibility: rows }), 'conditionalVisibility');
  const { touch, shown, reset } = useShownErrors();
  const self = { phaseId, itemId: item.itemId };

  const edit = (next: ConditionalVisibility[]) => {
    const accepted = Object.keys(errorsUnder(itemErrors({ ...item, conditionalVisibility: next }), 'conditionalVisibility')).length === 0;
    if (accepted) {
      if (!same(next, item.conditionalVisibility)) onChange({ ...item, conditionalVisibility: next });
      onHold(undefined);
    } else onHold(next);
  };
  const set = (index: number, change: Partial<ConditionalVisibility>) => edit(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const remove = (index: number) => {
    reset();
    edit(rows.filter((_, i) => i !== index));
  };

  const repeatedNames = errors[''] === M.conditionNameUnique ? repeatedRows(rows, (row) => nameKey(row.name)) : new Set<number>();
  const listMessage = errors[''] && errors[''] !== M.conditionNameUnique ? errors[''] : undefined;

  return (
    <div className="space-y-4">
      {rows.length === 0 ? <p className="text-sm text-slate-600">This item is always visible: it has no conditions.</p> : null}
      {held !== undefined && !readOnly ? <p className="text-xs text-slate-600">{M.conditionalHeld}</p> : null}
      {listMessage ? <Alert variant="warning">{listMessage}</Alert> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const title = `Condition ${index + 1}`;
          const others = rows.filter((_, i) => i !== index && rows[i]!.phaseId !== '');
          const chosen = row.phaseId !== '' ? row : null;
          // The targets still free, and the row's own, in workflow order (a target gone from the workflow first).
          const free = new Set(conditionalTargets(phases, self, others).map(refKey));
          const inOrder = itemsInOrder(phases).map(({ phase, item: one }) => ({ phaseId: phase.phaseId, itemId: one.itemId }));
          const gone = chosen && !inOrder.some((ref) => refKey(ref) === refKey(chosen)) ? [chosen] : [];
          const options = [...gone, ...inOrder.filter((ref) => free.has(refKey(ref)) || (chosen && refKey(ref) === refKey(chosen)))].map((ref) => ({ value: refKey(ref), label: targetLabel(phases, ref) }));
          const nameError = shown(errors, `${index}.name`) ?? (repeatedNames.has(index) ? M.conditionNameUnique : undefined);
          const targetError = shown(errors, `${index}.phaseId`) || shown(errors, `${index}.itemId`) ? (chosen ? M.conditionalVisibilityTarget : M.conditionTargetRequired) : undefined;
          return (
            <RowCard key={index} title={title} legend={row.name.trim() ? `${title}: ${row.name}` : title} readOnly={readOnly} onRemove={() => remove(index)}>
              <div className="grid gap-3 @lg:grid-cols-2">
                <FormField label="Name" required error={nameError}>
                  <Input value={row.name} maxLength={200} disabled={readOnly} onChange={(event) => set(index, { name: event.target.value })} onBlur={() => touch(`${index}.name`)} />
                </FormField>
                <FormField label="Target item" required error={targetError}>
                  <Select
                    options={options}
                    placeholder={SELECT_PLACEHOLDER}
                    value={chosen ? refKey(chosen) : ''}
                    disabled={readOnly}
                    onChange={(event) => {
                      const [targetPhase = '', targetItem = ''] = event.target.value.split('/');
                      set(index, { phaseId: targetPhase, itemId: targetItem });
                    }}
                    onBlur={() => touch(`${index}.phaseId`)}
                  />
                </FormField>
              </div>
            </RowCard>
          );
        })}
      </ol>
      {readOnly ? null : (
        <Button variant="secondary" onClick={() => edit([...rows, { name: '', phaseId: '', itemId: '' }])}>
          Add condition
        </Button>
      )}
    </div>
  );
}
