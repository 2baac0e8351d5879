import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { call } from '../api/client';
import { Select } from '../ui/Select';

/** What a licence picker needs of GET license (the licensing contract parses the whole licence). */
const LicenseOptionSchema = v.array(v.looseObject({ licenseId: v.number(), name: v.string() }));
const getLicenseOptions = () => call('get', 'license', LicenseOptionSchema);

/** One query for every licence selector on the page, whichever remote shows it. */
export const licenseOptionsKey = ['shared', 'licenses'] as const;

export interface LicenseSelectProps {
  value: number | null;
  onChange(licenseId: number | null): void;
  /** The option that means every licence. */
  allLabel?: string;
  /** By default as wide as the longest licence name (never 'Northwind Constructio…'), within its container. */
  className?: string;
}

/** The licence selector of the lists super administrators see (spec 1: users, projects, API keys, groups…). */
export function LicenseSelect({ value, onChange, allLabel = 'All licenses', className = 'w-auto' }: LicenseSelectProps) {
  const licenses = useQuery({ queryKey: licenseOptionsKey, queryFn: getLicenseOptions, staleTime: 5 * 60_000 });
  return (
    <Select
      aria-label="License"
      className={className}
      value={value ?? ''}
      placeholder={allLabel}
      options={(licenses.data ?? []).map((l) => ({ value: l.licenseId, label: l.name }))}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
    />
  );
}
