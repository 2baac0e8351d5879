/** What the user list calls do (users.routes.ts has their definitions). */
import type * as v from 'valibot';
import { USER_IMPORT_COLUMNS, type UserExportQuerySchema } from 'contracts/identity/model';
import { everyUser, pageOfUsers, type UserListFilter } from '../../domain/user-list';
import { csvResponse } from '../../http/csv';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { importFileRows } from './user-import.service';
import { userSpecs } from './users.routes';
import { readableUser, userReply } from './users.service';

/** What the list shows a caller: their licence's users, or a chosen licence's for a super administrator. */
function listFilter(query: Omit<v.InferOutput<typeof UserExportQuerySchema>, 'format'>, scope: Scope): UserListFilter {
  return {
    licenseId: scope.listLicense(query.licenseId),
    activeOnly: query.activeOnly,
    filter: query.filter,
    sort: query.sort,
    dir: query.dir,
  };
}

export const userRoutes = implement(userSpecs, {
  async getUsers({ deps, db, scope, query, json }) {
    const { items, total, exact } = await pageOfUsers(db, listFilter(query, scope), query.page, query.pageSize, deps.clock.now(), deps.background);
    return json({ items, total, totalExact: exact, page: query.page, pageSize: query.pageSize });
  },

  async getUser({ deps, db, caller, scope, params, json }) {
    const { user } = await readableUser(db, caller, scope, params.username);
    return json(await userReply(db, user, deps.clock.now()));
  },

  exportUsers({ c, deps, db, scope, query }) {
    const filter = listFilter(query, scope);
    if (query.format === 'import') {
      // The user file's columns (issue 39): what POST user-import reads back unchanged.
      const rows = (async function* () {
        for await (const chunk of everyUser(db, filter, deps.clock.now()))
          yield await importFileRows(
            db,
            chunk.map((u) => u.userId),
          );
      })();
      return csvResponse(c, 'users-import.csv', USER_IMPORT_COLUMNS, rows);
    }
    const withLicense = scope.all;
    const header = ['User', 'Full Name', ...(withLicense ? ['License'] : []), 'Company', 'Position', 'Active', 'Locked', 'Product Licenses'];
    const chunks = (async function* () {
      for await (const rows of everyUser(db, filter, deps.clock.now())) {
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
});
