import { ConfigMessages, type ResourceProperty, type ResourceType } from 'contracts/licensing';
import { Button, Checkbox, FormField, Input, Select, TagInput } from 'kit';

/** Props of {@link ResourcePropertyRow}. */
export interface ResourcePropertyRowProps {
  property: ResourceProperty;
  /** Its place in the list (from 1), naming it while it has no name. */
  position: number;
  /** The resource types it may name (GET Resource/resourceTypesMetaData, and those it already names). */
  types: readonly ResourceType[];
  /** Read-only: a property that requires elevated privileges, for anyone but a super administrator. */
  locked: boolean;
  /** Whether the 'Requires elevated privileges' box may change (super administrators only). */
  mayElevate: boolean;
  /** A property just added: its name field takes the focus. */
  focusName: boolean;
  onChange(property: ResourceProperty): void;
  onRemove(): void;
}

const TYPES = [
  { value: 'default', label: 'Default' },
  { value: 'selection', label: 'Selection' },
];

/**
 * One resource property (spec 1 §3): its name (label_name), type (Default or Selection), the
 * selections of a Selection, whether it requires elevated privileges, and the resource types
 * it applies to (none: every type).
 */
export function ResourcePropertyRow({ property, position, types, locked, mayElevate, focusName, onChange, onRemove }: ResourcePropertyRowProps) {
  const title = property.label_name.trim() || `Property ${position}`;
  const set = (change: Partial<ResourceProperty>) => onChange({ ...property, ...change });
  const chosen = new Set(property.resourceTypes.map((type) => type.typeNumber));
  const toggleType = (type: ResourceType, on: boolean) =>
    set({
      resourceTypes: on
        ? [...property.resourceTypes, { typeName: type.typeName, typeNumber: type.typeNumber }]
        : property.resourceTypes.filter((other) => other.typeNumber !== type.typeNumber),
    });
  const summary = property.resourceTypes.length === 0 ? 'none specified' : property.resourceTypes.map((type) => type.typeName).join(', ');
  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold break-all text-slate-900">{title}</legend>
      {locked ? <p className="text-xs text-slate-600">{ConfigMessages.elevatedOnly}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name">
          <Input
            value={property.label_name}
            maxLength={200}
            disabled={locked}
            autoFocus={focusName}
            onChange={(event) => set({ label_name: event.target.value })}
          />
        </FormField>
        <FormField label="Type">
          <Select
            value={property.type}
            options={TYPES}
            disabled={locked}
            onChange={(event) => set({ type: event.target.value === 'selection' ? 'selection' : 'default' })}
          />
        </FormField>
      </div>
      {property.type === 'selection' ? (
        <FormField label="Selections">
          <TagInput
            value={property.selection}
            noun="selection"
            label={`Selections of ${title}`}
            disabled={locked}
            onChange={(selection) => set({ selection })}
          />
        </FormField>
      ) : null}
      <details className="rounded-md border border-slate-200 px-3 py-2">
        <summary className="cursor-pointer text-sm text-slate-700">{`Resource types: ${summary}`}</summary>
        <div className="mt-2 grid gap-x-4 gap-y-1.5 sm:grid-cols-3">
          {types.map((type) => (
            <Checkbox
              key={type.typeNumber}
              label={type.typeName}
              checked={chosen.has(type.typeNumber)}
              disabled={locked}
              onChange={(event) => toggleType(type, event.target.checked)}
            />
          ))}
        </div>
      </details>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Checkbox
          label="Requires elevated privileges"
          checked={property.requiresElevated}
          disabled={locked || !mayElevate}
          onChange={(event) => set({ requiresElevated: event.target.checked })}
        />
        {locked ? null : (
          <Button variant="secondary" size="sm" onClick={onRemove}>
            {`Remove ${title}`}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
