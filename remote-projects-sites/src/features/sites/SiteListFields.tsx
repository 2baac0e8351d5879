import { useId } from 'react';
import { Button, Input, type Form } from 'kit';
import { MAX_OVERLAYS, MAX_PROPERTIES, readOverlays, readRows, type OverlayRow, type PropertyRow, type SiteFormValues } from './siteForm';

/** A list field's message, announced, under the list. */
function ListError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs font-medium text-red-600">
      {message}
    </p>
  );
}

/** One labelled text control of a list row. */
function RowInput({
  label,
  value,
  onChange,
  onBlur,
  maxLength,
  type = 'text',
  invalid,
  describedBy,
  disabled,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  maxLength: number;
  type?: string;
  invalid: boolean;
  describedBy?: string;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <Input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        invalid={invalid}
        aria-describedby={invalid ? describedBy : undefined}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </div>
  );
}

/**
 * The site's free key/value properties (spec 1 §2: with add and remove). Each row is a group
 * named 'Property N' with its Key and Value; a blank or repeated key is the list's message.
 */
export function PropertiesField({ form, disabled }: { form: Form<SiteFormValues>; disabled: boolean }) {
  const errorId = useId();
  const rows = readRows(form.values.properties);
  const message = form.error('properties');
  const write = (next: PropertyRow[]) => form.setValue('properties', JSON.stringify(next));
  const touch = form.field('properties').onBlur;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Properties</legend>
      {rows.length === 0 ? <p className="text-xs text-slate-500">No properties.</p> : null}
      {rows.map((row, index) => (
        <fieldset key={index} className="flex flex-wrap items-end gap-2 rounded-md border border-slate-200 p-2">
          <legend className="sr-only">{`Property ${index + 1}`}</legend>
          <RowInput
            label="Key"
            value={row.key}
            maxLength={200}
            invalid={message !== undefined && row.key.trim() === ''}
            describedBy={errorId}
            disabled={disabled}
            onBlur={touch}
            onChange={(key) => write(rows.map((one, at) => (at === index ? { ...one, key } : one)))}
          />
          <RowInput
            label="Value"
            value={row.value}
            maxLength={2000}
            invalid={false}
            disabled={disabled}
            onBlur={touch}
            onChange={(value) => write(rows.map((one, at) => (at === index ? { ...one, value } : one)))}
          />
          <Button variant="secondary" size="sm" className="mb-1" disabled={disabled} onClick={() => write(rows.filter((_, at) => at !== index))}>
            Remove<span className="sr-only">{` property ${index + 1}`}</span>
          </Button>
        </fieldset>
      ))}
      <ListError id={errorId} message={message} />
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || rows.length >= MAX_PROPERTIES}
        onClick={() => write([...rows, { key: '', value: '', type: 'string' }])}
      >
        Add property
      </Button>
    </fieldset>
  );
}

/** The site's overlays (spec 1 §2: name and link), with add and remove; each row a group named 'Overlay N'. */
export function OverlaysField({ form, disabled }: { form: Form<SiteFormValues>; disabled: boolean }) {
  const errorId = useId();
  const rows = readOverlays(form.values.overlays);
  const message = form.error('overlays');
  const write = (next: OverlayRow[]) => form.setValue('overlays', JSON.stringify(next));
  const touch = form.field('overlays').onBlur;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Overlays</legend>
      {rows.length === 0 ? <p className="text-xs text-slate-500">No overlays.</p> : null}
      {rows.map((row, index) => (
        <fieldset key={index} className="flex flex-wrap items-end gap-2 rounded-md border border-slate-200 p-2">
          <legend className="sr-only">{`Overlay ${index + 1}`}</legend>
          <RowInput
            label="Overlay name"
            value={row.name}
            maxLength={200}
            invalid={message !== undefined && row.name.trim() === ''}
            describedBy={errorId}
            disabled={disabled}
            onBlur={touch}
            onChange={(name) => write(rows.map((one, at) => (at === index ? { ...one, name } : one)))}
          />
          <RowInput
            label="Link"
            type="url"
            value={row.url}
            maxLength={2000}
            invalid={message !== undefined && row.url.trim() === ''}
            describedBy={errorId}
            disabled={disabled}
            onBlur={touch}
            onChange={(url) => write(rows.map((one, at) => (at === index ? { ...one, url } : one)))}
          />
          <Button variant="secondary" size="sm" className="mb-1" disabled={disabled} onClick={() => write(rows.filter((_, at) => at !== index))}>
            Remove<span className="sr-only">{` overlay ${index + 1}`}</span>
          </Button>
        </fieldset>
      ))}
      <ListError id={errorId} message={message} />
      <Button variant="secondary" size="sm" disabled={disabled || rows.length >= MAX_OVERLAYS} onClick={() => write([...rows, { name: '', url: '' }])}>
        Add overlay
      </Button>
    </fieldset>
  );
}
