/**
 * The user list and its CSV export (contract area identity): the definitions. What each call
 * does is in users.handlers.ts; the list's rules are domain/user-list.ts.
 */
import * as v from 'valibot';
import { UserPageSchema, UserSchema } from 'contracts/identity/model';
import { PORTAL_ROLES } from 'shared/roles';
import { USER_SORTS } from '../../domain/user-list';
import { filterQuery, flagQuery, licenseIdQuery, pageQuery, sortQuery, userNameParam } from '../../http/params';
import { anyRole, route, signedIn } from '../../http/route';

export const UserListQuery = v.object({
  ...pageQuery,
  ...filterQuery,
  ...licenseIdQuery,
  activeOnly: flagQuery('activeOnly'),
  ...sortQuery(USER_SORTS, 'userName'),
});

export const userSpecs = {
  getUsers: route({
    method: 'GET',
    path: 'users',
    area: 'identity',
    summary: 'A page of users, sorted by user name: every licence’s for a super administrator, the caller’s licence’s for anyone else.',
    description:
      '`page` is zero-based (default 0), `pageSize` 1 to 200 (default 25). `filter` matches user name, first, last and full name, e-mail, company and position, ignoring case. `activeOnly=true` keeps active (approved) users. `sort` is one of userName (default), fullName, licenseName, companyName, position, isApproved, isLockedOut, and `dir` asc (default) or desc; ties go by user name. `total` counts every row the filters keep; with a `filter` that matches more than 10,000 users, `total` is 10,000 and `totalExact` false (the list has more). A page past the last answers no items. A `licenseId` outside the caller’s scope answers 404.',
    access: anyRole(...PORTAL_ROLES),
    query: UserListQuery,
    response: UserPageSchema,
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  getUser: route({
    method: 'GET',
    path: 'users/{username}',
    area: 'identity',
    summary: 'One user: the form’s fields, states and dates, the add-ons held (directly or through a group) and the vendors chosen.',
    description:
      'Users read their own; anyone else needs one of the portal roles, and sees users of their own licence only (every licence for a super administrator). The user name matches ignoring case. A user outside the caller’s scope answers 404, as a missing one does.',
    access: signedIn,
    params: userNameParam,
    response: UserSchema,
    answers: { 403: 'Another user, and the caller has no portal role.', 404: 'No such user in the caller’s scope.' },
  }),

  exportUsers: route({
    method: 'GET',
    path: 'users.csv',
    area: 'identity',
    summary: 'Every user of the list as CSV: the same filters, order and columns as the screen, streamed.',
    description:
      'Takes the query of `GET users` (without paging). Columns: User, Full Name, License (for callers who see every licence), Company, Position, Active, Locked, Product Licenses. Cells that a spreadsheet would run as a formula start with an apostrophe.',
    access: anyRole(...PORTAL_ROLES),
    query: UserListQuery,
    produces: 'text/csv',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),
};
