import { memo, useMemo, useState } from 'react';
import { FormField, Input, Select, SELECT_PLACEHOLDER, type SelectOption } from 'kit';

/** At most this many sites in the list at once: a large project's (tens of thousands) is narrowed with the filter. */
export const SHOWN_SITES = 200;

interface SiteFieldProps {
  /** The select's name: its form path, so a failed Update can focus it. */
  name?: string;
  /** Every site that may be chosen: the site's id and its path. */
  options: readonly SelectOption[];
  value: number | null | undefined;
  onChange(siteId: number | null): void;
  onBlur(): void;
  disabled: boolean;
  error?: string;
  loading: boolean;
}

/**
 * A Geo trigger's site: a select of the project's sites by path, with a filter above it once
 * there are more than {@link SHOWN_SITES} — the list then holds the first matches (and the
 * chosen site), and says how many there are.
 */
export const SiteField = memo(function SiteField({ name, options, value, onChange, onBlur, disabled, error, loading }: SiteFieldProps) {
  const [filter, setFilter] = useState('');
  const many = options.length > SHOWN_SITES;
  const { shown, matches } = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const matching = needle === '' ? options : options.filter((option) => option.label.toLowerCase().includes(needle));
    const first = matching.slice(0, SHOWN_SITES);
    const chosen = options.find((option) => option.value === value);
    return { shown: chosen && !first.includes(chosen) ? [chosen, ...first] : first, matches: matching.length };
  }, [options, filter, value]);
  const hint = loading
    ? 'Loading sites…'
    : many
      ? `${matches > SHOWN_SITES ? `The first ${SHOWN_SITES} of ${matches}` : matches} ` +
        `${matches === 1 ? 'site' : 'sites'}${filter.trim() ? ' matching the filter' : ''}: type in Filter ` +
        `sites to narrow.`
      : undefined;
  return (
    <div className="space-y-2">
      {many ? (
        <Input aria-label="Filter sites" placeholder="Filter sites" value={filter} disabled={disabled} onChange={(event) => setFilter(event.target.value)} />
      ) : null}
      <FormField label="Site" required error={error} hint={hint}>
        <Select
          name={name}
          options={shown}
          placeholder={SELECT_PLACEHOLDER}
          value={value || ''}
          disabled={disabled}
          onChange={(event) => onChange(Number(event.target.value) || null)}
          onBlur={onBlur}
        />
      </FormField>
    </div>
  );
});
