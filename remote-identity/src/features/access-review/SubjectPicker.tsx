import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { HoldingKind } from 'contracts/identity';
import { FormField, Input, Select } from 'kit';
import { subjectsQuery } from './accessReview.api';

const KIND_OPTIONS = [
  { value: 'role', label: 'Permission' },
  { value: 'addon', label: 'Product license' },
  { value: 'project', label: 'Project' },
];

export interface SubjectPickerProps {
  kind: HoldingKind;
  id: number | null;
  licenseId: number | null;
  onChange(next: { kind: HoldingKind; id: number | null }): void;
}

/**
 * What to look up: a permission (any role of the catalogue, searched by its friendly name,
 * description or name), a product licence of the licence, or one of its projects.
 */
export function SubjectPicker({ kind, id, licenseId, onChange }: SubjectPickerProps) {
  const [search, setSearch] = useState('');
  const subjects = useQuery(subjectsQuery(kind, licenseId));
  const searchId = useId();
  const needle = search.trim().toLowerCase();
  const shown = (subjects.data ?? []).filter(
    (s) => s.id === id || !needle || s.label.toLowerCase().includes(needle) || s.description.toLowerCase().includes(needle),
  );
  return (
    <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_minmax(0,1.5fr)]">
      <FormField label="Look up">
        <Select value={kind} options={KIND_OPTIONS} onChange={(event) => onChange({ kind: event.target.value as HoldingKind, id: null })} />
      </FormField>
      <FormField label="Search" id={searchId}>
        <Input type="search" value={search} placeholder="Name or description" onChange={(event) => setSearch(event.target.value)} />
      </FormField>
      <FormField label={KIND_OPTIONS.find((o) => o.value === kind)!.label}>
        <Select
          value={id ?? ''}
          placeholder={subjects.isPending ? 'Loading…' : `Choose (${shown.length})`}
          options={shown.map((s) => ({ value: s.id, label: s.description && kind === 'role' ? `${s.label} — ${s.description}` : s.label }))}
          onChange={(event) => onChange({ kind, id: event.target.value ? Number(event.target.value) : null })}
        />
      </FormField>
    </div>
  );
}
