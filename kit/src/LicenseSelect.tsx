import { useQuery } from '@tanstack/react-query';
import { getLicenses } from 'contracts/licensing';
import { Select } from './Select';

/** One query for every licence selector on the page, whichever remote shows it. */
/** Under this app's id: every app bundles its own kit, so two kit versions never share a cache entry. */
export const licenseOptionsKey = [__APP_ID__, 'kit', 'licenses'] as const;

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
  const licenses = useQuery({ queryKey: licenseOptionsKey, queryFn: () => getLicenses(), staleTime: 5 * 60_000 });
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
