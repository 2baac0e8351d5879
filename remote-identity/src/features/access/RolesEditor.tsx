import { useMemo, useState } from 'react';
import { AccessMessages, type RoleGroup, type RoleItem } from 'contracts/identity';
import { Alert, Badge, Button, Checkbox, cx, Input, useDebouncedValue } from 'kit';
import { useUnsavedChanges } from 'shared';
import { HeldBy, RolesShownFilter, type RolesShown } from './rolesEditor.parts';

/** Spec 1 §9: the role search waits 250 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 250;

const matches = (role: RoleItem, text: string) => [role.name, role.friendlyName, role.description].some((value) => value?.toLowerCase().includes(text));
const nameOf = (role: RoleItem) => role.friendlyName || role.name;

/**
 * Role checkboxes in their role groups (spec 1 §2, used for users, user groups and API keys):
 * a search debounced 250 ms, select-all per group and overall, two columns; roles a user
 * group grants are ticked, disabled and badged 'User Group: {name}'. Beside each held role,
 * in sight, why it is held ('Direct', 'User Group: {name}'); a filter 'Assigned only / All
 * roles'; Save in a bar that stays in view while the list scrolls. Administrative roles are
 * badged 'Admin'; a role the signed-in user may not give or remove (the privilege ceiling,
 * README Security) is disabled with the server's reason in sight, never offered and then
 * refused. A role held without its product licence (its group marked `missingProduct`) is
 * shown flagged with the way to fix it and can be removed. Save sends the roles held directly.
 */
export function RolesEditor({
  groups,
  saving,
  onSave,
  noProductMessage,
}: {
  groups: RoleGroup[];
  saving: boolean;
  onSave: (roleIds: number[]) => void;
  /** What the view says without a product licence ('Assign a Product to modify roles.'), shown when every role listed lacks its product. */
  noProductMessage?: string;
}) {
  const initial = useMemo(() => new Set(groups.flatMap((g) => g.roles.filter((r) => r.direct).map((r) => r.roleId))), [groups]);
  const [own, setOwn] = useState<Set<number>>(initial);
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<RolesShown>('all');
  const text = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim().toLowerCase();

  const granted = (role: RoleItem) => role.fromUserGroup && !role.direct;
  const locked = (role: RoleItem) => granted(role) || !role.givable;
  // Held on the server or ticked here: unticking a held role does not hide it from 'Assigned only'.
  const assigned = (role: RoleItem) => role.appliedToUser || own.has(role.roleId);
  const listed = (role: RoleItem) => (!text || matches(role, text)) && (show === 'all' || assigned(role));
  const shown = groups.map((group) => ({ ...group, roles: group.roles.filter(listed) })).filter((group) => group.roles.length > 0);
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
  const changes = [...own].filter((id) => !initial.has(id)).length + [...initial].filter((id) => !own.has(id)).length;
  const dirty = changes > 0;
  // Not while saving: the saved state is on its way (the editor starts again from it).
  useUnsavedChanges(dirty && !saving);

  const withoutProduct = groups.filter((group) => group.missingProduct && group.roles.some((role) => role.appliedToUser));
  const onlyWithoutProduct = withoutProduct.length > 0 && withoutProduct.length === groups.length;

  return (
    <div className="space-y-4">
      {withoutProduct.length ? (
        <Alert variant="warning" title={AccessMessages.rolesMissingProductTitle}>
          {onlyWithoutProduct && noProductMessage ? `${noProductMessage} ` : null}
          {AccessMessages.rolesMissingProduct(withoutProduct.flatMap((group) => group.roles.filter((role) => role.appliedToUser).map(nameOf)).join(', '))}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <Input
          type="search"
          aria-label="Search roles"
          placeholder="Search roles"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="w-64 max-w-full"
        />
        <RolesShownFilter value={show} onChange={setShow} />
        <Checkbox
          label="Select all"
          checked={allOf(everyShown)}
          indeterminate={!allOf(everyShown) && someOf(everyShown)}
          onChange={(e) => setAll(everyShown, e.target.checked)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">{show === 'assigned' && !text ? AccessMessages.noAssignedRoles : AccessMessages.noRolesMatch}</p>
      ) : null}
      {shown.map((group) => (
        <fieldset key={group.roleGroupId} className={cx('rounded-md border p-3', group.missingProduct ? 'border-amber-300' : 'border-slate-200')}>
          <legend className="px-1 text-sm font-semibold text-slate-800">
            {group.name}
            {group.missingProduct ? <span className="ml-2 font-normal text-amber-800">({AccessMessages.groupMissingProduct})</span> : null}
          </legend>
          <Checkbox
            label={`Select all in ${group.name}`}
            checked={allOf(group.roles)}
            indeterminate={!allOf(group.roles) && someOf(group.roles)}
            disabled={editable(group.roles).length === 0}
            onChange={(e) => setAll(group.roles, e.target.checked)}
          />
          <div className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1.5 md:grid-cols-2">
            {group.roles.map((role) => {
              const whyId = `role-${role.roleId}-why`;
              const productId = `role-${role.roleId}-product`;
              const describedBy = [role.givable ? null : whyId, group.missingProduct ? productId : null].filter(Boolean).join(' ') || undefined;
              return (
                <div key={role.roleId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Checkbox
                    label={nameOf(role)}
                    checked={granted(role) || own.has(role.roleId)}
                    disabled={locked(role)}
                    aria-describedby={describedBy}
                    onChange={(e) => setAll([role], e.target.checked)}
                  />
                  {role.administrative ? (
                    <Badge variant="neutral" title="Administrative role: given only by someone who holds it">
                      Admin
                    </Badge>
                  ) : null}
                  <HeldBy role={role} />
                  {role.givable ? null : (
                    <p id={whyId} className="w-full pl-6 text-xs text-slate-600">
                      {role.whyNotGivable}
                    </p>
                  )}
                  {group.missingProduct ? (
                    <p id={productId} className="w-full pl-6 text-xs text-amber-800">
                      {AccessMessages.roleMissingProduct(group.missingProduct)}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      {/* Save stays in view while the long list scrolls (issue 22). */}
      <div
        className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-x-4 gap-y-2 rounded-md border
          border-slate-200 bg-white px-3 py-2 shadow-md"
      >
        <p className="text-sm text-slate-600" aria-live="polite">
          {AccessMessages.unsavedChanges(changes)}
        </p>
        <Button loading={saving} disabled={!dirty} onClick={() => onSave([...own])}>
          Save roles
        </Button>
      </div>
    </div>
  );
}
