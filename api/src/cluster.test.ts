/**
 * Two API servers on one PostgreSQL database (issue 43), as separate processes with nothing
 * shared but the database: what one server does, the other honours at its next request, and a
 * rule that depends on data holds when racing requests go to different servers. PostgreSQL
 * only: PGlite is one server per data folder, so there is nothing to prove on it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AuthMessages } from 'contracts/auth/model';
import { Role } from 'shared/roles';
import * as t from './db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { createLicense, createProject, createUser, PASSWORD, unique } from '../test/factories';
import { newWorkflow, workflowWorld } from './routes/workflows/workflows.fixtures';
import { startBalancer, startServerProcess, type ServerProcess } from '../test/cluster';

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeWithPostgres('two API servers on one PostgreSQL database', () => {
  let app: TestApp;
  let a: ServerProcess;
  let b: ServerProcess;
  /** A licence whose expiry notice is due today, made before the servers start: each runs the job at start. */
  let expiring: { licenseId: number; name: string; ownerEmail: string };
  /** An access review due in two days with an undecided holding, made before the servers start: each runs the reminders at start. */
  let dueReview: { reviewId: number; name: string; reviewerEmail: string };

  beforeAll(async () => {
    app = await createTestApp();
    // A console always has an active super administrator (deactivating anyone checks it).
    await createUser(app, (await createLicense(app)).licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const license = await createLicense(app, { expiryDate: new Date(Date.now() + 7 * 86_400_000), expiryNotificationDays: [7] });
    const owner = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    await app.deps.db.update(t.licenses).set({ ownerId: owner.userId }).where(eq(t.licenses.licenseId, license.licenseId));
    expiring = { licenseId: license.licenseId, name: license.name, ownerEmail: owner.email };
    const reviewed = await createLicense(app);
    const reviewer = await createUser(app, reviewed.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const dueDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const [review] = await app.deps.db
      .insert(t.accessReviews)
      .values({
        licenseId: reviewed.licenseId,
        name: unique('Q4 review'),
        scopeKind: 'administrative',
        dueDate,
        createdByUserId: reviewer.userId,
        createdBy: reviewer.userName,
      })
      .returning();
    await app.deps.db.insert(t.accessReviewReviewers).values({ reviewId: review!.reviewId, userId: reviewer.userId });
    await app.deps.db.insert(t.accessReviewItems).values({
      reviewId: review!.reviewId,
      holderKind: 'user',
      holderId: reviewer.userId,
      holderName: reviewer.userName,
      holderLabel: 'Test User',
      whatKind: 'role',
      whatId: 1,
      whatName: Role.ACCESS_MY_CUSTOMER_LICENCE,
      whatLabel: 'Administer License',
      viaKind: 'direct',
    });
    dueReview = { reviewId: review!.reviewId, name: review!.name, reviewerEmail: reviewer.email };
    [a, b] = await Promise.all([startServerProcess('a', app.databaseUrl!), startServerProcess('b', app.databaseUrl!)]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await app?.close();
  });

  const signIn = async (server: ServerProcess, userName: string, password = PASSWORD) => {
    const answer = await server.request<{ token: string }>('POST', '/api/login', { body: { userName, password } });
    if (answer.status !== 200) throw new Error(`sign-in of ${userName} on ${server.name} answered ${answer.status}: ${answer.text}`);
    return answer.body.token;
  };
  /** A call any signed-in user may make: who the session belongs to. */
  const whoAmI = (server: ServerProcess, token: string) => server.request('GET', '/api/roles/user', { token });

  it('refuses on one server a session ended on the other, at its next request', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const token = await signIn(a, user.userName);
    expect((await whoAmI(b, token)).status).toBe(200);
    expect((await a.request('PUT', '/api/logout', { token })).status).toBe(200);
    const after = await whoAmI(b, token);
    expect([after.status, after.body.Message]).toEqual([412, AuthMessages.sessionEnded]);
  });

  it('refuses on one server the session of a user deactivated through the other', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const user = await createUser(app, license.licenseId);
    const token = await signIn(b, user.userName);
    expect((await whoAmI(b, token)).status).toBe(200);
    const deactivated = await a.request('PUT', `/api/users/${user.userName}`, { token: await signIn(a, admin.userName), body: { isApproved: false } });
    expect(deactivated.status).toBe(200);
    const after = await whoAmI(b, token);
    expect([after.status, after.body.Message]).toEqual([412, AuthMessages.accountInactive]);
  });

  it('counts failed sign-ins on both servers toward one lockout', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    // The licence's UserPassword policy: five failures by default, here alternating servers.
    for (let i = 0; i < 5; i++) {
      const answer = await (i % 2 ? b : a).request('POST', '/api/login', { body: { userName: user.userName, password: 'Wrong-Password-1' } });
      expect(answer.status).toBe(401);
    }
    const [row] = await app.deps.db.select().from(t.users).where(eq(t.users.userId, user.userId));
    expect(row!.lockedUntil).not.toBeNull();
    // The right password during the lock is refused on either server.
    for (const server of [a, b])
      expect((await server.request('POST', '/api/login', { body: { userName: user.userName, password: PASSWORD } })).status).toBe(401);
  });

  it('gives the last seat to exactly one of two users assigned at the same time through different servers', async () => {
    const license = await createLicense(app);
    await app.deps.db.insert(t.licenseAddons).values({ licenseId: license.licenseId, addOnId: 2, maxUsers: 1 });
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const [first, second] = [await createUser(app, license.licenseId), await createUser(app, license.licenseId)];
    const [tokenA, tokenB] = [await signIn(a, admin.userName), await signIn(b, admin.userName)];
    const answers = await Promise.all([
      a.request('PUT', `/api/users/${first.userName}/addons`, { token: tokenA, body: [{ addOnId: 2 }] }),
      b.request('PUT', `/api/users/${second.userName}/addons`, { token: tokenB, body: [{ addOnId: 2 }] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 210]);
    const seats = await app.deps.db
      .select()
      .from(t.userAddons)
      .where(and(eq(t.userAddons.addOnId, 2), inArray(t.userAddons.userId, [first.userId, second.userId])));
    expect(seats).toHaveLength(1);
  });

  it('creates one of two sibling sites of one name sent to different servers at the same time', async () => {
    const license = await createLicense(app);
    const project = await createProject(app, license.licenseId);
    const admin = await createUser(app, license.licenseId, {
      roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_SITE],
      projects: [project.projectId],
    });
    const [tokenA, tokenB] = [await signIn(a, admin.userName), await signIn(b, admin.userName)];
    const answers = await Promise.all([
      a.request('POST', `/api/projects/${project.projectId}/sites/`, { token: tokenA, body: [{ site: { name: 'Gate 1' }, children: [] }] }),
      b.request('POST', `/api/projects/${project.projectId}/sites/`, { token: tokenB, body: [{ site: { name: 'GATE 1' }, children: [] }] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const sites = await app.deps.db.select().from(t.sites).where(eq(t.sites.projectId, project.projectId));
    expect(sites).toHaveLength(1);
  });

  it('lets one of two updates of a document number from the same value win when they reach different servers', async () => {
    const license = await createLicense(app);
    const project = await createProject(app, license.licenseId);
    await app.deps.db
      .insert(t.documentNumbering)
      .values({ projectId: project.projectId, property: 'Receipt', label: 'Receipt', prefix: 'RCV-', nextNumber: 100 });
    const editor = await createUser(app, license.licenseId, {
      roles: [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_PROJECT_UPDATE],
      projects: [project.projectId],
    });
    const token = await signIn(a, editor.userName);
    const update = (server: ServerProcess, newNextNumber: number) =>
      server.request<{ success: boolean }[]>('POST', `/api/${project.projectId}/CentralLogin/autonumbering/update`, {
        token,
        body: [{ resourceType: 'Receipt', expectedNextNumber: 100, newNextNumber }],
      });
    const answers = await Promise.all([update(a, 200), update(b, 300)]);
    expect(answers.map((answer) => answer.body[0]!.success).sort()).toEqual([false, true]);
    const [row] = await app.deps.db.select().from(t.documentNumbering).where(eq(t.documentNumbering.projectId, project.projectId));
    expect(row!.nextNumber).toBe(answers[0]!.body[0]!.success ? 200 : 300);
  });

  it('saves one of two config changes made from the same version on different servers, and the other is told it changed', async () => {
    const license = await createLicense(app);
    const project = await createProject(app, license.licenseId);
    const admin = await createUser(app, license.licenseId, {
      roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ],
      projects: [project.projectId],
    });
    const token = await signIn(a, admin.userName);
    const receiptPost = (location: string) => ({
      configs: [{ property: 'ReceiptPost', parameters: [{ name: 'DirectHandoverPickLocation', value: location, inputType: 'text' }] }],
    });
    const added = await b.request<{ id: number; version: number }>('POST', '/api/configs', {
      token,
      body: { name: 'ReceiptPost', projectId: project.projectId, data: receiptPost('Yard') },
    });
    expect(added.status).toBe(201);
    const save = (server: ServerProcess, location: string) =>
      server.request<{ version: number; Message?: string }>('PUT', '/api/configs', {
        token,
        body: { id: added.body.id, name: 'ReceiptPost', version: added.body.version, data: receiptPost(location) },
      });
    const answers = await Promise.all([save(a, 'North Gate'), save(b, 'South Gate')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(winner.body.version).toBe(added.body.version + 1);
    const [row] = await app.deps.db.select().from(t.configs).where(eq(t.configs.configId, added.body.id));
    expect(row).toMatchObject({ version: added.body.version + 1, data: receiptPost(answers[0]!.status === 200 ? 'North Gate' : 'South Gate') });
  });

  it('counts a session’s reports to Console health on both servers toward one limit', async () => {
    const license = await createLicense(app);
    const user = await createUser(app, license.licenseId);
    const body = { reports: [{ remote: 'workflows', version: '1.0.0', kind: 'page-view' }] };
    // 20 calls a minute per session (a window of the clock's minute, which the two processes
    // share with this one): ten through each server, then the next is refused on either. Calls
    // that straddle the turn of a minute count in two windows: then again, in a new session.
    const minute = () => Math.floor(Date.now() / 60_000);
    for (let attempt = 0; ; attempt++) {
      const token = await signIn(a, user.userName);
      const started = minute();
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await (i % 2 ? b : a).request('POST', '/api/remotes/reports', { token, body })).status);
      for (const server of [a, b]) statuses.push((await server.request('POST', '/api/remotes/reports', { token, body })).status);
      if (minute() !== started && attempt < 2) continue;
      expect(statuses).toEqual([...Array<number>(20).fill(204), 429, 429]);
      break;
    }
  });

  it('keeps one live copy of a workflow per project when two servers create it at once', async () => {
    const w = await workflowWorld(app);
    const body = newWorkflow([w.projects.first.projectId]);
    const answers = await Promise.all([a, b].map((server) => server.request('POST', '/api/0/workflow/bulk', { token: w.token, body })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const copies = await app.deps.db
      .select()
      .from(t.workflows)
      .where(and(eq(t.workflows.workflowRelatedKey, body[0]!.workflowRelatedKey), eq(t.workflows.projectId, w.projects.first.projectId)));
    expect(copies).toHaveLength(1);
  });

  it('sends a licence’s expiry notice once although both servers ran the job at start', async () => {
    // Each server runs the job as it starts; wait until the claimed notice is finished.
    let row: typeof t.licenseExpiryNotices.$inferSelect | undefined;
    for (let tries = 0; tries < 100 && !row?.finishedAt; tries++) {
      [row] = await app.deps.db.select().from(t.licenseExpiryNotices).where(eq(t.licenseExpiryNotices.licenseId, expiring.licenseId));
      if (!row?.finishedAt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(row).toMatchObject({ status: 'sent', recipients: 1 });
    const mail = [...(await a.outbox()), ...(await b.outbox())].filter((entry) => entry.to === expiring.ownerEmail && entry.text.includes(expiring.name));
    expect(mail).toHaveLength(1);
    const audit = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entityId, String(expiring.licenseId)), eq(t.auditLog.method, 'JOB')));
    expect(audit[0]!.n).toBe(1);
  });

  it('reminds a review’s reviewers once although both servers ran the reminders at start', async () => {
    let row: typeof t.accessReviewReminders.$inferSelect | undefined;
    for (let tries = 0; tries < 100 && !row?.finishedAt; tries++) {
      [row] = await app.deps.db.select().from(t.accessReviewReminders).where(eq(t.accessReviewReminders.reviewId, dueReview.reviewId));
      if (!row?.finishedAt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(row).toMatchObject({ status: 'sent', recipients: 1 });
    const mail = [...(await a.outbox()), ...(await b.outbox())].filter(
      (entry) => entry.to === dueReview.reviewerEmail && entry.subject.includes(dueReview.name),
    );
    expect(mail).toHaveLength(1);
    const audit = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'access-review-reminder'), eq(t.auditLog.entityId, String(dueReview.reviewId))));
    expect(audit[0]!.n).toBe(1);
  });

  it('loses no acknowledged write when a server is killed in the middle of the traffic', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
    // A third server takes the place of the one killed, so the other tests keep theirs.
    const victim = await startServerProcess('victim', app.databaseUrl!);
    const balancer = await startBalancer([victim, b]);
    try {
      const token = await signIn(b, admin.userName);
      const names = Array.from({ length: 60 }, () => unique('Crew'));
      const create = (name: string) =>
        fetch(`${balancer.url}/api/userGroup/create`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ LicenseId: license.licenseId, Name: name, RoleIds: [], ProjectIds: [], AddOnIds: [] }),
        }).then(
          (response) => response.status,
          () => 0,
        );
      // Twenty at a time; the victim is killed (no drain, as a crash) while the second batch runs.
      const statuses: number[] = [];
      for (let batch = 0; batch < 3; batch++) {
        const running = Promise.all(names.slice(batch * 20, batch * 20 + 20).map(create));
        if (batch === 1) setTimeout(() => void victim.stop('SIGKILL'), 30);
        statuses.push(...(await running));
      }
      // The victim took its share before it died (round robin), so its acknowledged writes are among those checked.
      expect(balancer.sent.get('victim')).toBeGreaterThanOrEqual(10);
      const acknowledged = names.filter((_, i) => statuses[i]! >= 200 && statuses[i]! < 300);
      const stored = await app.deps.db
        .select({ name: t.userGroups.name, userGroupId: t.userGroups.userGroupId })
        .from(t.userGroups)
        .where(eq(t.userGroups.licenseId, license.licenseId));
      const storedNames = new Set(stored.map((group) => group.name));
      expect(acknowledged.filter((name) => !storedNames.has(name))).toEqual([]);
      // The server left standing took the traffic after the crash: the last batch was all answered.
      expect(statuses.slice(40)).toEqual(Array(20).fill(201));
      // Nothing half-written: every group that exists has its audit entry (one transaction).
      const audited = await app.deps.db
        .select({ entityId: t.auditLog.entityId })
        .from(t.auditLog)
        .where(
          and(
            eq(t.auditLog.licenseId, license.licenseId),
            inArray(
              t.auditLog.entityId,
              stored.map((group) => String(group.userGroupId)),
            ),
          ),
        );
      expect(new Set(audited.map((row) => row.entityId)).size).toBe(stored.length);
    } finally {
      await balancer.close();
      await victim.stop('SIGKILL');
    }
  }, 180_000);
});
