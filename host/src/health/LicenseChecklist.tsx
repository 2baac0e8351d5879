import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { getLicenses } from 'contracts/licensing';
import { Checkbox, Input, licenseOptionsKey } from 'kit';
import { errorMessage } from 'shared';

/** At most this many boxes are drawn; the filter finds the others. */
const SHOWN_AT_MOST = 100;

export interface LicenseChecklistProps {
  /** The licences chosen, by id. */
  value: readonly number[];
  onChange(licenseIds: number[]): void;
  /** Focus left the list (the form shows its message from then on). */
  onBlur?(): void;
  error?: string;
  disabled?: boolean;
}

/**
 * The pilot's licences, chosen by name (the super administrator's licence list, read once for
 * the page as the licence selects read it): the names chosen, a filter by name, and a checkbox
 * each in a scrolling box.
 */
export function LicenseChecklist({ value, onChange, onBlur, error, disabled = false }: LicenseChecklistProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const licenses = useQuery({ queryKey: licenseOptionsKey, queryFn: () => getLicenses(), staleTime: 5 * 60_000 });
  const all = [...(licenses.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const needle = filter.trim().toLowerCase();
  const matching = all.filter((license) => needle === '' || license.name.toLowerCase().includes(needle) || String(license.licenseId) === needle);
  const chosen = value.map((licenseId) => all.find((license) => license.licenseId === licenseId)?.name ?? `#${licenseId}`);
  const toggle = (licenseId: number, on: boolean) => onChange(on ? [...value, licenseId] : value.filter((one) => one !== licenseId));
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="min-w-0 space-y-2"
      aria-describedby={error ? errorId : undefined}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) onBlur?.();
      }}
    >
      <legend className="text-sm font-medium text-slate-700">
        Licences<span className="ml-1 font-normal text-slate-500">{`(${value.length} chosen)`}</span>
      </legend>
      {chosen.length > 0 ? (
        <p className="text-sm break-words text-slate-700">
          <span className="font-medium">Chosen: </span>
          {chosen.join(', ')}
        </p>
      ) : null}
      <Input aria-label="Filter licences" placeholder="Filter licences" value={filter} onChange={(event) => setFilter(event.target.value)} />
      {licenses.isPending ? (
        <p className="text-sm text-slate-500">Loading the licences…</p>
      ) : licenses.isError ? (
        <p className="text-sm text-red-700">{errorMessage(licenses.error, 'The licences could not be read.')}</p>
      ) : (
        <ul aria-label="Licences" className="max-h-48 space-y-1 overflow-y-auto rounded border border-slate-200 p-2">
          {matching.slice(0, SHOWN_AT_MOST).map((license) => (
            <li key={license.licenseId} className="min-w-0 break-words">
              <Checkbox
                name="licenseIds"
                label={license.name}
                checked={value.includes(license.licenseId)}
                disabled={disabled}
                onChange={(event) => toggle(license.licenseId, event.target.checked)}
              />
            </li>
          ))}
          {matching.length > SHOWN_AT_MOST ? (
            <li className="text-xs text-slate-500">{`${matching.length - SHOWN_AT_MOST} more: type part of a name to find them.`}</li>
          ) : null}
          {matching.length === 0 ? <li className="text-sm text-slate-500">{all.length ? 'No licence matches the filter.' : 'No licences.'}</li> : null}
        </ul>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
