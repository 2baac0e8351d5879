/**
 * Our users and user groups as SCIM resources (RFC 7643 §4), and back: what each SCIM
 * attribute is in our columns (also what filters and sortBy read), `meta` with the version
 * kept by the database (migration 0020), and §3.9's `attributes`/`excludedAttributes`.
 */
import { sql } from 'drizzle-orm';
import { ScimSchemas, SCIM_BASE_PATH } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import { roles, userGroups, users } from '../../db/schema';
import { roleHeldBy } from '../../domain/grants';
import type { ScimAttribute, ScimAttributes } from './scim.filter';

type UserRow = typeof users.$inferSelect;
type GroupRow = typeof userGroups.$inferSelect;

/** Users SCIM never shows or touches: super administrators (ACCESS_ALL_CUSTOMER_LICENCES, directly or through a group). */
export const notSuperAdmin = sql`not exists (select 1 from
  ${roles} where ${roles.name} = ${Role.ACCESS_ALL_CUSTOMER_LICENCES} and ${roleHeldBy(users.userId)})`;

/** A resource's version as its ETag and meta.version: weak, from the row's change counter. */
export const etagOf = (version: number) => `W/"${version}"`;

const lastModified = (row: { updatedDate: Date | null }, created: Date) => (row.updatedDate ?? created).toISOString();

/** What a User's attributes are in the users table. */
export const USER_ATTRIBUTES: ScimAttributes = new Map<string, ScimAttribute>([
  ['id', { sql: sql`${users.userId}`, type: 'id' }],
  ['username', { sql: sql`${users.userName}`, type: 'string' }],
  ['externalid', { sql: sql`${users.externalId}`, type: 'string', caseExact: true }],
  ['name.givenname', { sql: sql`${users.firstName}`, type: 'string' }],
  ['name.familyname', { sql: sql`${users.lastName}`, type: 'string' }],
  ['displayname', { sql: sql`(${users.firstName} || ' ' || ${users.lastName})`, type: 'string' }],
  ['title', { sql: sql`${users.position}`, type: 'string' }],
  ['emails.value', { sql: sql`${users.email}`, type: 'string' }],
  // We hold one e-mail address, the work one, and it is the primary.
  ['emails.type', { sql: sql`${users.email}`, type: 'string', custom: (op, value) => typeCondition(sql`${users.email}`, op, value) }],
  ['emails.primary', { sql: sql`${users.email}`, type: 'string', custom: (op, value) => primaryCondition(sql`${users.email}`, op, value) }],
  ['phonenumbers.value', { sql: sql`${users.phoneNumber}`, type: 'string' }],
  ['phonenumbers.type', { sql: sql`${users.phoneNumber}`, type: 'string', custom: (op, value) => typeCondition(sql`${users.phoneNumber}`, op, value) }],
  ['active', { sql: sql`${users.isApproved}`, type: 'boolean' }],
  ['enterprise:organization', { sql: sql`${users.companyName}`, type: 'string' }],
  ['meta.created', { sql: sql`${users.createDate}`, type: 'dateTime' }],
  ['meta.lastmodified', { sql: sql`coalesce(${users.updatedDate}, ${users.createDate})`, type: 'dateTime' }],
]);

/** `type eq "work"` over an attribute we hold one value of, always of type work. */
function typeCondition(column: ReturnType<typeof sql>, op: string, value: unknown) {
  const present = sql`(${column} <> '')`;
  if (op === 'pr') return present;
  const work = typeof value === 'string' && value.toLowerCase() === 'work';
  if (op === 'eq') return work ? present : sql`false`;
  if (op === 'ne') return work ? sql`false` : present;
  return sql`false`;
}

function primaryCondition(column: ReturnType<typeof sql>, op: string, value: unknown) {
  const present = sql`(${column} <> '')`;
  if (op === 'pr') return present;
  const yes = value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
  if (op === 'eq') return yes ? present : sql`false`;
  if (op === 'ne') return yes ? sql`false` : present;
  return sql`false`;
}

/** What a Group's attributes are in the user_groups table. */
export const GROUP_ATTRIBUTES: ScimAttributes = new Map<string, ScimAttribute>([
  ['id', { sql: sql`${userGroups.userGroupId}`, type: 'id' }],
  ['displayname', { sql: sql`${userGroups.name}`, type: 'string' }],
  ['externalid', { sql: sql`${userGroups.externalId}`, type: 'string', caseExact: true }],
  ['meta.created', { sql: sql`${userGroups.createdDate}`, type: 'dateTime' }],
  ['meta.lastmodified', { sql: sql`coalesce(${userGroups.updatedDate}, ${userGroups.createdDate})`, type: 'dateTime' }],
  [
    'members.value',
    {
      sql: sql`${userGroups.userGroupId}`,
      type: 'string',
      custom: (op, value) => {
        const id =
          typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647
            ? Number(value)
            : typeof value === 'number'
              ? value
              : undefined;
        const has = (userId: number) =>
          sql`exists (select 1 from user_group_users m where m.user_group_id = ${userGroups.userGroupId} and m.user_id = ${userId})`;
        if (op === 'pr') return sql`exists (select 1 from user_group_users m where m.user_group_id = ${userGroups.userGroupId})`;
        if (op === 'eq') return id === undefined ? sql`false` : has(id);
        if (op === 'ne') return id === undefined ? sql`true` : sql`not ${has(id)}`;
        return sql`false`;
      },
    },
  ],
]);

/** A user as SCIM shows it. */
export function userResource(base: string, row: UserRow, groups: readonly { userGroupId: number; name: string }[] = []) {
  const location = `${base}${SCIM_BASE_PATH}/Users/${row.userId}`;
  return {
    schemas: [ScimSchemas.user, ScimSchemas.enterpriseUser],
    id: String(row.userId),
    externalId: row.externalId ?? undefined,
    userName: row.userName,
    name: { givenName: row.firstName, familyName: row.lastName, formatted: `${row.firstName} ${row.lastName}`.trim() },
    displayName: `${row.firstName} ${row.lastName}`.trim(),
    title: row.position,
    active: row.isApproved,
    emails: row.email ? [{ value: row.email, type: 'work', primary: true }] : [],
    phoneNumbers: row.phoneNumber ? [{ value: row.phoneNumber, type: 'work' }] : [],
    groups: groups.map((g) => ({ value: String(g.userGroupId), display: g.name, $ref: `${base}${SCIM_BASE_PATH}/Groups/${g.userGroupId}` })),
    [ScimSchemas.enterpriseUser]: { organization: row.companyName },
    meta: {
      resourceType: 'User',
      created: row.createDate.toISOString(),
      lastModified: lastModified(row, row.createDate),
      location,
      version: etagOf(row.version),
    },
  };
}

/** A group as SCIM shows it, with its members. */
export function groupResource(base: string, row: GroupRow, members: readonly { userId: number; userName: string }[]) {
  return {
    schemas: [ScimSchemas.group],
    id: String(row.userGroupId),
    externalId: row.externalId ?? undefined,
    displayName: row.name,
    members: members.map((m) => ({ value: String(m.userId), display: m.userName, type: 'User', $ref: `${base}${SCIM_BASE_PATH}/Users/${m.userId}` })),
    meta: {
      resourceType: 'Group',
      created: row.createdDate.toISOString(),
      lastModified: lastModified(row, row.createdDate),
      location: `${base}${SCIM_BASE_PATH}/Groups/${row.userGroupId}`,
      version: etagOf(row.version),
    },
  };
}

/** The attribute list of §3.9 (`name.givenName, emails`), each as a path of lower-cased names under our resource's keys. */
function paths(list: string, coreSchema: string): string[][] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const lower = item.toLowerCase();
      const enterprise = ScimSchemas.enterpriseUser.toLowerCase();
      if (lower === enterprise) return [enterprise];
      if (lower.startsWith(enterprise + ':')) return [enterprise, ...lower.slice(enterprise.length + 1).split('.')];
      const core = coreSchema.toLowerCase() + ':';
      return (lower.startsWith(core) ? lower.slice(core.length) : lower).split('.');
    });
}

/** Always returned (RFC 7643 §7: returned "always"). */
const ALWAYS = new Set(['id', 'schemas']);

const keyOf = (object: Record<string, unknown>, lower: string) => Object.keys(object).find((key) => key.toLowerCase() === lower);

/**
 * The resource with only the `attributes` asked for, or without the `excludedAttributes`
 * (RFC 7644 §3.9); `id` and `schemas` are always there.
 */
export function project<T extends { id: string; schemas: string[] }>(
  resource: T,
  coreSchema: string,
  attributes?: string,
  excluded?: string,
): Partial<T> & Pick<T, 'id' | 'schemas'> {
  type Out = Partial<T> & Pick<T, 'id' | 'schemas'>;
  if (attributes?.trim()) {
    const wanted = paths(attributes, coreSchema);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(resource as Record<string, unknown>)) {
      if (ALWAYS.has(key)) out[key] = value;
    }
    for (const path of wanted) {
      const top = keyOf(resource as Record<string, unknown>, path[0]!);
      if (!top) continue;
      const value = (resource as Record<string, unknown>)[top];
      if (path.length === 1 || value === null || typeof value !== 'object') {
        out[top] = value;
        continue;
      }
      const pick = (item: Record<string, unknown>) => {
        const sub = keyOf(item, path[1]!);
        return sub ? { [sub]: item[sub] } : {};
      };
      const already = out[top];
      if (Array.isArray(value)) {
        out[top] = value.map((item, i) => ({ ...((Array.isArray(already) ? already[i] : {}) as object), ...pick(item as Record<string, unknown>) }));
      } else {
        out[top] = { ...((already as object) ?? {}), ...pick(value as Record<string, unknown>) };
      }
    }
    return out as Out;
  }
  if (excluded?.trim()) {
    const out: Record<string, unknown> = { ...(resource as Record<string, unknown>) };
    for (const path of paths(excluded, coreSchema)) {
      const top = keyOf(out, path[0]!);
      if (!top || ALWAYS.has(top)) continue;
      if (path.length === 1) {
        delete out[top];
        continue;
      }
      const value = out[top];
      const drop = (item: Record<string, unknown>) => {
        const copy = { ...item };
        const sub = keyOf(copy, path[1]!);
        if (sub) delete copy[sub];
        return copy;
      };
      if (Array.isArray(value)) out[top] = value.map((item) => drop(item as Record<string, unknown>));
      else if (value && typeof value === 'object') out[top] = drop(value as Record<string, unknown>);
    }
    return out as Out;
  }
  return resource;
}
