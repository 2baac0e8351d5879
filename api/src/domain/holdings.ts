/**
 * Who holds what, and why (issue 41): the one explanation of a holding. Given a licence and
 * what is held (a role, a product licence, a project) — or a holder (a user, an API key) — it
 * answers one row per holding and per way it is held: directly, through a user group (which
 * one), or, for a key's projects, through All projects; with when and by whom it was given,
 * read from the audit trail (null when the trail does not say: 'before records').
 *
 * 'Who can do what', the access review's snapshot and the roles tab all read this, so they
 * can never disagree. One query per page: the ways are a UNION ALL over the link tables, the
 * grant a LATERAL over the audit trail's (subject, audit_id) index, run only for the page.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rawRows } from '../db/rows';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';
import { containing, searchTextHolds } from '../db/text-search';

/** What can be held. */
export type HoldingKind = 'role' | 'addon' | 'project';
/** Who holds it. */
export type HolderKind = 'user' | 'key';
/** How it is held: directly, through a user group, or (a key's projects) through All projects. */
export type ViaKind = 'direct' | 'group' | 'all-projects';

/** One holding, one way. */
export interface Holding {
  holderKind: HolderKind;
  holderId: number;
  /** A user's user name, a key's name. */
  holderName: string;
  /** A user's full name, a key's prefix. */
  holderLabel: string;
  holderActive: boolean;
  /** A user's last sign-in, a key's last use. */
  lastSeen: Date | null;
  whatKind: HoldingKind;
  whatId: number;
  /** A role's name (ADMINISTER_ROLE), a product licence's or a project's name. */
  whatName: string;
  /** A role's friendly name; the name otherwise. */
  whatLabel: string;
  /** A role's product licence (its role group's): removing that product licence removes the role. */
  productId: number | null;
  productName: string | null;
  viaKind: ViaKind;
  /** The user group, when through one. */
  viaId: number | null;
  viaName: string | null;
  /** When the holding was given (through a group: the later of the joining and the group's grant); null: before records. */
  grantedAt: Date | null;
  grantedBy: string | null;
}

/** The sorts 'who can do what' offers. */
export const HOLDING_SORTS = ['holder', 'what', 'via', 'grantedAt', 'lastSeen'] as const;
export type HoldingSort = (typeof HOLDING_SORTS)[number];

export interface HoldingQuery {
  licenseId: number;
  kind: HoldingKind;
  /** What is held: one role, product licence or project (or all of the kind when absent). */
  whatId?: number;
  /** Only these (an access review's scope): the ids of the kind. */
  whatIds?: readonly number[];
  /** Only administrative roles (an access review of all administrative roles). */
  administrativeOnly?: boolean;
  /** One holder. */
  holder?: { kind: HolderKind; id: number };
  holderKind?: HolderKind;
  viaKind?: ViaKind;
  /** Text in the holder's name or label, or the group's name. */
  filter?: string;
  sort?: HoldingSort;
  dir?: 'asc' | 'desc';
  /** Skip the audit trail (the roles tab's editor, which shows only the ways). */
  withoutGrants?: boolean;
}

interface KindTables {
  userLink: SQL;
  groupLink: SQL;
  keyLink: SQL;
  column: SQL;
  /** The audit entities and the after/before key that list the held ids. */
  userAudit: string;
  groupAudit: string;
  keyAudit: string;
  auditKey: string;
}

const TABLES: Record<HoldingKind, KindTables> = {
  role: {
    userLink: sql`user_roles`,
    groupLink: sql`user_group_roles`,
    keyLink: sql`api_key_roles`,
    column: sql`role_id`,
    userAudit: 'user-roles',
    groupAudit: 'user-group-roles',
    keyAudit: 'api-key-roles',
    auditKey: 'roleIds',
  },
  addon: {
    userLink: sql`user_addons`,
    groupLink: sql`user_group_addons`,
    keyLink: sql`api_key_addons`,
    column: sql`add_on_id`,
    userAudit: 'user-addons',
    groupAudit: 'user-group-addons',
    keyAudit: 'api-key-addons',
    auditKey: 'addOnIds',
  },
  project: {
    userLink: sql`user_projects`,
    groupLink: sql`user_group_projects`,
    keyLink: sql`api_key_projects`,
    column: sql`project_id`,
    userAudit: 'user-projects',
    groupAudit: 'user-group-projects',
    keyAudit: 'api-key-projects',
    auditKey: 'projectIds',
  },
};

/** The columns every part of `ways` answers, named once (a UNION takes its names from its first part, which a filter may leave out). */
const WAY_COLUMNS = sql`h(holder_kind, holder_id, holder_name, holder_label, holder_active, last_seen, what_id, via_kind, via_id, via_name)`;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** One part of `ways`: the ways of users (direct or through groups) or of keys. */
interface WayPart {
  holder: HolderKind;
  query: SQL;
}

/** Whether the link `alias` (of a user, a group or a key) is to what the query names. */
function whatOf(q: HoldingQuery): (alias: SQL) => SQL {
  const t = TABLES[q.kind];
  return (alias) =>
    sql.join(
      [
        q.whatId !== undefined ? sql`${alias}.${t.column} = ${q.whatId}` : sql`true`,
        q.whatIds ? (q.whatIds.length ? sql`${alias}.${t.column} in (${idList(q.whatIds)})` : sql`false`) : sql`true`,
        q.administrativeOnly ? sql`${alias}.${t.column} in (select role_id from roles where administrative)` : sql`true`,
      ],
      sql` and `,
    );
}

/** The user of a way (`u` in every part of `ways`), for the search text's expression. */
const holderUser = alias(users, 'u');

/**
 * The ways every holder of the licence holds what the query names (no names, no grants yet);
 * `onlyUsers`, a condition on the user `u`, keeps those users' ways (a walked page).
 */
function wayParts(q: HoldingQuery, onlyUsers?: SQL): WayPart[] {
  const t = TABLES[q.kind];
  const what = whatOf(q);
  const user = sql`${q.holder?.kind === 'user' ? sql`u.user_id = ${q.holder.id}` : sql`true`} and ${onlyUsers ?? sql`true`}`;
  // What a filter needs of a user, said so that the search index (users_search_trgm) can find
  // them: a text in the user name or the full name is in the user's search text (filtered()
  // then tests each way exactly); through a group, the group’s name may hold it instead. Users
  // given by `onlyUsers` were found already.
  const filter = q.filter && !onlyUsers ? q.filter : undefined;
  const searched = filter ? searchTextHolds(holderUser.searchText, filter) : sql`true`;
  const searchedInGroup = filter ? sql`(${searched} or g.name ilike ${containing(filter)})` : sql`true`;
  const key = q.holder?.kind === 'key' ? sql`k.api_key_id = ${q.holder.id}` : sql`true`;
  const users = q.holder?.kind !== 'key' && q.holderKind !== 'key';
  const keys = q.holder?.kind !== 'user' && q.holderKind !== 'user';
  const parts: WayPart[] = [];
  const userCols = sql`'user'::text as holder_kind, u.user_id as holder_id, u.user_name as holder_name, trim(u.first_name || ' ' ||
    u.last_name) as holder_label, u.is_approved as holder_active, u.last_login_date as last_seen`;
  const keyCols = sql`'key'::text, k.api_key_id, k.name, k.key_prefix, k.is_active, k.last_used_date`;
  if (users && q.viaKind !== 'group' && q.viaKind !== 'all-projects') {
    parts.push({
      holder: 'user',
      query: sql`select ${userCols}, l.${t.column} as what_id, 'direct'::text as via_kind, null::int as via_id, null::text as via_name
      from ${t.userLink} l join users u on u.user_id = l.user_id
      where u.license_id = ${q.licenseId} and ${user} and ${searched} and ${what(sql`l`)}`,
    });
  }
  if (users && q.viaKind !== 'direct' && q.viaKind !== 'all-projects') {
    parts.push({
      holder: 'user',
      query: sql`select ${userCols}, l.${t.column}, 'group'::text, g.user_group_id, g.name
      from ${t.groupLink} l join user_groups g on g.user_group_id = l.user_group_id
      join user_group_users gu on gu.user_group_id = g.user_group_id join users u on u.user_id = gu.user_id
      where g.license_id = ${q.licenseId} and u.license_id = ${q.licenseId} and ${user} and ${searchedInGroup} and ${what(sql`l`)}`,
    });
  }
  if (keys && q.viaKind !== 'group' && q.viaKind !== 'all-projects') {
    parts.push({
      holder: 'key',
      query: sql`select ${keyCols}, l.${t.column}, 'direct'::text, null::int, null::text
      from ${t.keyLink} l join api_keys k on k.api_key_id = l.api_key_id
      where k.license_id = ${q.licenseId} and ${key} and ${what(sql`l`)}`,
    });
  }
  if (keys && q.kind === 'project' && (q.viaKind === undefined || q.viaKind === 'all-projects')) {
    // A key with All projects holds every project of its licence (spec 1 §3: allProjects).
    parts.push({
      holder: 'key',
      query: sql`select ${keyCols}, l.project_id, 'all-projects'::text, null::int, null::text
      from api_keys k join projects l on l.license_id = k.license_id
      where k.all_projects and k.license_id = ${q.licenseId} and ${key} and ${what(sql`l`)}`,
    });
  }
  return parts;
}

/** The ways as one query (a UNION ALL of wayParts). */
function ways(q: HoldingQuery, onlyUsers?: SQL): SQL {
  const parts = wayParts(q, onlyUsers);
  if (!parts.length)
    return sql`select null::text as holder_kind, null::int as holder_id, null::text as holder_name, null::text as
      holder_label, null::boolean as holder_active, null::timestamptz as last_seen, null::int as what_id,
      null::text as via_kind, null::int as via_id, null::text as via_name where false`;
  return sql.join(
    parts.map((part) => part.query),
    sql` union all `,
  );
}

/** The name, label and product licence of what is held, joined to `h`. */
function whatNames(kind: HoldingKind): { join: SQL; cols: SQL } {
  if (kind === 'role')
    return {
      join: sql`join roles w on w.role_id = h.what_id join role_groups wg on wg.role_group_id = w.role_group_id left join
        addons wp on wp.add_on_id = wg.add_on_id`,
      cols: sql`w.name as what_name, w.friendly_name as what_label, wp.add_on_id as product_id, wp.name as product_name`,
    };
  if (kind === 'addon')
    return {
      join: sql`join addons w on w.add_on_id = h.what_id`,
      cols: sql`w.name as what_name, w.name as what_label, null::int as product_id, null::text as product_name`,
    };
  return {
    join: sql`join projects w on w.project_id = h.what_id`,
    cols: sql`w.name as what_name, w.name as what_label, null::int as product_id, null::text as product_name`,
  };
}

/** Whether an audit row's `after` lists the id (or, for a user's roles, the name) and its `before` did not: the grant. */
function grantedIn(kind: HoldingKind, entity: string, key: string): SQL {
  // A user's roles are audited as a list of role names (user-access.handlers.ts), the rest as ids under `key`.
  if (kind === 'role' && entity === 'user-roles') {
    return sql`a.entity = 'user-roles' and a.after @> jsonb_build_array(h.what_name) and not coalesce(a.before, '[]'::jsonb) @> jsonb_build_array(h.what_name)`;
  }
  return sql`a.entity =
    ${entity} and coalesce(a.after -> ${key}, '[]'::jsonb) @> jsonb_build_array(h.what_id) and not
    coalesce(a.before -> ${key}, '[]'::jsonb) @> jsonb_build_array(h.what_id)`;
}

/** LATERALs over the audit trail (by its subject index) giving each way's grant. */
function grants(kind: HoldingKind): { joins: SQL; cols: SQL } {
  const t = TABLES[kind];
  const subjectOfHolder = sql`(case h.holder_kind when 'user' then 'user:' else 'api-key:' end || h.holder_id)`;
  const direct = sql`left join lateral (
      select a.at, a.actor_name from audit_log a
      where h.via_kind = 'direct' and a.subject = ${subjectOfHolder}
        and (case h.holder_kind when 'user' then ${grantedIn(kind, t.userAudit, t.auditKey)} else ${grantedIn(kind, t.keyAudit, t.auditKey)} end)
      order by a.audit_id desc limit 1) gd on true`;
  const allProjects = sql`left join lateral (
      select a.at, a.actor_name from audit_log a
      where h.via_kind = 'all-projects' and a.subject = ${subjectOfHolder} and a.entity = 'api-key'
        and a.after -> 'allProjects' = 'true'::jsonb and coalesce(a.before -> 'allProjects', 'false'::jsonb) <> 'true'::jsonb
      order by a.audit_id desc limit 1) ga on true`;
  // Through a group: the group's grant (its own call, or the group made with it) and the user's joining; the later one gave it.
  const group = sql`left join lateral (
      select a.at, a.actor_name from audit_log a
      where h.via_kind = 'group' and a.subject = 'user-group:' || h.via_id
        and
    ((${grantedIn(kind, t.groupAudit, t.auditKey)}) or (a.entity = 'user-group' and a.before is null and
    coalesce(a.after -> ${t.auditKey}, '[]'::jsonb) @> jsonb_build_array(h.what_id)))
      order by a.audit_id desc limit 1) gg on true
    left join lateral (
      select a.at, a.actor_name from audit_log a
      where h.via_kind = 'group' and a.subject = 'user-group:' || h.via_id and a.entity = 'user-group-users'
        and ((coalesce(a.after -> 'userIds', '[]'::jsonb) @> jsonb_build_array(h.holder_id) and not
    coalesce(a.before -> 'userIds', '[]'::jsonb) @> jsonb_build_array(h.holder_id))
          or coalesce(a.after -> 'added', '[]'::jsonb) @> jsonb_build_array(h.holder_id))
      order by a.audit_id desc limit 1) gm on true`;
  return {
    joins: sql`${direct} ${allProjects} ${group}`,
    cols: sql`case h.via_kind
        when 'direct' then gd.at when 'all-projects' then ga.at
        else case when gg.at is null or gm.at is null then null when gg.at > gm.at then gg.at else gm.at end end as granted_at,
      case h.via_kind
        when 'direct' then gd.actor_name when 'all-projects' then ga.actor_name
        else case when gg.at is null or gm.at is null then null when gg.at > gm.at then gg.actor_name else gm.actor_name end end as granted_by`,
  };
}

function filtered(q: HoldingQuery): SQL {
  if (!q.filter) return sql`true`;
  const text = containing(q.filter);
  return sql`(h.holder_name ilike ${text} or h.holder_label ilike ${text} or coalesce(h.via_name, '') ilike ${text})`;
}

function order(q: HoldingQuery): SQL {
  const dir = q.dir === 'desc' ? sql`desc` : sql`asc`;
  const holder = sql`lower(h.holder_name) ${dir}, h.holder_kind ${dir}, h.holder_id ${dir}`;
  const what = sql`lower(what_label) ${dir}, h.what_id ${dir}`;
  const via = sql`h.via_kind ${dir}, lower(coalesce(h.via_name, '')) ${dir}`;
  switch (q.sort ?? 'holder') {
    case 'what':
      return sql`${what}, ${holder}, ${via}`;
    case 'via':
      return sql`${via}, ${holder}, ${what}`;
    case 'grantedAt':
      return sql`granted_at ${dir} nulls last, ${holder}, ${what}, ${via}`;
    case 'lastSeen':
      return sql`h.last_seen ${dir} nulls last, ${holder}, ${what}, ${via}`;
    default:
      return sql`${holder}, ${what}, ${via}`;
  }
}

interface HoldingRow {
  holder_kind: HolderKind;
  holder_id: number;
  holder_name: string;
  holder_label: string;
  holder_active: boolean;
  last_seen: Date | string | null;
  what_id: number;
  what_name: string;
  what_label: string;
  product_id: number | null;
  product_name: string | null;
  via_kind: ViaKind;
  via_id: number | null;
  via_name: string | null;
  granted_at: Date | string | null;
  granted_by: string | null;
}

const asDate = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value : new Date(value));

function toHolding(row: HoldingRow, kind: HoldingKind): Holding {
  return {
    holderKind: row.holder_kind,
    holderId: Number(row.holder_id),
    holderName: row.holder_name,
    holderLabel: row.holder_label,
    holderActive: row.holder_active,
    lastSeen: asDate(row.last_seen),
    whatKind: kind,
    whatId: Number(row.what_id),
    whatName: row.what_name,
    whatLabel: row.what_label,
    productId: row.product_id === null ? null : Number(row.product_id),
    productName: row.product_name,
    viaKind: row.via_kind,
    viaId: row.via_id === null ? null : Number(row.via_id),
    viaName: row.via_name,
    grantedAt: asDate(row.granted_at),
    grantedBy: row.granted_by,
  };
}

/** A row of countedPage: a holding (all null when the page has none) and the counts. */
type CountedRow = Omit<HoldingRow, 'holder_kind'> & { holder_kind: HolderKind | null; total: number | string; keys: number | string };

/** A holding row as read, with the count of all the query names (`count(*) over ()`). */
type PagedRow = HoldingRow & { total: number | string };

/** The ways with their names, the filter applied: what every page sorts. */
function named(q: HoldingQuery, onlyUsers?: SQL): SQL {
  const names = whatNames(q.kind);
  return sql`select h.*, ${names.cols} from (${ways(q, onlyUsers)}) ${WAY_COLUMNS} ${names.join} where ${filtered(q)}`;
}

/**
 * The page of `rows` (a query of named ways) in the query's order, each explained: the grants
 * are read for the page's rows only, unless the order is the grant's.
 */
function sortedPage(q: HoldingQuery, rows: SQL, page: { limit?: number; offset?: number }): SQL {
  const limit = page.limit === undefined ? sql`` : sql`limit ${page.limit} offset ${page.offset ?? 0}`;
  const g = q.withoutGrants ? { joins: sql``, cols: sql`null::timestamptz as granted_at, null::text as granted_by` } : grants(q.kind);
  return q.sort === 'grantedAt'
    ? sql`select h.*, ${g.cols} from (${rows}) h ${g.joins} order by ${order(q)} ${limit}`
    : sql`select h.*, ${g.cols} from (select * from (${rows}) h order by ${order(q)} ${limit}) h ${g.joins} order by ${order(q)}`;
}

/**
 * How holdingsPage reads a page. `sortedUpTo`: it sorts every holding the query names when they
 * are at most this many, and counts them exactly; with more, it walks the holders' order instead
 * and its total is 'more than' this, as the user list's search says. `filterWindow`: how many
 * users along the order a filtered page looks through (at least) before it sorts every match.
 */
export interface PageLimits {
  sortedUpTo: number;
  filterWindow: number;
}
export const PAGE_LIMITS: PageLimits = { sortedUpTo: 20_000, filterWindow: 5_000 };

/** A condition on the user `u` of a way: one of `ids`, one parameter however many (unnest's estimate of 100 rows keeps the plan to index lookups). */
const oneOf = (ids: readonly number[]) => sql`u.user_id in (select unnest(${`{${ids.join(',')}}`}::int[]))`;

/**
 * The page when the query names at most `sortedUpTo` holdings, with how many it names (up to
 * `sortedUpTo` + 1) and how many of those are keys', in one statement: each part of `ways`
 * (direct, through groups, keys') is read on its own up to `sortedUpTo` + 1 rows, so that the
 * database plans each for the rows it reads (through one UNION it plans for all of them, and a
 * million take seconds), and the rows are named and sorted only when they are that few (a gate
 * it checks before it sorts).
 */
function countedPage(q: HoldingQuery, page: { limit: number; offset: number }, sortedUpTo: number): SQL {
  const parts = wayParts(q).map((part) => sql`(select * from (${part.query}) ${WAY_COLUMNS} where ${filtered(q)} limit ${sortedUpTo + 1})`);
  const names = whatNames(q.kind);
  const found = parts.length ? sql.join(parts, sql` union all `) : sql`select * from (${ways(q)}) ${WAY_COLUMNS}`;
  const rows = sql`select h.*, ${names.cols} from (select * from m where counted.n <= ${sortedUpTo}) h ${names.join}`;
  return sql`with m as materialized (${found}),
    counted as (select count(*) as n, count(*) filter (where holder_kind = 'key') as keys from m)
    select p.*, counted.n as total, counted.keys as keys from counted left join lateral (${sortedPage(q, rows, page)}) p on true`;
}

/** The holdings the query names, in its order: `limit` rows from `offset` (all when no limit), each explained. One query. */
export async function holdings(db: Db | Tx, q: HoldingQuery, page: { limit?: number; offset?: number } = {}): Promise<Holding[]> {
  const rows = await rawRows<HoldingRow>(db, sortedPage(q, named(q), page));
  return rows.map((row) => toHolding(row, q.kind));
}

/** Whether the query's order is the holder's (a user's name, then id), which users_license_name holds: a page can walk it. */
const walkable = (q: HoldingQuery) =>
  q.holderKind !== 'key' &&
  q.viaKind !== 'all-projects' &&
  q.holder === undefined &&
  ((q.sort ?? 'holder') === 'holder' || (q.sort === 'what' && q.whatId !== undefined));

/**
 * The first `count` users of the licence in the holder order who hold what the query names,
 * each with how many ways (that pass its filter), looking through at most `window` users when
 * given. Read off users_license_name; each user costs an index lookup of their links, and one of
 * their groups when a group of the licence gives it (the groups are found once, first).
 */
async function walkedUsers(db: Db | Tx, q: HoldingQuery, count: number, window?: number, after?: UserKey): Promise<({ ways: number } & UserKey)[]> {
  const t = TABLES[q.kind];
  const what = whatOf(q);
  const dir = q.dir === 'desc' ? sql`desc` : sql`asc`;
  const text = q.filter ? containing(q.filter) : undefined;
  const direct = q.viaKind === 'group' ? sql`0` : sql`(select count(*) from ${t.userLink} l where l.user_id = ou.user_id and ${what(sql`l`)})`;
  const inGroups = (groups: SQL) =>
    q.viaKind === 'direct'
      ? sql`0`
      : sql`(case when cardinality(${groups}) = 0 then 0 else
          (select count(*) from user_group_users gu where gu.user_id = ou.user_id and gu.user_group_id = any(${groups})) end)`;
  // A user's ways that pass the filter: all of them when the user's name or full name has the text, else those through a group whose name has it.
  const ways = text
    ? sql`case when ou.user_name ilike ${text} or trim(ou.first_name || ' ' || ou.last_name) ilike ${text}
        then ${direct} + ${inGroups(sql`gs.every_group`)} else ${inGroups(sql`gs.named`)} end`
    : sql`${direct} + ${inGroups(sql`gs.every_group`)}`;
  const rows = await rawRows<{ user_id: number | string; name_key: string; ways: number | string }>(
    db,
    sql`with gs as (
        select coalesce(array_agg(distinct g.user_group_id), '{}') as every_group,
          coalesce(array_agg(distinct g.user_group_id) filter (where ${text ? sql`g.name ilike ${text}` : sql`true`}), '{}') as named
        from ${t.groupLink} l join user_groups g on g.user_group_id = l.user_group_id where g.license_id = ${q.licenseId} and ${what(sql`l`)})
      select user_id, name_key, ways from (
        select ou.user_id, lower(ou.user_name) as name_key, ${ways} as ways from users ou, gs where ou.license_id = ${q.licenseId}
          ${after ? sql`and (lower(ou.user_name), ou.user_id) ${q.dir === 'desc' ? sql`<` : sql`>`} (${after.nameKey}, ${after.id})` : sql``}
        order by lower(ou.user_name) ${dir}, ou.user_id ${dir} ${window === undefined ? sql`offset 0` : sql`limit ${window}`}) w
      where ways > 0 limit ${count}`,
  );
  return rows.map((row) => ({ id: Number(row.user_id), nameKey: row.name_key, ways: Number(row.ways) }));
}

/** Where a user stands in the holder order: their lower-cased user name, then id. */
interface UserKey {
  id: number;
  nameKey: string;
}

/** How much an export reads at a time: users' holdings in the holder order, rows in another. */
const EXPORT_CHUNK = 1_000;

/**
 * Every holding the query names, in its order, a chunk at a time (a CSV export). At most
 * `sortedUpTo`, they are sorted whole; more, in the holder order, each chunk is the next users
 * along users_license_name (a keyset: the last chunk of a million costs what the first does)
 * with the keys whose place in the order falls among them; in another order every chunk sorts
 * them all (a million take minutes).
 */
export async function* everyHolding(
  db: Db | Tx,
  q: HoldingQuery,
  { sortedUpTo, users = EXPORT_CHUNK }: { sortedUpTo: number; users?: number } = { sortedUpTo: PAGE_LIMITS.sortedUpTo },
): AsyncGenerator<Holding[]> {
  const [counted] = await rawRows<CountedRow>(db, countedPage(q, { limit: 0, offset: 0 }, sortedUpTo));
  if (Number(counted?.total ?? 0) > sortedUpTo && walkable(q)) {
    const before = q.dir === 'desc' ? sql`<` : sql`>`;
    const notAfter = q.dir === 'desc' ? sql`>=` : sql`<=`;
    const place = (op: SQL, key: UserKey) => sql`(lower(h.holder_name), h.holder_kind, h.holder_id) ${op} (${key.nameKey}, 'user', ${key.id})`;
    let last: UserKey | undefined;
    for (;;) {
      const walked = await walkedUsers(db, q, users, undefined, last);
      const end = walked.length < users ? undefined : walked[walked.length - 1];
      // The keys between the previous chunk's last user and this one's (after the last user, at the end).
      const keys = sql.join([last ? place(before, last) : sql`true`, end ? place(notAfter, end) : sql`true`], sql` and `);
      const rows = sql`select * from (${named(q, oneOf(walked.map((user) => user.id)))}) h where h.holder_kind = 'user' or (${keys})`;
      yield (await rawRows<HoldingRow>(db, sortedPage(q, rows, {}))).map((row) => toHolding(row, q.kind));
      if (!end) return;
      last = end;
    }
  }
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const rows = await holdings(db, q, { limit: EXPORT_CHUNK, offset });
    yield rows;
    if (rows.length < EXPORT_CHUNK) return;
  }
}

/**
 * A page of the holdings and how many the query names in all (exact up to `sortedUpTo`). Past
 * that, in the holder order, the page's users are found by walking the licence's users in that
 * order (the users_license_name index), testing each, until the page's last: a page costs what
 * is before it, not the whole list; a filtered page looks through `filterWindow` users (or four
 * times what it needs) and sorts every match when they are not there. Other orders sort
 * every holding (seconds at a million).
 */
export async function holdingsPage(
  db: Db | Tx,
  q: HoldingQuery,
  page: { limit: number; offset: number },
  { sortedUpTo, filterWindow }: PageLimits = PAGE_LIMITS,
): Promise<{ items: Holding[]; total: number; exact: boolean }> {
  const counted = await rawRows<CountedRow>(db, countedPage(q, page, sortedUpTo));
  const n = Number(counted[0]?.total ?? 0);
  const keys = Number(counted[0]?.keys ?? 0);
  if (n <= sortedUpTo) {
    const rows = counted.filter((row): row is CountedRow & HoldingRow => row.holder_kind !== null);
    return { items: rows.map((row) => toHolding(row, q.kind)), total: n, exact: true };
  }
  const need = page.offset + page.limit;
  if (walkable(q)) {
    // Unfiltered, the walk goes on to the end of the list; filtered, a short walk may only have left its window.
    const window = q.filter ? Math.max(filterWindow, 4 * need) : undefined;
    const walked = await walkedUsers(db, q, need, window);
    if (window === undefined || walked.length === need) {
      // The page is sorted from every key's ways and the walked users' but the first: those whose
      // ways all come before it, however the keys fall among them (at most `keys` of them).
      let before = 0;
      let first = 0;
      while (keys <= sortedUpTo && first < walked.length && before + walked[first]!.ways <= page.offset - keys) before += walked[first++]!.ways;
      const rest = walked.slice(first).map((user) => user.id);
      const rows = await rawRows<HoldingRow>(db, sortedPage(q, named(q, oneOf(rest)), { limit: page.limit, offset: page.offset - before }));
      return { items: rows.map((row) => toHolding(row, q.kind)), total: sortedUpTo, exact: false };
    }
  }
  const rows = await rawRows<PagedRow>(db, sortedPage(q, sql`select *, count(*) over () as total from (${named(q)}) h`, page));
  return { items: rows.map((row) => toHolding(row, q.kind)), total: rows.length ? Number(rows[0]!.total) : sortedUpTo, exact: rows.length > 0 };
}
