/** What the user list calls do (users.routes.ts has their definitions). */
import type * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { PORTAL_ROLES } from 'shared/roles';
import { userAddonVendors, vendors } from '../../db/schema';
import { addonsOf, everyUser, pageOfUsers, type UserListFilter } from '../../domain/user-list';
import { forbidden, notFound } from '../../http/errors';
import { findUserByName } from '../auth/auth.service';
import type { Caller } from '../../http/auth';
import { csvResponse } from '../../http/csv';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { userSpecs, type UserListQuery } from './users.routes';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

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

export const userRoutes = implement(userSpecs, {
  async getUsers({ db, caller, scope, query, json }) {
    const { items, total, exact } = await pageOfUsers(db, listFilter(query, scope, caller), query.page, query.pageSize);
    return json({ items, total, totalExact: exact, page: query.page, pageSize: query.pageSize });
  },

  async getUser({ db, caller, scope, params, json }) {
    const user = await findUserByName(db, params.username);
    if (!user) throw notFound();
    if (user.userId !== caller.userId) {
      // Scope first: another licence's user is a 404 whatever the caller's roles.
      scope.assert(user.licenseId);
      if (!PORTAL_ROLES.some((role) => caller.roles.has(role))) throw forbidden();
    }
    const [held, chosen] = await Promise.all([
      addonsOf(db, [user.userId]),
      db
        .select({ vendorId: vendors.vendorId, name: vendors.name, addOnId: userAddonVendors.addOnId })
        .from(userAddonVendors)
        .innerJoin(vendors, eq(vendors.vendorId, userAddonVendors.vendorId))
        .where(eq(userAddonVendors.userId, user.userId))
        .orderBy(userAddonVendors.addOnId, vendors.name),
    ]);
    return json({
      userId: user.userId,
      userName: user.userName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      companyName: user.companyName,
      position: user.position,
      comment: user.comment,
      licenseId: user.licenseId,
      isApproved: user.isApproved,
      isLockedOut: user.isLockedOut,
      isSsoUser: user.isSsoUser,
      isSsoInitial: user.isSsoInitial,
      twoFactorEnabled: user.twoFactorEnabled,
      mustUpdatePassword: user.mustUpdatePassword,
      createDate: iso(user.createDate),
      lastActivityDate: iso(user.lastActivityDate),
      lastLoginDate: iso(user.lastLoginDate),
      lastLockedDate: iso(user.lastLockedDate),
      lastPasswordChangeDate: iso(user.lastPasswordChangeDate),
      addons: held.get(user.userId) ?? [],
      userData: { vendors: chosen },
    });
  },

  exportUsers({ c, db, caller, scope, query }) {
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
});
