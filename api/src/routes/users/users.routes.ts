/**
 * The user list (contract area identity): paged, filtered and sorted in SQL, because a
 * licence may hold a million users; and its CSV export (domain/user-list.ts).
 */
import * as v from 'valibot';
import { UserPageSchema } from 'shared/api-schemas';
import { PORTAL_ROLES } from 'shared/roles';
import { everyUser, pageOfUsers, USER_SORTS, type UserListFilter } from '../../domain/user-list';
import type { Caller } from '../../http/auth';
import { csvResponse } from '../../http/csv';
import { anyRole, defineRoute } from '../../http/route';
import type { Scope } from '../../http/scope';

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
  sort: v.optional(v.picklist(USER_SORTS, `sort must be one of ${USER_SORTS.join(', ')}.`), 'userName'),
  dir: v.optional(v.picklist(['asc', 'desc'], 'dir must be asc or desc.'), 'asc'),
});

/** What the list shows a caller: their licence's users, or a chosen licence's for a super administrator. */
function listFilter(query: v.InferOutput<typeof UserListQuery>, scope: Scope, caller: Caller): UserListFilter {
  if (query.licenseId !== undefined) scope.assert(query.licenseId);
  return {
    licenseId: query.licenseId ?? (scope.all ? undefined : caller.licenseId),
    activeOnly: query.activeOnly,
    filter: query.filter,
    sort: query.sort,
    dir: query.dir,
  };
}


export const userRoutes = [
  defineRoute({
    method: 'GET',
    path: 'users',
    area: 'identity',
    summary: 'A page of users, sorted by user name: every licence’s for a super administrator, the caller’s licence’s for anyone else.',
    description:
      '`page` is zero-based (default 0), `pageSize` 1 to 200 (default 25). `filter` matches user name, first, last and full name, e-mail, company and position, ignoring case. `activeOnly=true` keeps active (approved) users. `sort` is one of userName (default), fullName, licenseName, companyName, position, isApproved, isLockedOut, and `dir` asc (default) or desc; ties go by user name. `total` counts every row the filters keep. A `licenseId` outside the caller’s scope answers 404.',
    access: anyRole(...PORTAL_ROLES),
    query: UserListQuery,
    response: UserPageSchema,
    answers: { 404: 'The licence is outside the caller’s scope.' },
    async handler({ db, caller, scope, query, json }) {
      const { items, total } = await pageOfUsers(db, listFilter(query, scope, caller), query.page, query.pageSize);
      return json({ items, total, page: query.page, pageSize: query.pageSize });
    },
  }),

  defineRoute({
    method: 'GET',
    path: 'users.csv',
    area: 'identity',
    summary: 'Every user of the list as CSV: the same filters, order and columns as the screen, streamed.',
    description:
      'Takes the query of `GET users` (without paging). Columns: User, Full Name, License (for callers who see every licence), Company, Position, Active, Locked, Product Licenses. Cells that a spreadsheet would run as a formula start with an apostrophe.',
    access: anyRole(...PORTAL_ROLES),
    query: UserListQuery,
    answers: { 404: 'The licence is outside the caller’s scope.' },
    handler({ c, db, caller, scope, query }) {
      const filter = listFilter(query, scope, caller);
      const withLicense = scope.all;
      const header = ['User', 'Full Name', ...(withLicense ? ['License'] : []), 'Company', 'Position', 'Active', 'Locked', 'Product Licenses'];
      const chunks = (async function* () {
        for await (const rows of everyUser(db, filter)) {
          yield rows.map((u) => [
            u.userName,
            u.fullName,
            ...(withLicense ? [u.licenseName] : []),
            u.companyName,
            u.position,
            u.isApproved ? 'Active' : 'Inactive',
            u.isLockedOut ? 'Locked' : 'Unlocked',
            u.addons.map((a) => a.name).join('; '),
          ]);
        }
      })();
      return csvResponse(c, 'users.csv', header, chunks);
    },
  }),
];
