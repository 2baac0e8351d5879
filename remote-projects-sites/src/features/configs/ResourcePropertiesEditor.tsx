import { useState } from 'react';
import {
  readResourceProperty,
  resourcePropertyProblems,
  writeResourceProperty,
  type Config,
  type ConfigData,
  type ConfigEntry,
  type ResourceProperty,
  type ResourceType,
} from 'contracts/licensing';
import { Alert, Button, useForm } from 'kit';
import { useUnsavedChanges } from 'shared';
import { sameData } from './configDraft';
import { ResourcePropertyRow } from './ResourcePropertyRow';

/** One row of the editor: the property, and the entry it was read from (null for one added here). */
interface Row {
  original: ConfigEntry | null;
  property: ResourceProperty;
}

const rowsOf = (data: ConfigData): Row[] => data.configs.map((entry) => ({ original: entry, property: readResourceProperty(entry) }));

const sameProperty = (a: ResourceProperty, b: ResourceProperty) => JSON.stringify(a) === JSON.stringify(b);

/** The config's data for the rows: a property left as it was keeps its stored entry; a changed or new one is written in the blob form. */
function dataOf(config: Config, rows: readonly Row[]): ConfigData {
  return {
    ...config.data,
    configs: rows.map((row) =>
      row.original && sameProperty(readResourceProperty(row.original), row.property) ? row.original : writeResourceProperty(row.property),
    ),
  };
}

const NEW_PROPERTY: ResourceProperty = { label_name: '', name: '', type: 'default', selection: [], requiresElevated: false, resourceTypes: [] };

/** Props of {@link ResourcePropertiesEditor}. */
export interface ResourcePropertiesEditorProps {
  config: Config;
  types: readonly ResourceType[];
  editable: boolean;
  /** Super administrators: they alone change properties that require elevated privileges. */
  mayElevate: boolean;
  saving: boolean;
  onSave(data: ConfigData): Promise<unknown>;
}

/**
 * The resource properties of a ResourceProperties config (spec 1 §2, §3, §5), one row each;
 * every problem of the set (resourcePropertyProblems, the licensing model's rules: the API
 * applies the same) is listed as the user types, and Save waits until there is none. A
 * property that requires elevated privileges is read-only for anyone but a super administrator.
 */
export function ResourcePropertiesEditor({ config, types, editable, mayElevate, saving, onSave }: ResourcePropertiesEditorProps) {
  // The rows are the form's (stable keys, added and removed by its row helpers); the set's problems are listed as the user types.
  const form = useForm<{ rows: Row[] }>({
    initial: { rows: rowsOf(config.data) },
    validate: ({ rows }) => {
      const problems = resourcePropertyProblems(dataOf(config, rows));
      return Object.fromEntries(problems.length > 0 ? [['rows', problems.join('\n')]] : []);
    },
    // The save's failure is its mutation's toast.
    onSubmit: ({ rows }) =>
      onSave(dataOf(config, rows)).then(
        () => undefined,
        () => undefined,
      ),
  });
  const rows = form.values.rows;
  const list = form.rows('rows');
  // The key of the row added last: its name takes the focus.
  const [added, setAdded] = useState<string | null>(null);
  const data = dataOf(config, rows);
  const problems = resourcePropertyProblems(data);
  const dirty = !sameData(data, config.data);
  const canSave = editable && dirty && problems.length === 0;
  useUnsavedChanges(editable && dirty && !saving);

  // Types the properties name that the catalogue does not (or before it arrives) stay shown.
  const known = new Set(types.map((type) => type.typeNumber));
  const named = rows.flatMap((row) => row.property.resourceTypes).filter((type) => !known.has(type.typeNumber));
  const allTypes = [...types, ...named.filter((type, i) => named.findIndex((other) => other.typeNumber === type.typeNumber) === i)];

  const locked = (row: Row) => !editable || (!mayElevate && row.original !== null && readResourceProperty(row.original).requiresElevated);
  const addRow = () => setAdded(list.append({ original: null, property: NEW_PROPERTY }));

  return (
    <form onSubmit={(event) => (canSave && !saving ? form.submit(event) : event.preventDefault())} noValidate className="space-y-4">
      {editable && !mayElevate ? (
        <p className="text-sm text-slate-600">Only a super administrator can mark a property as requiring elevated privileges, or change one that does.</p>
      ) : null}
      {rows.length === 0 ? <p className="text-slate-600">There are no resource properties yet.</p> : null}
      <div className="space-y-3">
        {list.fields.map(({ key, index }) => (
          <ResourcePropertyRow
            key={key}
            property={rows[index]!.property}
            position={index + 1}
            types={allTypes}
            locked={locked(rows[index]!)}
            mayElevate={mayElevate}
            focusName={key === added}
            onChange={(property) => form.setValue(`rows.${index}.property`, property)}
            onRemove={() => list.remove(index)}
          />
        ))}
      </div>
      {problems.length > 0 ? (
        <Alert variant="danger" title="These properties cannot be saved:">
          <ul className="list-disc pl-4">
            {problems.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {editable ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={addRow}>
            Add property
          </Button>
          <Button type="submit" loading={saving} disabled={!canSave}>
            Save
          </Button>
          <Button variant="secondary" onClick={() => form.reset()} disabled={!dirty || saving}>
            Discard
          </Button>
        </div>
      ) : null}
    </form>
  );
}
