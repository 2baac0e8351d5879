import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Badge, Button, Input, Spinner, useDebouncedValue } from 'kit';
import { memberSearchQuery } from '../users/users.api';

export interface Member {
  userId: number;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
}

const label = (m: Member) => [`${m.firstName} ${m.lastName}`.trim(), m.email, m.companyName].filter(Boolean).join(' · ');

/**
 * The group's members as a multi-select (spec 1 §2): chosen users as removable chips, and a
 * search over user name, e-mail, first and last name and company among the users of the
 * group's licence only (the server's user search, 20 at a time).
 */
export function MemberPicker({
  licenseId,
  value,
  onChange,
  disabled,
}: {
  licenseId: number;
  value: Member[];
  onChange: (next: Member[]) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const text = useDebouncedValue(search, 250).trim();
  const listId = useId();
  const found = useQuery(memberSearchQuery(licenseId, text));
  const chosen = new Set(value.map((m) => m.userId));
  const results = (found.data?.items ?? []).filter((u) => !chosen.has(u.userId));
  return (
    <div className="space-y-2">
      <ul aria-label="Members" className="flex flex-wrap gap-2">
        {value.length === 0 ? <li className="text-sm text-slate-600">No members yet.</li> : null}
        {value.map((member) => (
          <li key={member.userId}>
            <Badge variant="neutral" title={label(member)}>
              {member.userName}
              {disabled ? null : (
                <button
                  type="button"
                  className="ml-1 font-bold"
                  aria-label={`Remove ${member.userName}`}
                  onClick={() => onChange(value.filter((m) => m.userId !== member.userId))}
                >
                  ×
                </button>
              )}
            </Badge>
          </li>
        ))}
      </ul>
      {disabled ? null : (
        <>
          <Input
            type="search"
            aria-label="Find users to add"
            aria-controls={listId}
            placeholder="Find users by name, e-mail or company"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="w-full max-w-md"
          />
          <div id={listId} aria-live="polite">
            {found.isFetching ? <Spinner label="Searching users" size="sm" /> : null}
            {text && found.data && results.length === 0 ? <p className="text-sm text-slate-600">No other users of the license match.</p> : null}
            <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto">
              {results.map((user) => (
                <li key={user.userId} className="flex items-center gap-3 py-1.5 text-sm">
                  <span className="font-medium">{user.userName}</span>
                  <span className="text-slate-600">{label(user)}</span>
                  <Button size="sm" variant="secondary" className="ml-auto" aria-label={`Add ${user.userName}`} onClick={() => onChange([...value, user])}>
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </div>
  );
}
