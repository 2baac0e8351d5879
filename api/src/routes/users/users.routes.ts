/**
 * The user list and its CSV export (contract area identity): the definitions. What each call
 * does is in users.handlers.ts; the list's rules are domain/user-list.ts.
 */
import { userEndpoints as api } from 'contracts/identity/model';
import { route } from '../../http/route';
import { entity, list } from '../../http/licence-scope';

export const userSpecs = {
  getUsers: route(api.getUsers, {
    scope: list,
    description:
      '`page` is zero-based (default 0), `pageSize` 1 to 200 (default 25). `filter` matches user name, ' +
      'first, last and full name, e-mail, company and position, ignoring case. `activeOnly=true` keeps ' +
      'active (approved) users. `sort` is one of userName (default), fullName, licenseName, companyName, ' +
      'position, isApproved, isLockedOut, and `dir` asc (default) or desc; ties go by user name. `total` ' +
      'counts every row the filters keep; with a `filter` that matches more than 10,000 users, `total` is ' +
      '10,000 and `totalExact` false (the list has more). A page past the last answers no items. A ' +
      '`licenseId` outside the caller’s scope answers 404.',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  getUser: route(api.getUser, {
    scope: entity('userName', 'username'),
    description:
      'Users read their own; anyone else needs one of the portal roles, and sees users of their own licence ' +
      'only (every licence for a super administrator). The user name matches ignoring case. A user outside ' +
      'the caller’s scope answers 404, as a missing one does.',
    answers: { 403: 'Another user, and the caller has no portal role.', 404: 'No such user in the caller’s scope.' },
  }),

  exportUsers: route(api.exportUsers, {
    scope: list,
    description:
      'Takes the query of `GET users` (without paging). Columns: User, Full Name, License (for callers who ' +
      'see every licence), Company, Position, Active, Locked, Product Licenses. With `format=import`, the ' +
      'user file’s columns instead (userName, firstName, lastName, email, phoneNumber, companyName, ' +
      'position, userGroups, productLicenses held directly, isSsoUser), which `POST user-import` reads back ' +
      'unchanged. Cells that a spreadsheet would run as a formula start with an apostrophe.',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),
};
