import { useId } from 'react';
import { AccessMessages, type RoleItem } from 'contracts/identity';
import { Badge, cx } from 'kit';

/** Which roles the editor lists: those held (or ticked), or the whole offer. */
export type RolesShown = 'assigned' | 'all';

const CHOICES: [RolesShown, string][] = [
  ['assigned', AccessMessages.rolesAssignedOnly],
  ['all', AccessMessages.rolesAll],
];

/**
 * The roles editors' filter 'Assigned only / All roles' (Keycloak's 'Hide inherited roles'
 * the other way round): a labelled radio group drawn as a segmented control, so arrow keys
 * move between its two choices and a screen reader names it.
 */
export function RolesShownFilter({ value, onChange }: { value: RolesShown; onChange: (value: RolesShown) => void }) {
  const id = useId();
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`} className="flex items-center gap-2">
      <span id={`${id}-label`} className="text-sm text-slate-700">
        {AccessMessages.rolesFilterLabel}
      </span>
      <span className="inline-flex rounded-md border border-slate-300 bg-slate-100 p-0.5">
        {CHOICES.map(([choice, label]) => (
          <label
            key={choice}
            className={cx(
              'relative cursor-pointer rounded px-3 py-1 text-sm whitespace-nowrap has-[:focus-visible]:ring-2 ' +
                'has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-1',
              value === choice ? 'bg-brand-600 font-medium text-white shadow-xs' : 'text-slate-700 hover:bg-white hover:text-slate-900',
            )}
          >
            {/* The native radio, invisible over its segment: clicks, arrow keys and screen readers reach it. */}
            <input
              type="radio"
              name={id}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            {label}
          </label>
        ))}
      </span>
    </div>
  );
}

/**
 * Why a role is held, in sight beside it (not a tooltip, out of reach for keyboard and touch):
 * 'Direct', and 'User Group: {name}' for each group that grants it.
 */
export function HeldBy({ role }: { role: RoleItem }) {
  if (!role.appliedToUser) return null;
  // Another API may say a group grants it without naming the group: the spec's badge then.
  const groups = role.userGroups.length ? role.userGroups.map(AccessMessages.heldByGroup) : role.fromUserGroup ? ['User Group'] : [];
  return (
    <>
      {role.direct ? <Badge variant="success">{AccessMessages.heldDirect}</Badge> : null}
      {groups.map((text) => (
        <Badge key={text} variant="info">
          {text}
        </Badge>
      ))}
    </>
  );
}
