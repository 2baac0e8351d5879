import { and, eq } from 'drizzle-orm';
import { Role } from 'shared/roles';
import * as t from '../db/schema';
import { buildDeps } from '../bootstrap';
import { createMailer, type Mailer } from '../services/mail';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createUser, login, unique } from '../../test/factories';
import { EXPIRY_NOTICE_ACTOR, EXPIRY_NOTICE_ENTITY, sendExpiryNotices, startExpiryNotices, type ExpiryNoticeDeps } from './expiry-notices';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;
/** Today for the tests: 09:00 UTC on 10 March 2030. */
const TODAY = new Date('2030-03-10T09:00:00Z');

const roleId = async (name: string) => (await app.deps.db.select().from(t.roles).where(eq(t.roles.name, name)))[0]!.roleId;

/**
 * A licence expiring 30 days after TODAY (late in the day, UTC) with notices 30 and 7 days
 * before; its owner (in another licence, as a super administrator who made it), a licence
 * administrator, one through a user group, and people who get nothing.
 */
async function setup(values: Partial<typeof t.licenses.$inferInsert> = {}) {
  const home = await createLicense(app);
  const owner = await createUser(app, home.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES], firstName: 'Olive', lastName: 'Owner' });
  const license = await createLicense(app, {
    expiryDate: new Date(TODAY.getTime() + 30 * DAY + 12 * 60 * 60 * 1000),
    expiryNotificationDays: [30, 7],
    ownerId: owner.userId,
    ...values,
  });
  const id = license.licenseId;
  const admin = await createUser(app, id, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
  const viaGroup = await createUser(app, id);
  const [group] = await app.deps.db
    .insert(t.userGroups)
    .values({ name: unique('Admins'), licenseId: id })
    .returning();
  await app.deps.db.insert(t.userGroupUsers).values({ userGroupId: group!.userGroupId, userId: viaGroup.userId });
  await app.deps.db.insert(t.userGroupRoles).values({ userGroupId: group!.userGroupId, roleId: await roleId(Role.ACCESS_MY_CUSTOMER_LICENCE) });
  const plain = await createUser(app, id, { roles: [Role.ADMINISTER_PROJECT_READ] });
  const inactive = await createUser(app, id, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE], isApproved: false });
  const locked = await createUser(app, id, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE], isLockedOut: true });
  const elsewhere = await createUser(app, home.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
  return { license, owner, admin, viaGroup, plain, inactive, locked, elsewhere };
}

/** The run's outcome for one licence, and the mail it sent (newest first in neither). */
async function runFor(licenseId: number, deps: ExpiryNoticeDeps = app.deps) {
  const outcomes = await sendExpiryNotices(deps);
  return outcomes.find((o) => o.licenseId === licenseId);
}
const mailFor = (licenseName: string, outbox = app.outbox) => outbox.filter((m) => m.subject.includes(licenseName));

beforeEach(() => app.clock.set(TODAY));

describe('expiry notices', () => {
  it(
    'on a notification day, e-mails the owner and the active licence administrators: the licence, its ' + 'expiry date, the days left and whom to contact',
    async () => {
      const s = await setup();
      const outcome = await runFor(s.license.licenseId);
      expect(outcome).toMatchObject({ day: '2030-03-10', daysLeft: 30, claimed: true, failed: [] });
      expect([...outcome!.sentTo].sort()).toEqual([s.owner.userName, s.admin.userName, s.viaGroup.userName].sort());

      const mail = mailFor(s.license.name);
      expect(mail.map((m) => m.to).sort()).toEqual([s.owner.email, s.admin.email, s.viaGroup.email].sort());
      for (const m of mail) {
        expect(m.subject).toBe(`Licence ${s.license.name} expires in 30 days`);
        expect(m.text).toContain(`The licence ${s.license.name} (Test Co) expires on 9 April 2030, in 30 days.`);
      }
      const toAdmin = mail.find((m) => m.to === s.admin.email)!;
      expect(toAdmin.text).toContain(`contact the licence owner, Olive Owner (${s.owner.email}), or your account manager.`);
      expect(mail.find((m) => m.to === s.owner.email)!.text).toContain('To renew it, contact your account manager.');
      for (const nobody of [s.plain, s.inactive, s.locked, s.elsewhere]) expect(app.outbox.some((m) => m.to === nobody.email)).toBe(false);

      const [row] = await app.deps.db.select().from(t.licenseExpiryNotices).where(eq(t.licenseExpiryNotices.licenseId, s.license.licenseId));
      expect(row).toMatchObject({ day: '2030-03-10', daysLeft: 30, status: 'sent', recipients: 3, error: null });
    },
  );

  it('sends nothing on other days, and again on the next notification day (7 days left)', async () => {
    const s = await setup();
    app.clock.set(new Date(TODAY.getTime() - DAY));
    expect(await runFor(s.license.licenseId)).toBeUndefined();
    app.clock.set(new Date(TODAY.getTime() + DAY));
    expect(await runFor(s.license.licenseId)).toBeUndefined();
    expect(mailFor(s.license.name)).toEqual([]);

    app.clock.set(new Date(TODAY.getTime() + 23 * DAY));
    expect(await runFor(s.license.licenseId)).toMatchObject({ day: '2030-04-02', daysLeft: 7, claimed: true });
    expect(mailFor(s.license.name).map((m) => m.subject)).toEqual(Array(3).fill(`Licence ${s.license.name} expires in 7 days`));
  });

  it('counts days between UTC dates: any hour of the notification day sends, once', async () => {
    const s = await setup();
    app.clock.set(new Date('2030-03-10T00:00:01Z'));
    expect(await runFor(s.license.licenseId)).toMatchObject({ daysLeft: 30, claimed: true });
    app.clock.set(new Date('2030-03-10T23:59:59Z'));
    expect(await runFor(s.license.licenseId)).toMatchObject({ daysLeft: 30, claimed: false, sentTo: [] });
    expect(mailFor(s.license.name)).toHaveLength(3);
  });

  it('leaves out inactive licences, licences without an expiry date, past expiry dates and licences without notification days', async () => {
    const inactive = await setup({ isActive: false });
    const never = await setup({ expiryDate: null });
    const none = await setup({ expiryNotificationDays: [] });
    const past = await setup({ expiryDate: new Date(TODAY.getTime() - 5 * DAY), expiryNotificationDays: [-5, 5] });
    const outcomes = await sendExpiryNotices(app.deps);
    for (const s of [inactive, never, none, past]) {
      expect(outcomes.find((o) => o.licenseId === s.license.licenseId)).toBeUndefined();
      expect(mailFor(s.license.name)).toEqual([]);
    }
  });

  it('is sent once per licence per day with two servers on one database running at the same moment', async () => {
    const s = await setup();
    // A second server: its own services and outbox, the same database.
    const secondMailer = createMailer({ from: app.deps.config.mailFrom });
    const second = await buildDeps(app.deps.config, { database: app.deps.database, clock: app.clock, mailer: secondMailer, passwords: app.deps.passwords });
    const [a, b] = await Promise.all([sendExpiryNotices(app.deps), sendExpiryNotices(second)]);
    const mine = [...a, ...b].filter((o) => o.licenseId === s.license.licenseId);
    expect(mine.map((o) => o.claimed).sort()).toEqual([false, true]);
    const mail = [...mailFor(s.license.name), ...mailFor(s.license.name, secondMailer.outbox)];
    expect(mail).toHaveLength(3);
    expect(new Set(mail.map((m) => m.to)).size).toBe(3);

    // Both servers' hourly runs later that day send nothing more.
    app.clock.set(new Date(TODAY.getTime() + 3 * 60 * 60 * 1000));
    await Promise.all([sendExpiryNotices(app.deps), sendExpiryNotices(second)]);
    expect([...mailFor(s.license.name), ...mailFor(s.license.name, secondMailer.outbox)]).toHaveLength(3);
    const rows = await app.deps.db.select().from(t.licenseExpiryNotices).where(eq(t.licenseExpiryNotices.licenseId, s.license.licenseId));
    expect(rows).toHaveLength(1);
    const entries = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.subject, `license:${s.license.licenseId}`), eq(t.auditLog.entity, EXPIRY_NOTICE_ENTITY)));
    expect(entries).toHaveLength(1);
  });

  it('is recorded in the licence’s History with the recipients’ user names and no addresses', async () => {
    const s = await setup();
    await runFor(s.license.licenseId);
    const token = await login(app, s.owner.userName);
    const history = await app.request('GET', `/api/audit?subject=license:${s.license.licenseId}`, { token });
    expect(history.status).toBe(200);
    const entry = history.body.items.find((e: { entity: string }) => e.entity === EXPIRY_NOTICE_ENTITY);
    expect(entry).toMatchObject({
      actorName: EXPIRY_NOTICE_ACTOR,
      actorUserId: null,
      status: 200,
      subject: `license:${s.license.licenseId}`,
      licenseId: s.license.licenseId,
    });
    const changes = Object.fromEntries(entry.changes.map((c: { field: string; after: string }) => [c.field, c.after]));
    expect(changes).toMatchObject({ day: '2030-03-10', expiryDate: '2030-04-09', daysLeft: '30' });
    expect(JSON.parse(changes.recipients).sort()).toEqual([s.owner.userName, s.admin.userName, s.viaGroup.userName].sort());
    expect(JSON.stringify(entry)).not.toContain('@');

    // The licence's own administrator sees it too.
    const adminToken = await login(app, s.admin.userName);
    const own = await app.request('GET', `/api/audit?subject=license:${s.license.licenseId}&entity=${EXPIRY_NOTICE_ENTITY}`, { token: adminToken });
    expect(own.status).toBe(200);
    expect(own.body.items).toHaveLength(1);
  });

  it('when the mail server refuses, records the failure (without the address) and does not send again that day', async () => {
    const s = await setup();
    const sent: string[] = [];
    const refusing: Mailer = {
      async send(message) {
        if (message.to === s.admin.email) throw new Error(`550 <${message.to}>: Recipient address rejected`);
        sent.push(message.to);
      },
    };
    const lines: string[] = [];
    const log = {
      info: () => {},
      warn: (m: string, f?: object) => void lines.push(JSON.stringify({ m, ...f })),
      error: (m: string, f?: object) => void lines.push(JSON.stringify({ m, ...f })),
    };
    const deps = { ...app.deps, mailer: refusing, log };
    const outcome = await runFor(s.license.licenseId, deps);
    expect(outcome).toMatchObject({ claimed: true, failed: [s.admin.userName] });
    expect(sent.sort()).toEqual([s.owner.email, s.viaGroup.email].sort());
    const [row] = await app.deps.db.select().from(t.licenseExpiryNotices).where(eq(t.licenseExpiryNotices.licenseId, s.license.licenseId));
    expect(row).toMatchObject({ status: 'failed', recipients: 2 });
    expect(row!.error).toContain('Recipient address rejected');
    expect(row!.error).not.toContain('@');
    const [entry] = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.subject, `license:${s.license.licenseId}`), eq(t.auditLog.entity, EXPIRY_NOTICE_ENTITY)));
    expect(entry).toMatchObject({ status: 502, after: expect.objectContaining({ failed: [s.admin.userName] }) });
    expect(JSON.stringify(entry!.after)).not.toContain('@');

    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Recipient address rejected');
    expect(lines[0]).not.toContain('@');

    expect(await runFor(s.license.licenseId, deps)).toMatchObject({ claimed: false });
    expect(sent).toHaveLength(2);
  });

  it('runs once when started and stops', async () => {
    const s = await setup();
    const job = startExpiryNotices(app.deps, 60_000);
    job.stop();
    await app.deps.background.settled();
    expect(mailFor(s.license.name)).toHaveLength(3);
  });
});
