import { REQUIREMENT_TYPES, type Requirement } from 'contracts/workflows';
import { Button, Checkbox, FormField, Input, Select, SELECT_PLACEHOLDER, Textarea, useForm } from 'kit';
import { errorsOf, itemErrors } from './itemErrors';
import type { ItemTabProps } from './itemTabs.types';
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
  // The rows live in the draft: the form shows them, writes every change there, and says each message the one way.
  const form = useForm({
    initial: { requirements: rows },
    values: { requirements: rows },
    onValuesChange: (next) => onChange({ ...item, requirements: next.requirements }),
    validate: (values) => errorsOf(itemErrors({ ...item, requirements: values.requirements }), 'requirements'),
    // Nothing to submit: the draft is saved with the workflow.
    onSubmit: () => undefined,
  });
  const list = form.rows('requirements');
  const setType = (index: number, type: number) => {
    const { IsPropertyEditable: _dropped, ...rest } = rows[index]!;
    // IsPropertyEditable belongs to a Property requirement only.
    form.setValue(
      `requirements.${index}`,
      type === PROPERTY ? { ...rest, requirementType: type, IsPropertyEditable: rows[index]!.IsPropertyEditable ?? false } : { ...rest, requirementType: type },
    );
  };

  return (
    <div className="space-y-4">
      {rows.length === 0 ? <p className="text-sm text-slate-600">This item has no requirements.</p> : null}
      <ol className="space-y-3">
        {list.fields.map(({ key, index }) => {
          const row = rows[index]!;
          const title = `Requirement ${index + 1}`;
          const at = `requirements.${index}` as const;
          return (
            <RowCard
              key={key}
              title={title}
              legend={row.name.trim() ? `${title}: ${row.name}` : title}
              readOnly={readOnly}
              onRemove={() => list.remove(index)}
              aside={
                row.requirementType === PROPERTY ? (
                  <Checkbox
                    label="Property is editable"
                    checked={row.IsPropertyEditable ?? false}
                    disabled={readOnly}
                    onChange={(event) => form.setValue(`${at}.IsPropertyEditable`, event.target.checked)}
                  />
                ) : undefined
              }
            >
              <div className="grid gap-3 @lg:grid-cols-2">
                <FormField label="Name" required error={form.error(`${at}.name`)}>
                  <Input {...form.field(`${at}.name`)} maxLength={200} disabled={readOnly} />
                </FormField>
                <FormField label="Type" required error={form.error(`${at}.requirementType`)}>
                  <Select
                    {...form.field(`${at}.requirementType`)}
                    options={TYPE_OPTIONS}
                    placeholder={SELECT_PLACEHOLDER}
                    value={row.requirementType || ''}
                    disabled={readOnly}
                    onChange={(event) => setType(index, Number(event.target.value) || 0)}
                  />
                </FormField>
                <FormField label="Weight" error={form.error(`${at}.requirmentWeight`)}>
                  <Input
                    {...form.field(`${at}.requirmentWeight`, { parse: (text) => (text === '' ? 0 : Number(text)) })}
                    type="number"
                    inputMode="decimal"
                    disabled={readOnly}
                  />
                </FormField>
                <FormField label="Description" error={form.error(`${at}.description`)} className="space-y-1 @lg:col-span-2">
                  <Textarea {...form.field(`${at}.description`)} rows={2} maxLength={1000} disabled={readOnly} />
                </FormField>
              </div>
            </RowCard>
          );
        })}
      </ol>
      {readOnly ? null : (
        <Button variant="secondary" onClick={() => list.append(blank())}>
          Add requirement
        </Button>
      )}
    </div>
  );
}
