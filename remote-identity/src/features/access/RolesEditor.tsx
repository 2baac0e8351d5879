import { useMemo, useState } from 'react';
import type { RoleGroup, RoleItem } from 'contracts/identity';
import { Badge, Button, Checkbox, Input, useDebouncedValue, useUnsavedChanges } from 'shared';

/** Spec 1 §9: the role search waits 250 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 250;

const matches = (role: RoleItem, text: string) => [role.name, role.friendlyName, role.description].some((value) => value?.toLowerCase().includes(text));

/** Why the user holds a role (beyond the spec): directly, through which groups, or both. */
function why(role: RoleItem): string | undefined {
  if (!role.appliedToUser) return undefined;
  const groups = role.userGroups.length ? `user group${role.userGroups.length > 1 ? 's' : ''} ${role.userGroups.join(', ')}` : '';
  if (role.direct && groups) return `Given directly and by ${groups}`;
  return role.direct ? 'Given directly' : `Given by ${groups}`;
}

/**
 * Role checkboxes in their role groups (spec 1 §2, used for users, user groups and API keys):
 * a search debounced 250 ms, select-all per group and overall, two columns; roles a user
 * group grants are ticked, disabled and badged 'User Group'. Administrative roles are badged
 * 'Admin'; a role the signed-in user may not give or remove (the privilege ceiling, README
 * Security) is disabled with the server's reason in sight, never offered and then refused.
 * Save sends the roles held directly.
 */
export function RolesEditor({ groups, saving, onSave }: { groups: RoleGroup[]; saving: boolean; onSave: (roleIds: number[]) => void }) {
  const initial = useMemo(() => new Set(groups.flatMap((g) => g.roles.filter((r) => r.direct).map((r) => r.roleId))), [groups]);
  const [own, setOwn] = useState<Set<number>>(initial);
  const [search, setSearch] = useState('');
  const text = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim().toLowerCase();

  const granted = (role: RoleItem) => role.fromUserGroup && !role.direct;
  const locked = (role: RoleItem) => granted(role) || !role.givable;
  const shown = groups.map((group) => ({ ...group, roles: text ? group.roles.filter((role) => matches(role, text)) : group.roles })).filter((group) => group.roles.length > 0);
  const editable = (list: RoleItem[]) => list.filter((role) => !locked(role));
  const allOf = (list: RoleItem[]) => editable(list).length > 0 && editable(list).every((role) => own.has(role.roleId));
  const someOf = (list: RoleItem[]) => editable(list).some((role) => own.has(role.roleId));
  const setAll = (list: RoleItem[], on: boolean) =>
    setOwn((current) => {
      const next = new Set(current);
      for (const role of editable(list)) {
        if (on) next.add(role.roleId);
        else next.delete(role.roleId);
      }
      return next;
    });
  const everyShown = shown.flatMap((group) => group.roles);
  const dirty = own.size !== initial.size || [...own].some((id) => !initial.has(id));
  // Not while saving: the saved state is on its way (the editor starts again from it).
  useUnsavedChanges(dirty && !saving);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-4">
        <Input type="search" aria-label="Search roles" placeholder="Search roles" value={search} onChange={(e) => setSearch(e.target.value)} className="w-64" />
        <Checkbox label="Select all" checked={allOf(everyShown)} indeterminate={!allOf(everyShown) && someOf(everyShown)} onChange={(e) => setAll(everyShown, e.target.checked)} />
        <Button className="ml-auto" loading={saving} disabled={!dirty} onClick={() => onSave([...own])}>
          Save roles
        </Button>
      </div>
      {shown.length === 0 ? <p className="text-sm text-slate-600">No roles match.</p> : null}
      {shown.map((group) => (
        <fieldset key={group.roleGroupId} className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">{group.name}</legend>
          <Checkbox
            label={`Select all in ${group.name}`}
            checked={allOf(group.roles)}
            indeterminate={!allOf(group.roles) && someOf(group.roles)}
            disabled={editable(group.roles).length === 0}
            onChange={(e) => setAll(group.roles, e.target.checked)}
          />
          <div className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 md:grid-cols-2">
            {group.roles.map((role) => (
              <div key={role.roleId} className="flex flex-wrap items-start gap-x-2" title={why(role)}>
                <Checkbox
                  label={role.friendlyName || role.name}
                  checked={granted(role) || own.has(role.roleId)}
                  disabled={locked(role)}
                  aria-describedby={role.givable ? undefined : `role-${role.roleId}-why`}
                  onChange={(e) => setAll([role], e.target.checked)}
                />
                {role.administrative ? (
                  <Badge variant="neutral" title="Administrative role: given only by someone who holds it">
                    Admin
                  </Badge>
                ) : null}
                {role.fromUserGroup ? <Badge variant="info" title={why(role)}>User Group</Badge> : null}
                {role.givable ? null : (
                  <p id={`role-${role.roleId}-why`} className="w-full pl-6 text-xs text-slate-600">
                    {role.whyNotGivable}
                  </p>
                )}
              </div>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
