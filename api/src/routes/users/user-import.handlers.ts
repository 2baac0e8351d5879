/** What the user file calls do (user-import.routes.ts has their definitions). */
import { ApiKeyMessages, USER_IMPORT_COLUMNS, UserImportMessages, addonLimitExceeded, type UserImportReply } from 'contracts/identity/model';
import { lockSeats } from '../../domain/seats';
import { csvResponse } from '../../http/csv';
import { badRequest, forbidden } from '../../http/errors';
import { implement } from '../../http/route';
import { describeError } from '../../services/log';
import { sendResetLink } from '../auth/reset-link';
import { planImport, readHeader, userNamesOf, type ImportPlan } from './user-import.plan';
import { userImportSpecs } from './user-import.routes';
import { importContext, importLicense, readRecords, writeImport } from './user-import.service';

/** The plan as the API answers it. */
function replyOf(plan: ImportPlan, licenseId: number, applied: boolean): UserImportReply {
  const { rows, counts, seats, unknownGroups, canApply } = plan;
  return { applied, licenseId, counts, rows, seats, unknownGroups, canApply, mailed: 0 };
}

/** The seat message of the spec, naming each product licence over its limit. */
const seatsMessage = (plan: ImportPlan) =>
  addonLimitExceeded(
    plan.seats
      .filter((s) => s.over)
      .map((s) => `${s.name} (${s.used} of ${s.maxUsers} seats in use, ${s.needed} more needed)`)
      .join(', '),
  );

export const userImportRoutes = implement(userImportSpecs, {
  getUserImportTemplate({ c }) {
    return csvResponse(c, 'users-template.csv', USER_IMPORT_COLUMNS, (async function* () {})());
  },

  async previewUserImport({ db, caller, scope, query, body, json }) {
    const licenseId = await importLicense(db, caller, scope, query.licenseId);
    const { columns, names, rows } = readHeader(readRecords(body));
    const ctx = await importContext(db, caller, scope, licenseId, userNamesOf(rows, columns), 'recorded');
    return json(replyOf(planImport(rows, columns, names, ctx), licenseId, false));
  },

  async importUsers({ deps, db, caller, scope, query, body, audit, transaction, json }) {
    // A welcome mail is a reset link: an API key never manages passwords (README, Security).
    if (query.sendWelcome && caller.apiKey) throw forbidden(ApiKeyMessages.sessionOnly);
    const licenseId = await importLicense(db, caller, scope, query.licenseId);
    const { columns, names, rows } = readHeader(readRecords(body));
    const now = deps.clock.now();
    const { plan, created } = await transaction(async (tx) => {
      // Under the seat lock, the file is worked out again against the licence as it stands.
      await lockSeats(tx, licenseId);
      const ctx = await importContext(tx, caller, scope, licenseId, userNamesOf(rows, columns), 'live');
      const plan = planImport(rows, columns, names, ctx);
      if (plan.seats.some((s) => s.over)) throw badRequest(seatsMessage(plan), replyOf(plan, licenseId, false));
      if (!plan.canApply) throw badRequest(UserImportMessages.nothingToImport, replyOf(plan, licenseId, false));
      const created = await writeImport(tx, plan, licenseId, now);
      const idOf = new Map(created.map((u) => [u.userName.toLowerCase(), u.userId]));
      const groupName = new Map([...ctx.groups.values()].map((g) => [g.userGroupId, g.name]));
      const addonName = new Map([...ctx.addons.values()].map((a) => [a.addOnId, a.name]));
      for (const c of plan.creates) {
        audit({
          entity: 'user',
          entityId: idOf.get(c.userName.toLowerCase())!,
          licenseId,
          after: {
            userName: c.userName,
            ...c.values,
            licenseId,
            userGroups: c.groupIds.map((id) => groupName.get(id)),
            productLicenses: c.addOnIds.map((id) => addonName.get(id)),
          },
        });
      }
      for (const u of plan.updates) audit({ entity: 'user', entityId: u.user.userId, licenseId, before: u.before, after: u.after });
      return { plan, created };
    });

    // Mail only once the import is saved, and only when asked; a refused mail is logged, the import stands.
    let mailed = 0;
    if (query.sendWelcome) {
      for (const user of created.filter((u) => !u.isSsoUser)) {
        try {
          await sendResetLink(deps, user, UserImportMessages.welcomeIntro, {
            subject: UserImportMessages.welcomeSubject(deps.config.productName),
            outro: UserImportMessages.welcomeOutro(user.userName),
          });
          mailed++;
        } catch (error) {
          deps.log.error('welcome mail failed', { userId: user.userId, ...describeError(error) });
        }
      }
    }
    return json({ ...replyOf(plan, licenseId, true), mailed, Message: UserImportMessages.imported(plan.creates.length, plan.updates.length) });
  },
});
