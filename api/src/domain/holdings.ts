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
import { containing } from '../db/text-search';

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

/** The ways every holder of the licence holds what the query names (no names, no grants yet). */
function ways(q: HoldingQuery): SQL {
  const t = TABLES[q.kind];
  const what = (alias: SQL) =>
    sql.join(
      [
        q.whatId !== undefined ? sql`${alias}.${t.column} = ${q.whatId}` : sql`true`,
        q.whatIds ? (q.whatIds.length ? sql`${alias}.${t.column} in (${idList(q.whatIds)})` : sql`false`) : sql`true`,
        q.administrativeOnly ? sql`${alias}.${t.column} in (select role_id from roles where administrative)` : sql`true`,
      ],
      sql` and `,
    );
  const user = q.holder?.kind === 'user' ? sql`u.user_id = ${q.holder.id}` : sql`true`;
  const key = q.holder?.kind === 'key' ? sql`k.api_key_id = ${q.holder.id}` : sql`true`;
  const users = q.holder?.kind !== 'key' && q.holderKind !== 'key';
  const keys = q.holder?.kind !== 'user' && q.holderKind !== 'user';
  const parts: SQL[] = [];
  const userCols = sql`'user'::text as holder_kind, u.user_id as holder_id, u.user_name as holder_name, trim(u.first_name || ' ' ||
    u.last_name) as holder_label, u.is_approved as holder_active, u.last_login_date as last_seen`;
  const keyCols = sql`'key'::text, k.api_key_id, k.name, k.key_prefix, k.is_active, k.last_used_date`;
  if (users && q.viaKind !== 'group' && q.viaKind !== 'all-projects') {
    parts.push(sql`select ${userCols}, l.${t.column} as what_id, 'direct'::text as via_kind, null::int as via_id, null::text as via_name
      from ${t.userLink} l join users u on u.user_id = l.user_id
      where u.license_id = ${q.licenseId} and ${user} and ${what(sql`l`)}`);
  }
  if (users && q.viaKind !== 'direct' && q.viaKind !== 'all-projects') {
    parts.push(sql`select ${userCols}, l.${t.column}, 'group'::text, g.user_group_id, g.name
      from ${t.groupLink} l join user_groups g on g.user_group_id = l.user_group_id
      join user_group_users gu on gu.user_group_id = g.user_group_id join users u on u.user_id = gu.user_id
      where g.license_id = ${q.licenseId} and u.license_id = ${q.licenseId} and ${user} and ${what(sql`l`)}`);
  }
  if (keys && q.viaKind !== 'group' && q.viaKind !== 'all-projects') {
    parts.push(sql`select ${keyCols}, l.${t.column}, 'direct'::text, null::int, null::text
      from ${t.keyLink} l join api_keys k on k.api_key_id = l.api_key_id
      where k.license_id = ${q.licenseId} and ${key} and ${what(sql`l`)}`);
  }
  if (keys && q.kind === 'project' && (q.viaKind === undefined || q.viaKind === 'all-projects')) {
    // A key with All projects holds every project of its licence (spec 1 §3: allProjects).
    parts.push(sql`select ${keyCols}, l.project_id, 'all-projects'::text, null::int, null::text
      from api_keys k join projects l on l.license_id = k.license_id
      where k.all_projects and k.license_id = ${q.licenseId} and ${key} and ${what(sql`l`)}`);
  }
  if (!parts.length)
    return sql`select null::text as holder_kind, null::int as holder_id, null::text as holder_name, null::text as
      holder_label, null::boolean as holder_active, null::timestamptz as last_seen, null::int as what_id,
      null::text as via_kind, null::int as via_id, null::text as via_name where false`;
  return sql.join(parts, sql` union all `);
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

/** A holding row as read, with the count of all the query names when read with a page (`count(*) over ()`). */
type PagedRow = HoldingRow & { total?: number | string };

/** The query of `holdings` and `holdingsPage`: the ways, their names, the page (and the count of all), then the page's grants. */
function holdingsQuery(q: HoldingQuery, page: { limit?: number; offset?: number }, withTotal: boolean): SQL {
  const names = whatNames(q.kind);
  const limit = page.limit === undefined ? sql`` : sql`limit ${page.limit} offset ${page.offset ?? 0}`;
  const total = withTotal ? sql`, count(*) over () as total` : sql``;
  // Sorting by the grant needs every row's grant; otherwise only the page's are read.
  const byGrant = q.sort === 'grantedAt';
  const g = q.withoutGrants ? { joins: sql``, cols: sql`null::timestamptz as granted_at, null::text as granted_by` } : grants(q.kind);
  const named = sql`select h.*, ${names.cols} from (${ways(q)}) ${WAY_COLUMNS} ${names.join} where ${filtered(q)}`;
  return byGrant
    ? sql`select h.*, ${g.cols} ${total} from (${named}) h ${g.joins} order by ${order(q)} ${limit}`
    : sql`select h.*, ${g.cols} from (select * ${total} from (${named}) h order by ${order(q)} ${limit}) h ${g.joins} order by ${order(q)}`;
}

/** The holdings the query names, in its order: `limit` rows from `offset` (all when no limit), each explained. One query. */
export async function holdings(db: Db | Tx, q: HoldingQuery, page: { limit?: number; offset?: number } = {}): Promise<Holding[]> {
  const rows = await rawRows<HoldingRow>(db, holdingsQuery(q, page, false));
  return rows.map((row) => toHolding(row, q.kind));
}

/**
 * A page of the holdings and how many the query names in all, counted by the query that sorts
 * them (it reads every one anyway); a page past the end counts them on its own.
 */
export async function holdingsPage(db: Db | Tx, q: HoldingQuery, page: { limit: number; offset: number }): Promise<{ items: Holding[]; total: number }> {
  const rows = await rawRows<PagedRow>(db, holdingsQuery(q, page, true));
  const total = rows.length ? Number(rows[0]!.total) : page.offset > 0 ? await countHoldings(db, q) : 0;
  return { items: rows.map((row) => toHolding(row, q.kind)), total };
}

/** How many holdings (ways) the query names: every way has its name (the links' keys), so the names are not joined. */
export async function countHoldings(db: Db | Tx, q: HoldingQuery): Promise<number> {
  const [row] = await rawRows<{ n: number | string }>(db, sql`select count(*) as n from (${ways(q)}) ${WAY_COLUMNS} where ${filtered(q)}`);
  return Number(row?.n ?? 0);
}
