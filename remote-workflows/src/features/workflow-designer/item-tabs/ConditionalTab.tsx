import { nameKey } from 'contracts/common';
import { conditionalTargets, itemsInOrder, WorkflowMessages as M, type ConditionalVisibility, type RuleRef } from 'contracts/workflows';
import { Alert, Button, FormField, Input, Select, SELECT_PLACEHOLDER, useForm } from 'kit';
import type { DraftPhase } from '../designer.types';
import { errorsOf, itemErrors, repeatedRows, same } from './itemErrors';
import type { HeldTabProps } from './itemTabs.types';
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
  const self = { phaseId, itemId: item.itemId };
  const check = (list: ConditionalVisibility[]) => errorsOf(itemErrors({ ...item, conditionalVisibility: list }), 'conditionalVisibility');

  /** A list the body accepts goes into the item (and nothing is held); any other is held here. */
  const edit = (next: ConditionalVisibility[]) => {
    if (Object.keys(check(next)).length === 0) {
      if (!same(next, item.conditionalVisibility)) onChange({ ...item, conditionalVisibility: next });
      onHold(undefined);
    } else onHold(next);
  };
  const form = useForm({
    initial: { conditionalVisibility: item.conditionalVisibility },
    values: { conditionalVisibility: rows },
    onValuesChange: (next) => edit(next.conditionalVisibility),
    validate: (values) => check(values.conditionalVisibility),
    // Nothing to submit: a complete list reaches the item as it is made.
    onSubmit: () => undefined,
  });
  const list = form.rows('conditionalVisibility');

  // Names must be unique: the message goes under each repeated name; another list rule shows above the rows.
  const repeatedNames = list.error === M.conditionNameUnique ? repeatedRows(rows, (row) => nameKey(row.name)) : new Set<number>();
  const listMessage = list.error && list.error !== M.conditionNameUnique ? list.error : undefined;

  return (
    <div className="space-y-4">
      {rows.length === 0 ? <p className="text-sm text-slate-600">This item is always visible: it has no conditions.</p> : null}
      {held !== undefined && !readOnly ? <p className="text-xs text-slate-600">{M.conditionalHeld}</p> : null}
      {listMessage ? <Alert variant="warning">{listMessage}</Alert> : null}
      <ol className="space-y-3">
        {list.fields.map(({ key, index }) => {
          const row = rows[index]!;
          const title = `Condition ${index + 1}`;
          const at = `conditionalVisibility.${index}` as const;
          const others = rows.filter((_, i) => i !== index && rows[i]!.phaseId !== '');
          const chosen = row.phaseId !== '' ? row : null;
          // The targets still free, and the row's own, in workflow order (a target gone from the workflow first).
          const free = new Set(conditionalTargets(phases, self, others).map(refKey));
          const inOrder = itemsInOrder(phases).map(({ phase, item: one }) => ({ phaseId: phase.phaseId, itemId: one.itemId }));
          const gone = chosen && !inOrder.some((ref) => refKey(ref) === refKey(chosen)) ? [chosen] : [];
          const options = [...gone, ...inOrder.filter((ref) => free.has(refKey(ref)) || (chosen && refKey(ref) === refKey(chosen)))].map((ref) => ({
            value: refKey(ref),
            label: targetLabel(phases, ref),
          }));
          const nameError = form.error(`${at}.name`) ?? (repeatedNames.has(index) ? M.conditionNameUnique : undefined);
          // The target is one select for two fields (phase and item): either's message is the select's.
          const targetError =
            form.error(`${at}.phaseId`) || form.error(`${at}.itemId`) ? (chosen ? M.conditionalVisibilityTarget : M.conditionTargetRequired) : undefined;
          return (
            <RowCard key={key} title={title} legend={row.name.trim() ? `${title}: ${row.name}` : title} readOnly={readOnly} onRemove={() => list.remove(index)}>
              <div className="grid gap-3 @lg:grid-cols-2">
                <FormField label="Name" required error={nameError}>
                  <Input {...form.field(`${at}.name`)} maxLength={200} disabled={readOnly} />
                </FormField>
                <FormField label="Target item" required error={targetError}>
                  <Select
                    name={`${at}.phaseId`}
                    options={options}
                    placeholder={SELECT_PLACEHOLDER}
                    value={chosen ? refKey(chosen) : ''}
                    disabled={readOnly}
                    onChange={(event) => {
                      const [targetPhase = '', targetItem = ''] = event.target.value.split('/');
                      form.setValue(at, { ...row, phaseId: targetPhase, itemId: targetItem });
                    }}
                    onBlur={() => {
                      form.touch(`${at}.phaseId`);
                      form.touch(`${at}.itemId`);
                    }}
                  />
                </FormField>
              </div>
            </RowCard>
          );
        })}
      </ol>
      {readOnly ? null : (
        <Button variant="secondary" onClick={() => list.append({ name: '', phaseId: '', itemId: '' })}>
          Add condition
        </Button>
      )}
    </div>
  );
}
