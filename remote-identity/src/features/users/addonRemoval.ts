import type { RoleGroup } from 'contracts/identity';

/** What saving the product licences tab removes from a user. */
export interface AddonRemoval {
  /** The product licences the user no longer holds at all, by name. */
  addons: string[];
  /** The user's own roles that go and are no longer held at all, by name. */
  roles: string[];
  /** Own roles whose own assignment goes but which a user group still gives. */
  rolesKept: string[];
  /** No product licence is left (then every own role goes, spec 1 §2). */
  noneLeft: boolean;
}

/** What {@link addonRemoval} reads: the own product licences before and after, those a group gives, their names, and the user's roles. */
export interface AddonRemovalInput {
  ownBefore: Iterable<number>;
  ownAfter: ReadonlySet<number>;
  fromGroups: ReadonlySet<number>;
  names: ReadonlyMap<number, string>;
  roleGroups: readonly RoleGroup[];
}

const byName = (a: string, b: string) => a.localeCompare(b);

/**
 * Exactly what the server does on saving the product licences (api: setUserAddons, then
 * domain/grants.ts dropRolesWithoutProduct): the user's own roles go whose role group needs a
 * product licence the user does not hold afterwards (directly or through a group); every own
 * role goes when none is left. Roles a user group gives stay with the group.
 */
export function addonRemoval({ ownBefore, ownAfter, fromGroups, names, roleGroups }: AddonRemovalInput): AddonRemoval {
  const after = new Set([...ownAfter, ...fromGroups]);
  const addons = [...new Set(ownBefore)].filter((id) => !after.has(id)).map((id) => names.get(id) ?? `Product license ${id}`);
  const noneLeft = after.size === 0;
  const roles = new Map<number, { name: string; kept: boolean }>();
  for (const group of roleGroups) {
    const needed = group.addOnId ?? null;
    if (!noneLeft && (needed === null || after.has(needed))) continue;
    for (const role of group.roles) {
      const own = role.direct || (role.appliedToUser && !role.fromUserGroup);
      if (!own) continue;
      roles.set(role.roleId, { name: role.friendlyName || role.name, kept: role.fromUserGroup || role.userGroups.length > 0 });
    }
  }
  const all = [...roles.values()];
  return {
    addons: addons.sort(byName),
    roles: all
      .filter((role) => !role.kept)
      .map((role) => role.name)
      .sort(byName),
    rolesKept: all
      .filter((role) => role.kept)
      .map((role) => role.name)
      .sort(byName),
    noneLeft,
  };
}

/** Whether saving removes anything the user holds. */
export const removesSomething = (removal: AddonRemoval) => removal.addons.length > 0 || removal.roles.length > 0 || removal.rolesKept.length > 0;
