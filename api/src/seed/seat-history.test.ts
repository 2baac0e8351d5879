/**
 * The demo's seat history (issue 24): seeded on an empty database, the monthly users report has
 * a plausible past from October 2018 or the licence's start, never above a limit or below 0, and
 * ending on today's real seats; Old Mill has the dormant accounts the seat dashboard shows.
 */
import { eq } from 'drizzle-orm';
import * as t from '../db/schema';
import { login } from '../../test/factories';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';
import { seedDemo } from './demo';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemo(app.deps.db, testConfig({ ADMIN_PASSWORD: 'Admin-Pass-2026!', DEMO_PASSWORD: 'Demo-Pass-2026!' }), app.deps.passwords);
}, 60_000);
afterAll(() => app.close());

const adminToken = () => login(app, 'admin', 'Admin-Pass-2026!');

const licenseId = async (name: string) => (await app.deps.db.select().from(t.licenses).where(eq(t.licenses.name, name)))[0]!.licenseId;

describe('the demo’s seat history', () => {
  it('gives Northwind six years of months within its limits, ending on today’s seats', async () => {
    const token = await adminToken();
    const id = await licenseId('Northwind Construction');
    const report = (await app.request('GET', `/api/licenses/${id}/usersreport?startMonth=10&startYear=2018`, { token })).body;
    expect(report.monthlyReports.length).toBeGreaterThanOrEqual(70);
    const limits = new Map(
      (await app.deps.db.select().from(t.licenseAddons).where(eq(t.licenseAddons.licenseId, id))).map((row) => [row.addOnId, row.maxUsers]),
    );
    for (const month of report.monthlyReports) {
      for (const addon of month.addOns) {
        expect(addon.users).toBeGreaterThanOrEqual(0);
        const limit = limits.get(addon.addOnId) ?? -1;
        if (limit > 0) expect(addon.users).toBeLessThanOrEqual(limit);
      }
    }
    // The figures move from month to month (a history, not one flat line).
    const siteSense = report.monthlyReports.map((m: { addOns: { addOnId: number; users: number }[] }) => m.addOns.find((a) => a.addOnId === 1)?.users ?? 0);
    expect(new Set(siteSense).size).toBeGreaterThan(10);
    expect(siteSense[0]).toBeLessThan(siteSense[siteSense.length - 1]);
  });

  it('gives Old Mill three dormant accounts holding seats', async () => {
    const token = await adminToken();
    const dashboard = (await app.request('GET', `/api/licenses/${await licenseId('Old Mill Renovation')}/seats`, { token })).body;
    expect(dashboard.dormant.map((a: { userName: string }) => a.userName).sort()).toEqual(['edith.marsh', 'nora.quill', 'walter.finch']);
    expect(
      dashboard.addOns.map((a: { addOnId: number; used: number; maxUsers: number; dormant: number }) => [a.addOnId, a.used, a.maxUsers, a.dormant]),
    ).toEqual([
      [1, 4, 10, 2],
      [3, 5, 5, 3],
    ]);
  });
});
