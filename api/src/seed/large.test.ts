import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/factories';
import { seedLargeLicense } from './large';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('seedLargeLicence', () => {
  it('makes N users who can sign in, each with an add-on, a project, a group and a role', async () => {
    const report = await seedLargeLicense(app.deps.db, app.deps.passwords, 1234, 'Bench-Password-1');
    const ids = app.deps.db.select({ id: t.users.userId }).from(t.users).where(eq(t.users.licenseId, report.licenseId));
    const total = async (table: typeof t.userAddons | typeof t.userProjects | typeof t.userGroupUsers | typeof t.userRoles) =>
      (await app.deps.db.select({ n: count() }).from(table).where(inArray(table.userId, ids)))[0]!.n;
    expect((await app.deps.db.select({ n: count() }).from(t.users).where(eq(t.users.licenseId, report.licenseId)))[0]!.n).toBe(1234);
    expect(await total(t.userAddons)).toBe(1234);
    expect(await total(t.userProjects)).toBe(1234);
    expect(await total(t.userGroupUsers)).toBe(1234);
    expect(await total(t.userRoles)).toBe(1234);
    // Last sign-ins spread over 120 days (the seat dashboard's dormant accounts): users N with N mod 120 of 96 or more, over 95½ days ago (10 × 24 of 1,234).
    const dormant = await app.deps.db
      .select({ n: count() })
      .from(t.licenseSeats)
      .where(and(eq(t.licenseSeats.licenseId, report.licenseId), lt(t.licenseSeats.seenAt, sql`now() - interval '95 days 12 hours'`)));
    expect(dormant[0]!.n).toBe(240);
    await login(app, 'bench.user1234', 'Bench-Password-1');
    await expect(seedLargeLicense(app.deps.db, app.deps.passwords, 1234)).rejects.toThrow(/already exists/);
  });
});
