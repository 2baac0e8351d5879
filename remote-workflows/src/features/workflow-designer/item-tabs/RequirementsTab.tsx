import { REQUIREMENT_TYPES, type Requirement } from 'contracts/workflows';
import { Button, Checkbox, FormField, Input, Select, SELECT_PLACEHOLDER, Textarea } from 'kit';
import { errorsUnder, itemErrors } from './itemErrors';
import type { ItemTabProps } from './itemTabs.types';
import { useShownErrors } from './useShownErrors';
import { RowCard } from './RowCard';

/** Requirement types (spec 2 §3). */
export const REQUIREMENT_TYPE_LABELS: Record<(typeof REQUIREMENT_TYPES)[number], string> = {
  1: 'Document',
  2: 'Digital Signature',
  5: 'Yes/No',
  6: 'Property',
  10: 'Comment',
};
const TYPE_OPTIONS = REQUIREMENT_TYPES.map((value) => ({ value, label: REQUIREMENT_TYPE_LABELS[value] }));

/** The type offering IsPropertyEditable (spec 2 §3: only for type 6). */
const PROPERTY = 6;

/** A new requirement: no type chosen yet (0 is none; the body refuses it with the type's message), weight 0. */
const blank = (): Requirement => ({ name: '', description: '', requirementType: 0, requirmentWeight: 0 });

/**
 * The Requirements tab (spec 2 §3): rows of name, description, type (Document, Digital
 * Signature, Yes/No, Property, Comment) and weight, with 'Property is editable' for a Property;
 * written into the draft as the user edits, each field's message from the item's body schema.
 */
export function RequirementsTab({ item, readOnly, onChange }: ItemTabProps) {
  const rows = item.requirements;
  const errors = errorsUnder(itemErrors(item), 'requirements');
  const { touch, shown, reset } = useShownErrors();

  const write = (next: Requirement[]) => onChange({ ...item, requirements: next });
  const set = (index: number, change: Partial<Requirement>) => write(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const setType = (index: number, type: number) => {
    const { IsPropertyEditable: _dropped, ...rest } = rows[index]!;
    // IsPropertyEditable belongs to a Property requirement only.
    write(rows.map((row, i) => (i === index ? (type === PROPERTY ? { ...row, requirementType: type, IsPropertyEditable: row.IsPropertyEditable ?? false } : { ...rest, requirementType: type }) : row)));
  };
  const remove = (index: number) => {
    reset();
    write(rows.filter((_, i) => i !== index));
  };

  return (
    <div className="space-y-4">
      {rows.length === 0 ? <p className="text-sm text-slate-600">This item has no requirements.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const title = `Requirement ${index + 1}`;
          return (
            <RowCard
              key={index}
              title={title}
              legend={row.name.trim() ? `${title}: ${row.name}` : title}
              readOnly={readOnly}
              onRemove={() => remove(index)}
              aside={row.requirementType === PROPERTY ? <Checkbox label="Property is editable" checked={row.IsPropertyEditable ?? false} disabled={readOnly} onChange={(event) => set(index, { IsPropertyEditable: event.target.checked })} /> : undefined}
            >
              <div className="grid gap-3 @lg:grid-cols-2">
                <FormField label="Name" required error={shown(errors, `${index}.name`)}>
                  <Input value={row.name} maxLength={200} disabled={readOnly} onChange={(event) => set(index, { name: event.target.value })} onBlur={() => touch(`${index}.name`)} />
                </FormField>
                <FormField label="Type" required error={shown(errors, `${index}.requirementType`)}>
                  <Select
                    options={TYPE_OPTIONS}
                    placeholder={SELECT_PLACEHOLDER}
                    value={row.requirementType || ''}
                    disabled={readOnly}
                    onChange={(event) => setType(index, Number(event.target.value) || 0)}
                    onBlur={() => touch(`${index}.requirementType`)}
                  />
                </FormField>
                <FormField label="Weight" error={shown(errors, `${index}.requirmentWeight`)}>
                  <Input
                    type="number"
                    inputMode="decimal"
                    value={String(row.requirmentWeight)}
                    disabled={readOnly}
                    onChange={(event) => set(index, { requirmentWeight: event.target.value === '' ? 0 : Number(event.target.value) })}
                    onBlur={() => touch(`${index}.requirmentWeight`)}
                  />
                </FormField>
                <FormField label="Description" error={shown(errors, `${index}.description`)} className="space-y-1 @lg:col-span-2">
                  <Textarea rows={2} value={row.description} maxLength={1000} disabled={readOnly} onChange={(event) => set(index, { description: event.target.value })} onBlur={() => touch(`${index}.description`)} />
                </FormField>
              </div>
            </RowCard>
          );
        })}
      </ol>
      {readOnly ? null : (
        <Button variant="secondary" onClick={() => write([...rows, blank()])}>
          Add requirement
        </Button>
      )}
    </div>
  );
}
