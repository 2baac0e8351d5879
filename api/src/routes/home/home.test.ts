import { eq } from 'drizzle-orm';
import { Role } from 'shared/roles';
import type { HomeAttention } from 'contracts/home/model';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const DAY = 86_400_000;
const ago = (days: number) => new Date(app.clock.now().getTime() - days * DAY);
const ahead = (days: number) => new Date(app.clock.now().getTime() + days * DAY);

const LICENSE_ADMIN = [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_IMPORT_SYSTEM_DETAILS];

/**
 * A licence with something for every card: expiring in `expiresIn` days, a product licence 4 of 4
 * held, dormant holders, users without a second factor, a failed import.
 */
async function licenseNeedingAttention(expiresIn: number) {
  const license = await createLicense(app, { expiryDate: ahead(expiresIn) });
  const admin = await createUser(app, license.licenseId, { roles: LICENSE_ADMIN });
  const token = await login(app, admin.userName);
  // After the administrator's sign-in: the policy asks everyone for a second factor.
  await app.deps.db.update(t.licenses).set({ secondFactorPolicy: 'everyone' }).where(eq(t.licenses.licenseId, license.licenseId));
  await app.deps.db.update(t.licenseAddons).set({ maxUsers: 4 }).where(eq(t.licenseAddons.licenseId, license.licenseId));
  // Four holders of product licence 1: three dormant (120, 200 days, never since created 300 days ago), one signed in yesterday.
  const holders = [
    await createUser(app, license.licenseId, { lastLoginDate: ago(120) }),
    await createUser(app, license.licenseId, { lastLoginDate: ago(200) }),
    await createUser(app, license.licenseId, { lastLoginDate: null, createDate: ago(300) }),
    await createUser(app, license.licenseId, { lastLoginDate: ago(1) }),
  ];
  await app.deps.db.insert(t.userAddons).values(holders.map((u) => ({ userId: u.userId, addOnId: 1 })));
  const project = await createProject(app, license.licenseId);
  const [failed] = await app.deps.db
    .insert(t.integrationReports)
    .values({
      displayName: unique('ERP'),
      requestS3Key: 'a.csv',
      userName: 'x',
      requestProjectId: project.projectId,
      createTime: ago(0.5),
      reportJson: { rowsRead: 9, rowsImported: 7, errors: [{ row: 2 }, { row: 5 }] },
    })
    .returning();
  // Neither of these failed in the last day: one succeeded, one failed two days ago.
  await app.deps.db.insert(t.integrationReports).values([
    {
      displayName: unique('OK'),
      requestS3Key: 'b.csv',
      userName: 'x',
      requestProjectId: project.projectId,
      createTime: ago(0.2),
      reportJson: { rowsRead: 3, rowsImported: 3, errors: [] },
    },
    {
      displayName: unique('Old'),
      requestS3Key: 'c.csv',
      userName: 'x',
      requestProjectId: project.projectId,
      createTime: ago(2),
      reportJson: { errors: [{ row: 1 }] },
    },
  ]);
  return { license, admin, token, holders, failed: failed! };
}

async function attention(token: string) {
  const answer = await app.request('GET', '/api/home/attention', { token });
  expect(answer.status).toBe(200);
  const body = answer.body as HomeAttention;
  return { body, card: (id: string) => body.cards.find((c) => c.id === id) };
}

describe('GET home/attention', () => {
  it('counts each card in a licence administrator’s own licence, the most urgent first, and never another licence’s', async () => {
    const a = await licenseNeedingAttention(10);
    const b = await licenseNeedingAttention(5);
    const { body, card } = await attention(a.token);

    expect(body.cards.map((c) => c.id)).toEqual(['licenses-expiring', 'seats-nearly-full', 'dormant-accounts', 'second-factor-missing', 'imports-failed']);
    expect(card('licenses-expiring')).toEqual({
      id: 'licenses-expiring',
      count: 1,
      items: [
        expect.objectContaining({ ref: String(a.license.licenseId), title: a.license.name, licenseId: a.license.licenseId, at: ahead(10).toISOString() }),
      ],
    });
    expect(card('seats-nearly-full')!.items).toEqual([
      expect.objectContaining({ ref: String(a.license.licenseId), licenseId: a.license.licenseId, used: 4, limit: 4 }),
    ]);
    // Longest silent first: never signed in (created 300 days ago), then 200, then 120 days.
    expect(card('dormant-accounts')).toMatchObject({
      count: 3,
      items: [{ title: a.holders[2]!.userName, at: null }, { title: a.holders[1]!.userName }, { title: a.holders[0]!.userName }],
    });
    // Everyone must have a second factor: the administrator and the four holders have none.
    expect(card('second-factor-missing')!.count).toBe(5);
    expect(card('imports-failed')).toEqual({
      id: 'imports-failed',
      count: 1,
      items: [expect.objectContaining({ ref: a.failed.integrationReference, title: a.failed.displayName, errors: 2, licenseId: a.license.licenseId })],
    });

    const text = JSON.stringify(body);
    expect(text).not.toContain(b.license.name);
    expect(text).not.toContain(b.failed.integrationReference);
    for (const holder of b.holders) expect(text).not.toContain(holder.userName);
  });

  it('leaves out the users who need no second factor: set up, signed in through single sign-on, deactivated, or no policy that asks', async () => {
    const { license, token, holders } = await licenseNeedingAttention(400);
    await app.deps.db.insert(t.totpFactors).values({ userId: holders[0]!.userId, secretEncrypted: 'x', confirmedAt: app.clock.now() });
    // An app never confirmed is no factor.
    await app.deps.db.insert(t.totpFactors).values({ userId: holders[1]!.userId, secretEncrypted: 'x', confirmedAt: null });
    await app.deps.db.update(t.users).set({ isSsoUser: true }).where(eq(t.users.userId, holders[2]!.userId));
    await app.deps.db.update(t.users).set({ isApproved: false }).where(eq(t.users.userId, holders[3]!.userId));
    const { card } = await attention(token);
    expect(
      card('second-factor-missing')!
        .items.map((i) => i.title)
        .sort(),
    ).toEqual([holders[1]!.userName, expect.any(String)].sort());
    expect(card('second-factor-missing')!.count).toBe(2);

    // 'administrators': only those holding an administrative role (here the administrator).
    await app.deps.db.update(t.licenses).set({ secondFactorPolicy: 'administrators' }).where(eq(t.licenses.licenseId, license.licenseId));
    expect((await attention(token)).card('second-factor-missing')!.count).toBe(1);
    await app.deps.db.update(t.licenses).set({ secondFactorPolicy: 'optional' }).where(eq(t.licenses.licenseId, license.licenseId));
    expect((await attention(token)).card('second-factor-missing')).toBeUndefined();
    // Not expiring within 61 days: no licence card.
    expect((await attention(token)).card('licenses-expiring')).toBeUndefined();
  });

  it('counts all and shows the five most urgent', async () => {
    const { license, token } = await licenseNeedingAttention(30);
    const more = await Promise.all([10, 11, 12, 13, 14, 15].map((days) => createUser(app, license.licenseId, { lastLoginDate: ago(100 + days) })));
    await app.deps.db.insert(t.userAddons).values(more.map((u) => ({ userId: u.userId, addOnId: 1 })));
    const { card } = await attention(token);
    expect(card('dormant-accounts')!.count).toBe(9);
    expect(card('dormant-accounts')!.items).toHaveLength(5);
    expect(card('dormant-accounts')!.items.map((i) => i.at === null || new Date(i.at).getTime())).toEqual([
      true,
      ago(200).getTime(),
      ago(120).getTime(),
      ago(115).getTime(),
      ago(114).getTime(),
    ]);
  });

  it('gives no card whose screen the user may not open', async () => {
    const { license } = await licenseNeedingAttention(10);
    // The portal role opens user views, not the licence view or the integration reports.
    const portal = await createUser(app, license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS] });
    const plain = await createUser(app, license.licenseId);
    // Signed in before the policy asks them for a second factor.
    await app.deps.db.update(t.licenses).set({ secondFactorPolicy: 'optional' }).where(eq(t.licenses.licenseId, license.licenseId));
    const [portalToken, plainToken] = [await login(app, portal.userName), await login(app, plain.userName)];
    await app.deps.db.update(t.licenses).set({ secondFactorPolicy: 'everyone' }).where(eq(t.licenses.licenseId, license.licenseId));
    expect((await attention(portalToken)).body.cards.map((c) => c.id)).toEqual(['second-factor-missing']);
    // No role at all: nothing.
    expect((await attention(plainToken)).body.cards).toEqual([]);
  });

  it('shows a super administrator every licence’s, the most urgent first', async () => {
    const a = await licenseNeedingAttention(20);
    const b = await licenseNeedingAttention(3);
    const elsewhere = await createLicense(app);
    // The newest failures, so they are among the five shown.
    for (const report of [a.failed, b.failed])
      await app.deps.db
        .update(t.integrationReports)
        .set({ createTime: ago(0.01) })
        .where(eq(t.integrationReports.integrationReference, report.integrationReference));
    const superAdmin = await createUser(app, elsewhere.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_IMPORT_SYSTEM_DETAILS] });
    const { card } = await attention(await login(app, superAdmin.userName));
    const expiring = card('licenses-expiring')!.items.map((i) => i.licenseId);
    expect(expiring.indexOf(b.license.licenseId)).toBeGreaterThanOrEqual(0);
    expect(expiring.indexOf(b.license.licenseId)).toBeLessThan(expiring.indexOf(a.license.licenseId));
    const refs = card('imports-failed')!.items.map((i) => i.ref);
    expect(refs).toEqual(expect.arrayContaining([a.failed.integrationReference, b.failed.integrationReference]));
  });

  it('shows a super administrator the sections that failed to load in browsers in the last day, and nobody else', async () => {
    const remote = unique('remote').toLowerCase();
    await app.deps.db.insert(t.remoteEvents).values([
      { remoteId: remote, version: '2.0.0', kind: 'load-failure', at: ago(0.1) },
      { remoteId: remote, version: '2.0.0', kind: 'load-failure', at: ago(0.2) },
      { remoteId: remote, version: '1.0.0', kind: 'load-failure', at: ago(3) },
      { remoteId: remote, version: '2.0.0', kind: 'load', at: ago(0.1) },
    ]);
    const superAdmin = await createUser(app, (await createLicense(app)).licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const failed = (await attention(await login(app, superAdmin.userName))).card('remotes-failed')!;
    expect(failed.items).toContainEqual(expect.objectContaining({ ref: remote, title: `${remote} 2.0.0`, errors: 2 }));
    expect(failed.items.filter((i) => i.ref === remote)).toHaveLength(1);
    const a = await licenseNeedingAttention(30);
    expect((await attention(a.token)).card('remotes-failed')).toBeUndefined();
  });

  it('needs a signed-in session', async () => {
    expect((await app.request('GET', '/api/home/attention')).status).toBe(401);
  });
});
