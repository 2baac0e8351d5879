/** What a licence's second-factor policy calls do (second-factor.routes.ts has their definitions). */
import { eq } from 'drizzle-orm';
import type { SecondFactorPolicy } from 'contracts/auth/model';
import { licenses } from '../../db/schema';
import { notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { Db } from '../../db/client';
import type { Scope } from '../../http/scope';
import { secondFactorSpecs } from './second-factor.routes';

async function policyOf(db: Db, scope: Scope, licenseId: number) {
  scope.assert(licenseId);
  const [row] = await db
    .select({ policy: licenses.secondFactorPolicy, phishingResistantOnly: licenses.secondFactorPhishingResistant })
    .from(licenses)
    .where(eq(licenses.licenseId, licenseId));
  if (!row) throw notFound();
  return { policy: row.policy as SecondFactorPolicy, phishingResistantOnly: row.phishingResistantOnly };
}

export const secondFactorRoutes = implement(secondFactorSpecs, {
  async getSecondFactorPolicy({ db, scope, params, json }) {
    return json(await policyOf(db, scope, params.licenseId));
  },

  async setSecondFactorPolicy({ db, scope, params, body, audit, json }) {
    const before = await policyOf(db, scope, params.licenseId);
    await db
      .update(licenses)
      .set({ secondFactorPolicy: body.policy, secondFactorPhishingResistant: body.phishingResistantOnly })
      .where(eq(licenses.licenseId, params.licenseId));
    if (before.policy !== body.policy || before.phishingResistantOnly !== body.phishingResistantOnly) {
      audit({ entity: 'license', entityId: params.licenseId, subject: { kind: 'license', id: params.licenseId }, before, after: body });
    }
    return json(body);
  },
});
