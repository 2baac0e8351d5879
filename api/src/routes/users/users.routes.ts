/**
 * The user list (contract area identity): paged in SQL, because a licence may hold tens of
 * thousands of users. One query counts, one reads the page, one reads the page's add-ons.
 */
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { containing } from '../../db/text-search';
import * as v from 'valibot';
import { UserPageSchema, type UserListItem } from 'shared/api-schemas';
import { PORTAL_ROLES } from 'shared/roles';
import type { Db } from '../../db/client';
import { addons, licenses, userAddons, userGroupAddons, userGroupUsers, users } from '../../db/schema';
import { anyRole, defineRoute } from '../../http/route';

const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 200;

const wholeNumber = (message: string) => v.pipe(v.string(), v.regex(/^\d{1,9}$/, message), v.transform(Number));

const UserListQuery = v.object({
  page: v.optional(wholeNumber('page must be a whole number from 0.'), '0'),
  pageSize: v.optional(
    v.pipe(wholeNumber(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`), v.minValue(1, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`), v.maxValue(MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`)),
    String(DEFAULT_PAGE_SIZE),
  ),
  filter: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'filter may be at most 200 characters.')), ''),
  licenseId: v.optional(wholeNumber('licenseId must be a licence id.')),
  activeOnly: v.optional(v.pipe(v.picklist(['true', 'false'], 'activeOnly must be true or false.'), v.transform((value) => value === 'true')), 'false'),
});


const fullName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

/** The add-ons each user holds, directly or through a user group, in add-on order. */
async function addonsOf(db: Db, userIds: number[]): Promise<Map<number, UserListItem['addons']>> {
  const byUser = new Map<number, UserListItem['addons']>();
  if (userIds.length === 0) return byUser;
  const direct = db.select({ userId: userAddons.userId, addOnId: userAddons.addOnId }).from(userAddons).where(inArray(userAddons.userId, userIds));
  const viaGroups = db
    .select({ userId: userGroupUsers.userId, addOnId: userGroupAddons.addOnId })
    .from(userGroupUsers)
    .innerJoin(userGroupAddons, eq(userGroupAddons.userGroupId, userGroupUsers.userGroupId))
    .where(inArray(userGroupUsers.userId, userIds));
  const held = direct.union(viaGroups).as('held');
  const rows = await db
    .select({ userId: held.userId, addOnId: addons.addOnId, name: addons.name, shortName: addons.shortName, color: addons.color })
    .from(held)
    .innerJoin(addons, eq(addons.addOnId, held.addOnId))
    .orderBy(held.userId, addons.sortOrder, addons.addOnId);
  for (const { userId, ...addon } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(addon);
    byUser.set(userId, list);
  }
  return byUser;
}

export const userRoutes = [
  defineRoute({
    method: 'GET',
    path: 'users',
    area: 'identity',
    summary: 'A page of users, sorted by user name: every licence’s for a super administrator, the caller’s licence’s for anyone else.',
    description:
      '`page` is zero-based (default 0), `pageSize` 1 to 200 (default 25). `filter` matches user name, first, last and full name, e-mail, company and position, ignoring case. `activeOnly=true` keeps active (approved) users. A `licenseId` outside the caller’s scope answers 404.',
    access: anyRole(...PORTAL_ROLES),
    query: UserListQuery,
    response: UserPageSchema,
    answers: { 404: 'The licence is outside the caller’s scope.' },
    async handler({ db, caller, scope, query, json }) {
      if (query.licenseId !== undefined) scope.assert(query.licenseId);
      const licenceId = query.licenseId ?? (scope.all ? undefined : caller.licenseId);
      const pattern = containing(query.filter);
      const conditions: (SQL | undefined)[] = [
        licenceId === undefined ? undefined : eq(users.licenseId, licenceId),
        query.activeOnly ? eq(users.isApproved, true) : undefined,
        query.filter
          ? or(
              ilike(users.userName, pattern),
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
              ilike(users.email, pattern),
              ilike(users.companyName, pattern),
              ilike(users.position, pattern),
            )
          : undefined,
      ];
      const where = and(...conditions);

      const [counted, rows] = await Promise.all([
        db.select({ total: count() }).from(users).where(where),
        db
          .select({
            userId: users.userId,
            userName: users.userName,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            licenseId: users.licenseId,
            licenseName: licenses.name,
            companyName: users.companyName,
            position: users.position,
            isApproved: users.isApproved,
            isLockedOut: users.isLockedOut,
            isSsoUser: users.isSsoUser,
          })
          .from(users)
          .innerJoin(licenses, eq(licenses.licenseId, users.licenseId))
          .where(where)
          .orderBy(sql`lower(${users.userName})`)
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
      ]);
      const held = await addonsOf(db, rows.map((row) => row.userId));
      const items: UserListItem[] = rows.map((row) => ({
        ...row,
        fullName: fullName(row.firstName, row.lastName),
        addons: held.get(row.userId) ?? [],
      }));
      return json({ items, total: counted[0]?.total ?? 0, page: query.page, pageSize: query.pageSize });
    },
  }),
];
