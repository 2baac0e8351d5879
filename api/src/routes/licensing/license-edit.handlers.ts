/**
 * What the licence editing calls do (license-edit.routes.ts has their definitions): a new
 * licence owned by its creator, its fields, its product licence seat limits (never below the
 * seats in use), its projects and its integrations.
 */
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { addonLimitsBelowUse, type Integration, LicenseMessages, type LicenseUpdateBodySchema } from 'contracts/licensing/model';
import type { Project } from 'contracts/projects-sites/model';
import type { Db, Tx } from '../../db/client';
import { addons, environments, integrations, licenseAddons, licenseEnvironments, licenseIntegrations, licenses, projects, users } from '../../db/schema';
import { usersOfProjects } from '../../domain/grants';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import { lockSeats, seatsUsed } from '../../domain/seats';
import { badRequest, conflict, forbidden, HttpError, isUniqueViolation, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { licenseEditSpecs } from './license-edit.routes';
import { visibleLicenses } from './licenses.handlers';

type LicenseRow = typeof licenses.$inferSelect;
type LicenseFields = v.InferOutput<typeof LicenseUpdateBodySchema>;
/** The columns a licence form changes. */
type LicenseChanges = Partial<
  Pick<
    typeof licenses.$inferInsert,
    | 'name'
    | 'company'
    | 'licenseType'
    | 'maxProjects'
    | 'maxUsers'
    | 'isActive'
    | 'expiryDate'
    | 'expiryNotificationDays'
    | 'ownerId'
    | 'environmentId'
    | 'ssoUrl'
    | 'customerCode'
    | 'opportunityId'
  >
>;

/** A licence in the caller's scope (404 otherwise, like a missing one). */
async function licenseInScope(db: Db | Tx, scope: Scope, licenseId: number): Promise<LicenseRow> {
  scope.assert(licenseId);
  const [row] = await db.select().from(licenses).where(eq(licenses.licenseId, licenseId));
  if (!row) throw notFound();
  return row;
}

/**
 * Only a super administrator changes a licence's terms. An API key holding
 * ACCESS_ALL_CUSTOMER_LICENCES acts in its own licence only (http/scope.ts): outside it a
 * 404, in it a 403 — a key never raises its own licence's limits.
 */
function assertSuperAdministrator(scope: Scope): void {
  if (!scope.all) throw forbidden(LicenseMessages.superAdministratorsOnly);
}

/** The form's fields as columns: dates from milliseconds, notification days once each in the order entered, empty texts as none. */
function columnsOf(body: LicenseFields): LicenseChanges {
  const emptyAsNull = (text: string | null | undefined) => (text === undefined ? undefined : text === null || text === '' ? null : text);
  const columns: LicenseChanges = {
    name: body.name,
    company: body.company,
    licenseType: body.licenseType === '' ? undefined : body.licenseType,
    maxProjects: body.maxProjects,
    maxUsers: body.maxUsers,
    isActive: body.isActive,
    expiryDate: body.expiryDate === undefined ? undefined : body.expiryDate === null ? null : new Date(body.expiryDate),
    // The order the administrator typed ('5, 10, 30') is the order they read back (issue 36 item 10).
    expiryNotificationDays: body.expiryNotificationDays && [...new Set(body.expiryNotificationDays)],
    environmentId: body.environmentId,
    ssoUrl: emptyAsNull(body.ssoUrl),
    customerCode: emptyAsNull(body.customerCode),
    opportunityId: emptyAsNull(body.opportunityId),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as LicenseChanges;
}

/** Whether a column's value differs (dates by their time, lists by their items). */
function differs(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return (a instanceof Date ? a.getTime() : a) !== (b instanceof Date ? b.getTime() : b);
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** A 409 on the name field; create's errors carry ExceptionMessage too (the contract's error of license/create). */
function nameTaken(withException = false): HttpError {
  const message = LicenseMessages.nameTaken;
  const errors = { name: message };
  return withException ? new HttpError(409, message, { Message: message, errors }, 'ExceptionMessage') : conflict(message, { errors });
}

async function assertEnvironmentExists(db: Db | Tx, environmentId: number, withException = false): Promise<void> {
  const [row] = await db.select({ id: environments.environmentId }).from(environments).where(eq(environments.environmentId, environmentId));
  if (row) return;
  const message = LicenseMessages.environmentRequired;
  throw new HttpError(
    400,
    message,
    withException ? { Message: message, errors: { environmentId: message } } : { errors: { environmentId: message } },
    withException ? 'ExceptionMessage' : 'Message',
  );
}

/** A seat limit as a number of seats: negative is unlimited, 0 (or not offered) none. */
const seats = (maxUsers: number | undefined) => (maxUsers === undefined ? 0 : maxUsers < 0 ? Infinity : maxUsers);

const byName = (a: string, b: string) => a.localeCompare(b);

/** An integration as the cards show it: its image only from this server (a path), never another host. */
function integrationReply(row: typeof integrations.$inferSelect): Integration {
  const ownPath = /^\/(?![/\\])[^\s\\]*$/.test(row.imgUrl);
  return { integrationId: row.integrationId, integrationName: row.integrationName, imgUrl: ownPath ? row.imgUrl : '', description: row.description };
}

export const licenseEditRoutes = implement(licenseEditSpecs, {
  async createLicense({ db, caller, scope, body, audit, json }) {
    assertSuperAdministrator(scope);
    await assertEnvironmentExists(db, body.environmentId, true);
    // Spec 1 §2: created with the current user's id as owner, to be reassigned later (a body's ownerId is not taken).
    const values = {
      ...columnsOf(body),
      name: body.name,
      company: body.company,
      maxProjects: body.maxProjects,
      maxUsers: body.maxUsers,
      ownerId: caller.userId,
    };
    let created: LicenseRow;
    try {
      created = await db.transaction(async (tx) => {
        const [row] = await tx.insert(licenses).values(values).returning();
        await tx.insert(licenseEnvironments).values({ licenseId: row!.licenseId, environmentId: body.environmentId }).onConflictDoNothing();
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(true);
      throw error;
    }
    audit({ entity: 'license', entityId: created.licenseId, subject: { kind: 'license', id: created.licenseId }, after: values });
    const [reply] = await visibleLicenses(db, caller, scope, created.licenseId);
    return json(reply!);
  },

  async updateLicense({ db, scope, params, body, audit, json }) {
    await licenseInScope(db, scope, params.licenseId);
    assertSuperAdministrator(scope);
    const wanted: LicenseChanges = { ...columnsOf(body), ...(body.ownerId === undefined ? {} : { ownerId: body.ownerId }) };
    let outcome: { before: Record<string, unknown>; after: Record<string, unknown> };
    try {
      outcome = await db.transaction(async (tx) => {
        // The licence's row lock: two saves of one licence are applied one after the other, each against what the other left.
        const [current] = await tx.select().from(licenses).where(eq(licenses.licenseId, params.licenseId)).for('update');
        if (!current) throw notFound();
        const changes = Object.fromEntries(
          Object.entries(wanted).filter(([field, value]) => differs(current[field as keyof LicenseRow], value)),
        ) as LicenseChanges;
        if (changes.environmentId !== undefined && changes.environmentId !== null) await assertEnvironmentExists(tx, changes.environmentId);
        if (changes.ownerId !== undefined && changes.ownerId !== null) {
          const [owner] = await tx
            .select({ userId: users.userId })
            .from(users)
            .where(and(eq(users.userId, changes.ownerId), eq(users.licenseId, current.licenseId)));
          if (!owner) throw badRequest(LicenseMessages.ownerNotInLicense, { errors: { ownerId: LicenseMessages.ownerNotInLicense } });
        }
        if (Object.keys(changes).length === 0) return { before: {}, after: {} };
        await tx
          .update(licenses)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(licenses.licenseId, current.licenseId));
        if (changes.environmentId)
          await tx.insert(licenseEnvironments).values({ licenseId: current.licenseId, environmentId: changes.environmentId }).onConflictDoNothing();
        const before = Object.fromEntries(Object.keys(changes).map((field) => [field, current[field as keyof LicenseRow]]));
        return { before, after: changes };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    audit({ entity: 'license', entityId: params.licenseId, subject: { kind: 'license', id: params.licenseId }, ...outcome });
    return json({ Message: LicenseMessages.updated });
  },

  async setLicenseAddons({ db, scope, params, body, audit, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    assertSuperAdministrator(scope);
    const listed = body.map((entry) => entry.addOnId);
    if (new Set(listed).size !== listed.length) throw badRequest(LicenseMessages.addonListedTwice);
    const known = listed.length ? await db.select({ addOnId: addons.addOnId }).from(addons).where(inArray(addons.addOnId, listed)) : [];
    if (known.length !== listed.length) throw badRequest(LicenseMessages.addonUnknown);
    // Spec 1 §5: add-ons with zero users are ignored — not offered, like one left out.
    const wanted = new Map(body.filter((entry) => entry.maxUsers !== 0).map((entry) => [entry.addOnId, entry.maxUsers]));

    const changed = await db.transaction(async (tx) => {
      // The seat lock: a seat given at the same moment is counted before the limit is decided.
      await lockSeats(tx, license.licenseId);
      const [current, used, names] = await Promise.all([
        tx
          .select({ addOnId: licenseAddons.addOnId, maxUsers: licenseAddons.maxUsers })
          .from(licenseAddons)
          .where(eq(licenseAddons.licenseId, license.licenseId)),
        seatsUsed(tx, license.licenseId),
        tx.select({ addOnId: addons.addOnId, name: addons.name }).from(addons),
      ]);
      const before = new Map(current.map((row) => [row.addOnId, row.maxUsers]));
      const nameOf = new Map(names.map((row) => [row.addOnId, row.name]));
      // Refused: a limit lowered below the seats in use. A limit already below them (data from elsewhere) may stay or rise.
      const over = [...used]
        .map(([addOnId, inUse]) => ({ addOnId, name: nameOf.get(addOnId) ?? `Product license ${addOnId}`, used: inUse, maxUsers: wanted.get(addOnId) ?? 0 }))
        .filter((entry) => entry.used > seats(entry.maxUsers) && seats(entry.maxUsers) < seats(before.get(entry.addOnId)))
        .sort((a, b) => byName(a.name, b.name));
      if (over.length) {
        throw conflict(addonLimitsBelowUse(over.map((entry) => `${entry.name} (${entry.used} seats in use, new limit ${entry.maxUsers})`).join(', ')), {
          addOns: over,
        });
      }
      const keep = [...wanted.keys()];
      await tx
        .delete(licenseAddons)
        .where(and(eq(licenseAddons.licenseId, license.licenseId), keep.length ? notInArray(licenseAddons.addOnId, keep) : undefined));
      if (keep.length) {
        await tx
          .insert(licenseAddons)
          .values(keep.map((addOnId) => ({ licenseId: license.licenseId, addOnId, maxUsers: wanted.get(addOnId)! })))
          .onConflictDoUpdate({ target: [licenseAddons.licenseId, licenseAddons.addOnId], set: { maxUsers: sql`excluded.max_users` } });
      }
      // The History shows each changed limit by its product licence's name; 0 is not offered.
      const ids = [...new Set([...before.keys(), ...wanted.keys()])].filter((addOnId) => (before.get(addOnId) ?? 0) !== (wanted.get(addOnId) ?? 0));
      const named = (limits: Map<number, number>) =>
        Object.fromEntries(ids.map((addOnId) => [nameOf.get(addOnId) ?? `Product license ${addOnId}`, limits.get(addOnId) ?? 0]));
      return { before: named(before), after: named(wanted) };
    });
    audit({ entity: 'license-addons', entityId: license.licenseId, subject: { kind: 'license', id: license.licenseId }, ...changed });
    return json({ Message: LicenseMessages.updatedAddons });
  },

  async getLicenseProjects({ db, caller, scope, params, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    const where = and(await visibleProjectsWhere(db, caller, scope), eq(projects.licenseId, license.licenseId));
    const assigned = usersOfProjects(db, db.select({ projectId: projects.projectId }).from(projects).where(where)).as('assigned');
    const [rows, counts] = await Promise.all([
      db
        .select({
          projectId: projects.projectId,
          name: projects.name,
          description: projects.description,
          licenseId: projects.licenseId,
          environmentId: projects.environmentId,
          parentProjectId: projects.parentProjectId,
          rootProjectId: projects.rootProjectId,
          isActive: projects.isActive,
        })
        .from(projects)
        .where(where)
        .orderBy(sql`lower(${projects.name})`, asc(projects.projectId)),
      db.select({ projectId: assigned.projectId, users: count() }).from(assigned).groupBy(assigned.projectId),
    ]);
    const users = new Map(counts.map((row) => [row.projectId, row.users]));
    const list: Project[] = rows.map((row) => ({ ...row, licenseName: license.name, numberOfUsers: users.get(row.projectId) ?? 0 }));
    return json(list);
  },

  async getIntegrations({ db, json }) {
    const rows = await db
      .select()
      .from(integrations)
      .orderBy(sql`lower(${integrations.integrationName})`, asc(integrations.integrationId));
    return json(rows.map(integrationReply));
  },

  async getLicenseIntegrations({ db, scope, params, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    const rows = await db
      .select({ integration: integrations })
      .from(licenseIntegrations)
      .innerJoin(integrations, eq(integrations.integrationId, licenseIntegrations.integrationId))
      .where(eq(licenseIntegrations.licenseId, license.licenseId))
      .orderBy(sql`lower(${integrations.integrationName})`, asc(integrations.integrationId));
    return json(rows.map((row) => integrationReply(row.integration)));
  },

  async setLicenseIntegrations({ db, scope, params, body, audit, json }) {
    const license = await licenseInScope(db, scope, params.licenseId);
    assertSuperAdministrator(scope);
    const wanted = [...new Set(body)];
    const known = wanted.length
      ? await db
          .select({ integrationId: integrations.integrationId, name: integrations.integrationName })
          .from(integrations)
          .where(inArray(integrations.integrationId, wanted))
      : [];
    if (known.length !== wanted.length) throw badRequest(LicenseMessages.integrationUnknown);
    const before = await db.transaction(async (tx) => {
      // The licence's row lock: two saves of its integrations are applied one after the other.
      await lockSeats(tx, license.licenseId);
      const held = await tx
        .select({ name: integrations.integrationName })
        .from(licenseIntegrations)
        .innerJoin(integrations, eq(integrations.integrationId, licenseIntegrations.integrationId))
        .where(eq(licenseIntegrations.licenseId, license.licenseId));
      await tx
        .delete(licenseIntegrations)
        .where(and(eq(licenseIntegrations.licenseId, license.licenseId), wanted.length ? notInArray(licenseIntegrations.integrationId, wanted) : undefined));
      if (wanted.length)
        await tx
          .insert(licenseIntegrations)
          .values(wanted.map((integrationId) => ({ licenseId: license.licenseId, integrationId })))
          .onConflictDoNothing();
      return held.map((row) => row.name);
    });
    audit({
      entity: 'license-integrations',
      entityId: license.licenseId,
      subject: { kind: 'license', id: license.licenseId },
      before: { integrations: before.sort(byName) },
      after: { integrations: known.map((row) => row.name).sort(byName) },
    });
    return json({ Message: LicenseMessages.integrationsSaved });
  },
});
