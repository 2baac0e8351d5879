/**
 * The names behind the ids an audit entry holds (a licence, a user, product licences, roles,
 * projects), read once per page of entries, so a History says 'added Progress Tracking' rather
 * than 'addOnIds: [1,3]'. A user, project or licence outside the caller's scope keeps its id
 * ('#17'): the trail never names what the caller may not see.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addons, environments, licenses, projects, reports, roles, users } from '../../db/schema';
import type { Scope } from '../../http/scope';

/** What an id names. */
export type IdKind = 'license' | 'user' | 'environment' | 'project' | 'addon' | 'role' | 'report';

/** Fields holding ids (or lists of ids) and what they name, whatever the entity. */
const ID_FIELDS: Record<string, IdKind> = {
  licenseId: 'license',
  ownerId: 'user',
  environmentId: 'environment',
  parentProjectId: 'project',
  addOnIds: 'addon',
  roleIds: 'role',
  removedRoleIds: 'role',
  roleId: 'role',
  projectIds: 'project',
  userIds: 'user',
  reportId: 'report',
};

/** Fields whose ids mean something only for some entities. */
const ENTITY_ID_FIELDS: Record<string, Record<string, IdKind>> = {
  workflow: { projectId: 'project' },
  preservation: { projectId: 'project' },
  'report-group': { projectId: 'project' },
  'user-group-users': { added: 'user' },
  // A release channel's entries written before they named the pilot's licences (pilotLicenses).
  'remote-channel': { pilotLicenseIds: 'license' },
};

/** What the id (or ids) in `field` of an `entity` entry name, if any. */
export function idKindOf(entity: string, field: string): IdKind | undefined {
  return ENTITY_ID_FIELDS[entity]?.[field] ?? ID_FIELDS[field];
}

/** The names read for a page of entries: `nameOf(kind, id)`, or `#id` when unknown or out of scope; role names as the screens show them. */
export interface Names {
  nameOf(kind: IdKind, id: number): string;
  roleLabel(name: string): string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ids of `value` (one, or a list): whole numbers only. */
function idsIn(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is number => typeof item === 'number' && Number.isSafeInteger(item));
}

/** Reads the names every id of `entries` needs (one query per kind present), within the caller's scope. */
export async function readNames(db: Db, scope: Scope, entries: readonly { entity: string; before: unknown; after: unknown }[]): Promise<Names> {
  const wanted = new Map<IdKind, Set<number>>();
  const roleNames = new Set<string>();
  for (const entry of entries) {
    for (const side of [entry.before, entry.after]) {
      // A user's roles are stored by name: shown by their friendly names.
      if (entry.entity === 'user-roles' && Array.isArray(side)) for (const name of side) if (typeof name === 'string') roleNames.add(name);
      if (!isRecord(side)) continue;
      for (const [field, value] of Object.entries(side)) {
        const kind = idKindOf(entry.entity, field);
        if (!kind) continue;
        const set = wanted.get(kind) ?? new Set<number>();
        for (const id of idsIn(value)) set.add(id);
        wanted.set(kind, set);
      }
    }
  }
  const ids = (kind: IdKind) => [...(wanted.get(kind) ?? [])];
  const some = <T>(list: number[], read: (list: number[]) => Promise<T[]>) => (list.length ? read(list) : Promise.resolve([] as T[]));
  const [licenseRows, userRows, environmentRows, projectRows, addonRows, roleRows, reportRows, roleNameRows] = await Promise.all([
    some(ids('license'), (list) =>
      db.select({ id: licenses.licenseId, name: licenses.name, licenseId: licenses.licenseId }).from(licenses).where(inArray(licenses.licenseId, list)),
    ),
    some(ids('user'), (list) =>
      db.select({ id: users.userId, name: users.userName, licenseId: users.licenseId }).from(users).where(inArray(users.userId, list)),
    ),
    some(ids('environment'), (list) =>
      db.select({ id: environments.environmentId, name: environments.name }).from(environments).where(inArray(environments.environmentId, list)),
    ),
    some(ids('project'), (list) =>
      db.select({ id: projects.projectId, name: projects.name, licenseId: projects.licenseId }).from(projects).where(inArray(projects.projectId, list)),
    ),
    some(ids('addon'), (list) => db.select({ id: addons.addOnId, name: addons.name }).from(addons).where(inArray(addons.addOnId, list))),
    some(ids('role'), (list) => db.select({ id: roles.roleId, name: roles.friendlyName }).from(roles).where(inArray(roles.roleId, list))),
    some(ids('report'), (list) => db.select({ id: reports.reportId, name: reports.reportName }).from(reports).where(inArray(reports.reportId, list))),
    roleNames.size
      ? db
          .select({ name: roles.name, friendlyName: roles.friendlyName })
          .from(roles)
          .where(inArray(roles.name, [...roleNames]))
      : Promise.resolve([]),
  ]);
  const byKind = new Map<IdKind, Map<number, string>>();
  const keep = (kind: IdKind, rows: { id: number; name: string; licenseId?: number | null }[]) =>
    // A licence, user or project of another licence than the caller may see stays an id.
    byKind.set(kind, new Map(rows.filter((row) => row.licenseId === undefined || scope.canSee(row.licenseId)).map((row) => [row.id, row.name])));
  keep('license', licenseRows);
  keep('user', userRows);
  keep('environment', environmentRows);
  keep('project', projectRows);
  keep('addon', addonRows);
  keep('role', roleRows);
  keep('report', reportRows);
  const friendly = new Map(roleNameRows.map((row) => [row.name, row.friendlyName]));
  return {
    nameOf: (kind, id) => byKind.get(kind)?.get(id) ?? `#${id}`,
    roleLabel: (name) => friendly.get(name) || name,
  };
}
