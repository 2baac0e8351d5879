/**
 * Users from a CSV file (issue 39): what the plan (user-import.plan.ts) needs to know, read in a
 * few set-based queries whatever the file's size (a file's names and ids go as one JSON
 * parameter: thousands of bound values are slow on PGlite), and the plan's writes, likewise.
 */
import { and, eq, not, sql } from 'drizzle-orm';
import { USER_IMPORT_COLUMNS, USER_IMPORT_LIST_SEPARATOR, UserImportMessages, UserMessages } from 'contracts/identity/model';
import type { Db, Tx } from '../../db/client';
import { rawRows } from '../../db/rows';
import { licenses, projects, userGroupProjects, userGroups } from '../../db/schema';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import { seatsRecorded, seatsUsed } from '../../domain/seats';
import type { Caller } from '../../http/auth';
import { CsvSyntaxError, parseCsv, type CsvRecord } from '../../http/csv';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import type { Scope } from '../../http/scope';
import type { ImportContext, ImportPlan, KnownUser } from './user-import.plan';

type Conn = Db | Tx;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const idsIn = (ids: number[]) => sql`(select (jsonb_array_elements_text(${json(ids)}))::int)`;

/** The file's records; an unclosed quote is a 400 naming its line. */
export function readRecords(text: string): CsvRecord[] {
  try {
    return parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(UserImportMessages.unclosedQuote(error.line));
    throw error;
  }
}

/** The licence the file's users go to: a super administrator's choice (one that exists), anyone else's own. */
export async function importLicense(db: Conn, caller: Caller, scope: Scope, chosen: number | undefined): Promise<number> {
  const licenseId = scope.listLicense(chosen) ?? caller.licenseId;
  const [row] = await db.select({ licenseId: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, licenseId));
  if (!row) throw notFound();
  return licenseId;
}

/** Ids grouped by a key: rows of (key, id) as a map of sets. */
function grouped(rows: { key: number; id: number }[]): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const { key, id } of rows) {
    const set = out.get(Number(key)) ?? new Set<number>();
    set.add(Number(id));
    out.set(Number(key), set);
  }
  return out;
}

/**
 * Reads what the plan needs: the users the file names, the licence's groups and offer, its seats, and the caller's ceiling.
 * Seats: a preview reads the seat ledger's count as of the last commit (one row per product
 * licence; counting a million users' holdings took 2–3 s); the apply, under the seat lock,
 * counts them live in its own transaction, which decides.
 */
export async function importContext(
  db: Conn,
  caller: Caller,
  scope: Scope,
  licenseId: number,
  userNames: string[],
  seats: 'recorded' | 'live',
): Promise<ImportContext> {
  const known = await rawRows<Record<string, unknown>>(
    db,
    sql`select user_id, user_name, license_id, first_name, last_name, email, phone_number, company_name, position, is_sso_user
        from users where lower(user_name) in (select jsonb_array_elements_text(${json(userNames)}))`,
  );
  const users = new Map<string, KnownUser>();
  for (const row of known) {
    const user: KnownUser = {
      userId: Number(row.user_id),
      userName: String(row.user_name),
      licenseId: Number(row.license_id),
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      email: String(row.email),
      phoneNumber: String(row.phone_number),
      companyName: String(row.company_name),
      position: String(row.position),
      isSsoUser: row.is_sso_user === true,
    };
    users.set(user.userName.toLowerCase(), user);
  }
  const ids = [...users.values()].filter((u) => u.licenseId === licenseId).map((u) => u.userId);

  const [memberships, direct, viaGroups, userAdminRoles, groupRows, groupAddons, groupAdminRoles, addonRows, used] = await Promise.all([
    rawRows<{ key: number; id: number }>(db, sql`select user_id as key, user_group_id as id from user_group_users where user_id in ${idsIn(ids)}`),
    rawRows<{ key: number; id: number }>(db, sql`select user_id as key, add_on_id as id from user_addons where user_id in ${idsIn(ids)}`),
    rawRows<{ key: number; id: number }>(
      db,
      sql`select gu.user_id as key, ga.add_on_id as id from user_group_users gu join user_group_addons ga on
        ga.user_group_id = gu.user_group_id where gu.user_id in ${idsIn(ids)}`,
    ),
    rawRows<{ key: number; name: string; friendly_name: string }>(
      db,
      sql`select h.user_id as key, r.name, r.friendly_name from (
            select user_id, role_id from user_roles where user_id in ${idsIn(ids)}
            union select gu.user_id, gr.role_id from user_group_users gu join user_group_roles gr on
        gr.user_group_id = gu.user_group_id where gu.user_id in ${idsIn(ids)}
          ) h join roles r on r.role_id = h.role_id where r.administrative`,
    ),
    db.select({ userGroupId: userGroups.userGroupId, name: userGroups.name }).from(userGroups).where(eq(userGroups.licenseId, licenseId)),
    rawRows<{ key: number; id: number }>(
      db,
      sql`select ga.user_group_id as key, ga.add_on_id as id from user_group_addons ga join user_groups g on
        g.user_group_id = ga.user_group_id where g.license_id = ${licenseId}`,
    ),
    rawRows<{ key: number; name: string; friendly_name: string }>(
      db,
      sql`select gr.user_group_id as key, r.name, r.friendly_name from user_group_roles gr join user_groups g on g.user_group_id = gr.user_group_id
          join roles r on r.role_id = gr.role_id where g.license_id = ${licenseId} and r.administrative`,
    ),
    rawRows<{ add_on_id: number; name: string; short_name: string; category: string | null; max_users: number | null }>(
      db,
      sql`select a.add_on_id, a.name, a.short_name, a.category, la.max_users from addons a left join license_addons la
        on la.add_on_id = a.add_on_id and la.license_id = ${licenseId}`,
    ),
    seats === 'live' ? seatsUsed(db, licenseId) : seatsRecorded(db, licenseId),
  ]);

  // The privilege ceiling (domain/ceiling.ts): administrative roles the caller does not hold, and projects the caller does not see.
  const notHeld = (rows: { key: number; name: string; friendly_name: string }[]) => {
    const out = new Map<number, string[]>();
    if (scope.all) return out;
    for (const row of rows) {
      if (caller.roles.has(row.name)) continue;
      out.set(Number(row.key), [...(out.get(Number(row.key)) ?? []), row.friendly_name || row.name]);
    }
    return out;
  };
  const aboveCaller = new Map<number, string>();
  for (const [userId, roleNames] of notHeld(userAdminRoles)) {
    const user = [...users.values()].find((u) => u.userId === userId)!;
    aboveCaller.set(userId, UserMessages.accountAboveCaller(user.userName, [...new Set(roleNames)].sort().join(', ')));
  }
  const groupRolesAbove = notHeld(groupAdminRoles);
  const hiddenProjects = new Map<number, string[]>();
  if (!scope.all) {
    const visible = await visibleProjectsWhere(db, caller, scope);
    const rows = await db
      .select({ userGroupId: userGroupProjects.userGroupId, name: projects.name })
      .from(userGroupProjects)
      .innerJoin(projects, eq(projects.projectId, userGroupProjects.projectId))
      .innerJoin(userGroups, eq(userGroups.userGroupId, userGroupProjects.userGroupId))
      .where(and(eq(userGroups.licenseId, licenseId), not(visible)));
    for (const row of rows) hiddenProjects.set(row.userGroupId, [...(hiddenProjects.get(row.userGroupId) ?? []), row.name]);
  }

  const addonsOfGroup = grouped(groupAddons);
  const groups: ImportContext['groups'] = new Map();
  for (const group of groupRows) {
    const roles = groupRolesAbove.get(group.userGroupId);
    const hidden = hiddenProjects.get(group.userGroupId);
    const refusal = roles
      ? (userName: string) => UserMessages.accountAboveCaller(userName, [...new Set(roles)].sort().join(', '))
      : hidden
        ? () => UserMessages.projectsNotHeld([...new Set(hidden)].sort().join(', '))
        : undefined;
    groups.set(group.name.toLowerCase(), {
      userGroupId: group.userGroupId,
      name: group.name,
      addOnIds: [...(addonsOfGroup.get(group.userGroupId) ?? [])],
      refusal,
    });
  }

  const addons: ImportContext['addons'] = new Map();
  for (const row of addonRows) {
    const addon = {
      addOnId: Number(row.add_on_id),
      name: row.name,
      category: row.category,
      maxUsers: row.max_users === null ? undefined : Number(row.max_users),
    };
    addons.set(row.short_name.toLowerCase(), addon);
    addons.set(row.name.toLowerCase(), addon);
  }

  const directAddonsOf = grouped(direct);
  const heldAddonsOf = grouped([...direct, ...viaGroups]);
  return { licenseId, users, groupsOf: grouped(memberships), directAddonsOf, heldAddonsOf, aboveCaller, groups, addons, seatsUsed: used };
}

/** A user the import created, as the welcome mail needs them. */
export interface CreatedUser {
  userId: number;
  userName: string;
  firstName: string;
  email: string;
  isSsoUser: boolean;
}

/**
 * Writes the plan: new users, changed fields, groups joined and product licences added, each
 * kind in one statement. Call it inside the transaction that holds the seat lock and worked out
 * the plan. A username taken meanwhile (another import, the user form) is a 409: nothing written.
 */
export async function writeImport(tx: Tx, plan: ImportPlan, licenseId: number, now: Date): Promise<CreatedUser[]> {
  let created: CreatedUser[] = [];
  if (plan.creates.length) {
    const document = plan.creates.map((c) => ({
      user_name: c.userName,
      first_name: c.values.firstName,
      last_name: c.values.lastName,
      email: c.values.email,
      phone_number: c.values.phoneNumber,
      company_name: c.values.companyName,
      position: c.values.position,
      is_sso_user: c.values.isSsoUser,
    }));
    try {
      const rows = await rawRows<{ user_id: number; user_name: string; first_name: string; email: string; is_sso_user: boolean }>(
        tx,
        sql`insert into users (user_name, first_name, last_name, email, phone_number, company_name, position, license_id,
          is_sso_user, is_sso_initial, create_date)
            select r.user_name, r.first_name, r.last_name, r.email, r.phone_number, r.company_name,
          r.position, ${licenseId}, r.is_sso_user, r.is_sso_user, ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${json(document)}) as r(user_name text, first_name text, last_name text,
          email text, phone_number text, company_name text, position text, is_sso_user boolean)
            returning user_id, user_name, first_name, email, is_sso_user`,
      );
      created = rows.map((r) => ({
        userId: Number(r.user_id),
        userName: r.user_name,
        firstName: r.first_name,
        email: r.email,
        isSsoUser: r.is_sso_user === true,
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(UserMessages.userNameTaken, { errors: { userName: UserMessages.userNameTaken } });
      throw error;
    }
  }
  const idOf = new Map(created.map((u) => [u.userName.toLowerCase(), u.userId]));

  const changed = plan.updates.filter((u) => Object.keys(u.set).length > 0);
  if (changed.length) {
    const document = changed.map((u) => ({
      user_id: u.user.userId,
      first_name: u.set.firstName ?? null,
      last_name: u.set.lastName ?? null,
      email: u.set.email ?? null,
      phone_number: u.set.phoneNumber ?? null,
      company_name: u.set.companyName ?? null,
      position: u.set.position ?? null,
      is_sso_user: u.set.isSsoUser ?? null,
    }));
    await tx.execute(sql`
      update users u set
        first_name = coalesce(r.first_name, u.first_name), last_name = coalesce(r.last_name, u.last_name),
      email = coalesce(r.email, u.email),
        phone_number = coalesce(r.phone_number, u.phone_number), company_name = coalesce(r.company_name,
      u.company_name),
        position = coalesce(r.position, u.position), is_sso_user = coalesce(r.is_sso_user, u.is_sso_user)
      from
      jsonb_to_recordset(${json(document)}) as r(user_id int, first_name text, last_name text, email text,
      phone_number text, company_name text, position text, is_sso_user boolean)
      where u.user_id = r.user_id`);
  }

  const memberships: { user_id: number; id: number }[] = [];
  const direct: { user_id: number; id: number }[] = [];
  for (const c of plan.creates) {
    const userId = idOf.get(c.userName.toLowerCase())!;
    for (const id of c.groupIds) memberships.push({ user_id: userId, id });
    for (const id of c.addOnIds) direct.push({ user_id: userId, id });
  }
  for (const u of plan.updates) {
    for (const id of u.groupIds) memberships.push({ user_id: u.user.userId, id });
    for (const id of u.addOnIds) direct.push({ user_id: u.user.userId, id });
  }
  if (memberships.length) {
    await tx.execute(
      sql`insert into user_group_users (user_group_id, user_id) select r.id, r.user_id from
        jsonb_to_recordset(${json(memberships)}) as r(user_id int, id int) on conflict do nothing`,
    );
  }
  if (direct.length) {
    await tx.execute(
      sql`insert into user_addons (user_id, add_on_id) select r.user_id, r.id from
        jsonb_to_recordset(${json(direct)}) as r(user_id int, id int) on conflict do nothing`,
    );
  }
  return created;
}

const list = (names: readonly string[]) => names.join(` ${USER_IMPORT_LIST_SEPARATOR} `);

/**
 * The user file's rows of `userIds` (in that order): what an import reads back unchanged —
 * details, user groups and the product licences held directly (those of groups come with the
 * group), SSO user.
 */
export async function importFileRows(db: Conn, userIds: number[]): Promise<unknown[][]> {
  if (userIds.length === 0) return [];
  const [rows, groupNames, addonNames] = await Promise.all([
    rawRows<Record<string, unknown>>(
      db,
      sql`select user_id, user_name, first_name, last_name, email, phone_number, company_name, position, is_sso_user
        from users where user_id in ${idsIn(userIds)}`,
    ),
    rawRows<{ user_id: number; name: string }>(
      db,
      sql`select gu.user_id, g.name from user_group_users gu join user_groups g on g.user_group_id = gu.user_group_id
        where gu.user_id in ${idsIn(userIds)} order by g.name`,
    ),
    rawRows<{ user_id: number; name: string }>(
      db,
      sql`select ua.user_id, a.name from user_addons ua join addons a on a.add_on_id = ua.add_on_id where ua.user_id in ${idsIn(userIds)} order by a.name`,
    ),
  ]);
  const namesOf = (list: { user_id: number; name: string }[]) => {
    const out = new Map<number, string[]>();
    for (const row of list) out.set(Number(row.user_id), [...(out.get(Number(row.user_id)) ?? []), row.name]);
    return out;
  };
  const groupsOf = namesOf(groupNames);
  const addonsOf = namesOf(addonNames);
  const byId = new Map(rows.map((row) => [Number(row.user_id), row]));
  return userIds
    .filter((id) => byId.has(id))
    .map((id) => {
      const row = byId.get(id)!;
      const values: Record<(typeof USER_IMPORT_COLUMNS)[number], unknown> = {
        userName: row.user_name,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phoneNumber: row.phone_number,
        companyName: row.company_name,
        position: row.position,
        userGroups: list(groupsOf.get(id) ?? []),
        productLicenses: list(addonsOf.get(id) ?? []),
        isSsoUser: row.is_sso_user === true,
      };
      return USER_IMPORT_COLUMNS.map((column) => values[column]);
    });
}
