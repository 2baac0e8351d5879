import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  AccessReviewMessages as M,
  accessReviewEndpoints,
  AccessReviewSchema,
  HoldingPageSchema,
  ReviewItemSchema,
  UserMessages,
} from 'contracts/identity/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sendReviewReminders } from '../../domain/access-review-reminders';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const ADMIN = [
  Role.ACCESS_MY_CUSTOMER_LICENCE,
  Role.MENU_ADMIN_TOOL_ACCESS,
  Role.ADMINISTER_ROLE,
  Role.ADMINISTER_USER_CREATE_UPDATE,
  Role.ADMINISTER_API_KEYS,
  Role.ADMINISTER_SITE,
  Role.ADMINISTER_PROJECT_READ,
];

const roleId = async (name: string) => (await app.deps.db.select().from(t.roles).where(eq(t.roles.name, name)))[0]!.roleId;

/** A licence offering the Administration product (add-on 1), a project, and a licence administrator signed in. */
async function setup(adminRoles: string[] = ADMIN) {
  const license = await createLicense(app);
  const project = await createProject(app, license.licenseId);
  const admin = await createUser(app, license.licenseId, { roles: adminRoles, projects: [project.projectId] });
  await app.deps.db.insert(t.userAddons).values({ userId: admin.userId, addOnId: 1 });
  return { license, project, admin, token: await login(app, admin.userName) };
}

/** A user of the licence holding the Administration product (so roles of it may be given). */
async function member(licenseId: number, options: Parameters<typeof createUser>[2] = {}) {
  const user = await createUser(app, licenseId, options);
  await app.deps.db.insert(t.userAddons).values({ userId: user.userId, addOnId: 1 });
  return user;
}

const holders = async (token: string, query: string) => {
  const answer = await app.request('GET', `/api/access/holders?${query}`, { token });
  return { status: answer.status, page: answer.status === 200 ? v.parse(HoldingPageSchema, answer.body) : undefined, body: answer.body };
};

/** Who holds ADMINISTER_SITE: a user directly, one through a group, an API key; each given through the console, so the trail says when and by whom. */
async function holdersOfSite() {
  const s = await setup();
  const site = await roleId(Role.ADMINISTER_SITE);
  const alice = await member(s.license.licenseId, { userName: unique('alice') });
  const bob = await member(s.license.licenseId, { userName: unique('bob') });
  expect((await app.request('POST', '/api/updateRoles', { token: s.token, body: { userId: alice.userId, roleIds: [site] } })).status).toBe(200);
  const made = await app.request('POST', '/api/userGroup/create', {
    token: s.token,
    body: { LicenseId: s.license.licenseId, Name: unique('Site leads'), RoleIds: [site], ProjectIds: [], AddOnIds: [1] },
  });
  expect(made.status).toBe(201);
  const [group] = await app.deps.db.select().from(t.userGroups).where(eq(t.userGroups.licenseId, s.license.licenseId));
  expect(
    (await app.request('POST', '/api/userGroup/update/users', { token: s.token, body: { userGroupId: group!.userGroupId, userIds: [bob.userId] } })).status,
  ).toBe(200);
  const key = await app.request('POST', '/api/apikeys', {
    token: s.token,
    body: { name: unique('Sync'), licenseId: s.license.licenseId, isActive: true, allProjects: false },
  });
  expect(key.status).toBe(201);
  expect((await app.request('PUT', `/api/apikeys/${key.body.apiKeyId}/addons`, { token: s.token, body: [1] })).status).toBe(200);
  expect((await app.request('PUT', `/api/apikeys/${key.body.apiKeyId}/roles`, { token: s.token, body: [site] })).status).toBe(200);
  return { ...s, site, alice, bob, group: group!, keyId: key.body.apiKeyId as number, keyName: key.body.name as string };
}

describe('who can do what', () => {
  it('lists every holder of a role with how they hold it and when and by whom it was given', async () => {
    const s = await holdersOfSite();
    const { page } = await holders(s.token, `kind=role&id=${s.site}`);
    const rows = page!.items;
    expect(page!.total).toBe(4);
    const of = (name: string) => rows.filter((row) => row.holderName === name);
    expect(of(s.alice.userName)).toEqual([
      expect.objectContaining({ holderKind: 'user', viaKind: 'direct', viaName: null, grantedBy: s.admin.userName, whatName: Role.ADMINISTER_SITE }),
    ]);
    expect(of(s.alice.userName)[0]!.grantedAt).not.toBeNull();
    expect(of(s.bob.userName)).toEqual([
      expect.objectContaining({ viaKind: 'group', viaId: s.group.userGroupId, viaName: s.group.name, grantedBy: s.admin.userName }),
    ]);
    expect(of(s.keyName)).toEqual([expect.objectContaining({ holderKind: 'key', viaKind: 'direct', grantedBy: s.admin.userName })]);
    // The administrator's role was written straight into the database: the trail does not say ('Before records').
    expect(of(s.admin.userName)).toEqual([expect.objectContaining({ viaKind: 'direct', grantedAt: null, grantedBy: null })]);
    // A role's product licence is named.
    expect(of(s.alice.userName)[0]!.productName).toBeTruthy();

    // Filters: by the way held and by the holder's kind.
    expect((await holders(s.token, `kind=role&id=${s.site}&via=group`)).page!.items.map((r) => r.holderName)).toEqual([s.bob.userName]);
    expect((await holders(s.token, `kind=role&id=${s.site}&holderKind=key`)).page!.items.map((r) => r.holderName)).toEqual([s.keyName]);
    expect((await holders(s.token, `kind=role&id=${s.site}&filter=${encodeURIComponent(s.group.name)}`)).page!.items.map((r) => r.holderName)).toEqual([
      s.bob.userName,
    ]);

    // The total counts every holding the query names, whatever the page: a filtered one, the last one, one past the end.
    expect((await holders(s.token, `kind=role&id=${s.site}&filter=${encodeURIComponent(s.group.name)}`)).page!.total).toBe(1);
    const second = (await holders(s.token, `kind=role&id=${s.site}&pageSize=3&page=1`)).page!;
    expect([second.items.length, second.total]).toEqual([1, 4]);
    const beyond = (await holders(s.token, `kind=role&id=${s.site}&pageSize=3&page=5`)).page!;
    expect([beyond.items.length, beyond.total]).toEqual([0, 4]);
    expect((await holders(s.token, `kind=role&id=${s.site}&filter=nobody-holds-this`)).page!.total).toBe(0);

    const csv = await app.request('GET', `/api/access/holders.csv?kind=role&id=${s.site}`, { token: s.token });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`${s.bob.userName},User,`);
    expect(csv.text).toContain(M.viaGroup(s.group.name));
    expect(csv.text).toContain(M.beforeRecords);
  });

  it('forgets a grant once it is removed, by the user or through the group', async () => {
    const s = await holdersOfSite();
    expect((await app.request('POST', '/api/updateRoles', { token: s.token, body: { userId: s.alice.userId, roleIds: [] } })).status).toBe(200);
    expect((await app.request('POST', '/api/userGroup/update/users', { token: s.token, body: { userGroupId: s.group.userGroupId, userIds: [] } })).status).toBe(
      200,
    );
    const names = (await holders(s.token, `kind=role&id=${s.site}`)).page!.items.map((r) => r.holderName);
    expect(names).not.toContain(s.alice.userName);
    expect(names).not.toContain(s.bob.userName);
    expect(names).toContain(s.keyName);
  });

  it('explains product licences and projects, and a key with All projects', async () => {
    const s = await setup();
    const alice = await member(s.license.licenseId);
    const group = await app.request('POST', '/api/userGroup/create', {
      token: s.token,
      body: { LicenseId: s.license.licenseId, Name: unique('Crew'), RoleIds: [], ProjectIds: [s.project.projectId], AddOnIds: [] },
    });
    expect(group.status).toBe(201);
    const [g] = await app.deps.db.select().from(t.userGroups).where(eq(t.userGroups.licenseId, s.license.licenseId));
    await app.request('POST', '/api/userGroup/update/users', { token: s.token, body: { userGroupId: g!.userGroupId, userIds: [alice.userId] } });
    const key = await app.request('POST', '/api/apikeys', {
      token: s.token,
      body: { name: unique('All'), licenseId: s.license.licenseId, isActive: true, allProjects: true },
    });
    expect(key.status).toBe(201);

    const addon = (await holders(s.token, 'kind=addon&id=1')).page!.items;
    expect(addon.map((r) => [r.holderName, r.viaKind])).toEqual(
      expect.arrayContaining([
        [alice.userName, 'direct'],
        [s.admin.userName, 'direct'],
      ]),
    );
    const project = (await holders(s.token, `kind=project&id=${s.project.projectId}`)).page!.items;
    expect(project).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ holderName: s.admin.userName, viaKind: 'direct' }),
        expect.objectContaining({ holderName: alice.userName, viaKind: 'group', viaName: g!.name, grantedBy: s.admin.userName }),
        expect.objectContaining({ holderName: key.body.name, holderKind: 'key', viaKind: 'all-projects', grantedBy: s.admin.userName }),
      ]),
    );
  });

  it('keeps a licence administrator to their licence: another licence, or its project, is a 404', async () => {
    const s = await setup();
    const other = await setup();
    expect((await holders(other.token, `kind=role&id=1&licenseId=${s.license.licenseId}`)).status).toBe(404);
    expect((await holders(other.token, `kind=project&id=${s.project.projectId}`)).status).toBe(404);
    expect((await app.request('GET', `/api/access/holders.csv?kind=project&id=${s.project.projectId}`, { token: other.token })).status).toBe(404);
    // A super administrator looks into any licence.
    const root = await createUser(app, other.license.licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    const seen = await holders(await login(app, root.userName), `kind=project&id=${s.project.projectId}&licenseId=${s.license.licenseId}`);
    expect(seen.page!.items.map((r) => r.holderName)).toEqual([s.admin.userName]);
    // Without a licence administrator's role: 403.
    const plain = await createUser(app, s.license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS] });
    expect((await holders(await login(app, plain.userName), `kind=role&id=1`)).status).toBe(403);
    expect((await holders(s.token, 'kind=nothing&id=1')).status).toBe(400);
  });

  it('is what the roles tab reads: the same ways, so both agree', async () => {
    const s = await holdersOfSite();
    const tab = (await app.request('GET', `/api/user/${s.bob.userId}/roles`, { token: s.token })).body as {
      roleId: number;
      direct: boolean;
      userGroups: string[];
    }[];
    expect(tab.find((r) => r.roleId === s.site)).toMatchObject({ direct: false, userGroups: [s.group.name] });
    const aliceTab = (await app.request('GET', `/api/user/${s.alice.userId}/roles`, { token: s.token })).body as {
      roleId: number;
      direct: boolean;
      userGroups: string[];
    }[];
    expect(aliceTab.find((r) => r.roleId === s.site)).toMatchObject({ direct: true, userGroups: [] });
  });
});

/** Two licence administrators (the reviewers) and the holders of ADMINISTER_SITE. */
async function reviewSetup() {
  const s = await holdersOfSite();
  const second = await createUser(app, s.license.licenseId, { roles: ADMIN });
  await app.deps.db.insert(t.userAddons).values({ userId: second.userId, addOnId: 1 });
  return { ...s, second, secondToken: await login(app, second.userName) };
}

async function startReview(token: string, body: Record<string, unknown>) {
  const answer = await app.request('POST', '/api/access-reviews', { token, body: { name: unique('Q4 review'), dueDate: '2099-12-31', ...body } });
  return answer;
}

const itemsOf = async (token: string, reviewId: number) =>
  v.parse(v.array(ReviewItemSchema), (await app.request('GET', `/api/access-reviews/${reviewId}/items`, { token })).body);

describe('access review campaigns', () => {
  it('is on each reviewer’s home as a review due until its holdings are decided', async () => {
    const s = await reviewSetup();
    const started = await startReview(s.token, {
      licenseId: s.license.licenseId,
      scopeKind: 'role',
      scopeIds: [s.site],
      reviewerIds: [s.second.userId],
      dueDate: '2099-06-30',
    });
    const review = v.parse(AccessReviewSchema, started.body);
    const due = async (token: string) =>
      ((await app.request('GET', '/api/home/attention', { token })).body.cards as { id: string; items: { ref: string; errors?: number }[] }[]).find(
        (c) => c.id === 'reviews-due',
      );
    expect((await due(s.secondToken))!.items).toContainEqual(expect.objectContaining({ ref: String(review.reviewId), errors: review.undecided }));
    // Not a reviewer of it: not due for them.
    expect((await due(s.token))?.items.some((i) => i.ref === String(review.reviewId)) ?? false).toBe(false);
    const items = await itemsOf(s.secondToken, review.reviewId);
    const decidable = items.filter((i) => !i.own);
    expect(
      (
        await app.request('POST', `/api/access-reviews/${review.reviewId}/decisions`, {
          token: s.secondToken,
          body: { items: decidable.map((i) => ({ itemId: i.itemId, version: i.version })), decision: 'keep' },
        })
      ).status,
    ).toBe(200);
    const left = items.length - decidable.length;
    const after = (await due(s.secondToken))?.items.find((i) => i.ref === String(review.reviewId));
    expect(after?.errors ?? 0).toBe(left);
  });

  it('snapshots the holdings, decides keep and remove, applies removals through the console’s rules, and signs off read-only', async () => {
    const s = await reviewSetup();
    const started = await startReview(s.token, {
      licenseId: s.license.licenseId,
      scopeKind: 'role',
      scopeIds: [s.site],
      reviewerIds: [s.admin.userId, s.second.userId],
    });
    expect(started.status).toBe(201);
    const review = v.parse(AccessReviewSchema, started.body);
    expect(review).toMatchObject({ state: 'open', items: 5, undecided: 5, isReviewer: true, scopeNames: ['Administer Site'] });

    const items = await itemsOf(s.token, review.reviewId);
    const item = (name: string) => items.find((i) => i.holderName === name)!;
    expect(item(s.admin.userName).own).toBe(true);
    expect(item(s.bob.userName)).toMatchObject({ viaKind: 'group', viaName: s.group.name, decision: null });

    // Nobody decides on their own access.
    const self = await app.request('POST', `/api/access-reviews/${review.reviewId}/decisions`, {
      token: s.token,
      body: { items: [{ itemId: item(s.admin.userName).itemId, version: 1 }], decision: 'keep' },
    });
    expect(self.status).toBe(403);
    expect(self.body.Message).toBe(M.ownAccess(`${s.admin.userName}: Administer Site (Direct)`));

    // Remove: Alice's own role, Bob's membership of the group, the key's role — one batch, one transaction.
    const removal = await app.request('POST', `/api/access-reviews/${review.reviewId}/decisions`, {
      token: s.token,
      body: {
        items: [item(s.alice.userName), item(s.bob.userName), item(s.keyName)].map((i) => ({ itemId: i.itemId, version: i.version })),
        decision: 'remove',
        comment: 'Left the site team',
      },
    });
    expect(removal.status).toBe(200);
    expect(removal.body).toMatchObject({ decided: 3, removed: 3 });
    expect(
      await app.deps.db
        .select()
        .from(t.userRoles)
        .where(and(eq(t.userRoles.userId, s.alice.userId), eq(t.userRoles.roleId, s.site))),
    ).toEqual([]);
    expect(await app.deps.db.select().from(t.userGroupUsers).where(eq(t.userGroupUsers.userId, s.bob.userId))).toEqual([]);
    expect(await app.deps.db.select().from(t.apiKeyRoles).where(eq(t.apiKeyRoles.apiKeyId, s.keyId))).toEqual([]);
    // Each removal is in the History of the user, the group and the key.
    for (const subject of [`user:${s.alice.userId}`, `user-group:${s.group.userGroupId}`, `api-key:${s.keyId}`]) {
      const history = await app.request('GET', `/api/audit?subject=${subject}`, { token: s.token });
      expect(history.body.items[0]).toMatchObject({ actorName: s.admin.userName, path: `/api/access-reviews/${review.reviewId}/decisions` });
    }
    // The explanation no longer shows them.
    expect((await holders(s.token, `kind=role&id=${s.site}`)).page!.items.map((r) => r.holderName).sort()).toEqual(
      [s.admin.userName, s.second.userName].sort(),
    );

    // The second reviewer keeps the first's holding, with a comment.
    const keep = await app.request('POST', `/api/access-reviews/${review.reviewId}/decisions`, {
      token: s.secondToken,
      body: { items: [{ itemId: item(s.admin.userName).itemId, version: 1 }], decision: 'keep', comment: 'Site administrator' },
    });
    expect(keep.status).toBe(200);

    // A decision made on what another reviewer decided meanwhile is refused, naming the holding.
    const stale = await app.request('POST', `/api/access-reviews/${review.reviewId}/decisions`, {
      token: s.secondToken,
      body: { items: [{ itemId: item(s.alice.userName).itemId, version: 1 }], decision: 'keep' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toBe(M.alreadyDecided(`${s.alice.userName}: Administer Site (Direct)`, s.admin.userName));

    const signed = await app.request('POST', `/api/access-reviews/${review.reviewId}/sign-off`, { token: s.secondToken });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ state: 'signed-off', signedOffBy: s.second.userName, kept: 1, removed: 3, undecided: 1 });
    const late = await app.request('POST', `/api/access-reviews/${review.reviewId}/decisions`, {
      token: s.secondToken,
      body: { items: [{ itemId: item(s.second.userName).itemId, version: 1 }], decision: 'keep' },
    });
    expect(late.status).toBe(409);
    expect(late.body.Message).toBe(M.closed);
    expect((await app.request('POST', `/api/access-reviews/${review.reviewId}/sign-off`, { token: s.token })).status).toBe(409);

    const csv = await app.request('GET', `/api/access-reviews/${review.reviewId}/report.csv`, { token: s.token });
    expect(csv.status).toBe(200);
    expect(csv.text.split('\n')[0]).toContain('Holder,Type,Name,Holds,Via,Granted,Granted by,Decision,Comment,Decided by,Decided at,Removed at');
    expect(csv.text).toMatch(new RegExp(`${s.alice.userName},User,.*,Remove,Left the site team,${s.admin.userName}`));
    expect(csv.text).toMatch(new RegExp(`${s.admin.userName},User,.*,Keep,Site administrator,${s.second.userName}`));
    expect(csv.text).toMatch(new RegExp(`${s.second.userName},User,.*,Undecided,`));
    const pdf = await app.request('GET', `/api/access-reviews/${review.reviewId}/report.pdf`, { token: s.token });
    expect(pdf.status).toBe(200);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);

    // The home page's 'Reviews due': open reviews of mine.
    const due = await app.request('GET', '/api/access-reviews?status=open&reviewer=me', { token: s.token });
    expect(due.body.map((r: { reviewId: number }) => r.reviewId)).not.toContain(review.reviewId);
  });

  it('refuses a removal past the privilege ceiling, and saves nothing of the batch', async () => {
    const s = await reviewSetup();
    const keys = await roleId(Role.ADMINISTER_API_KEYS);
    // A reviewer who administers the licence but does not hold ADMINISTER_API_KEYS.
    const narrow = await createUser(app, s.license.licenseId, {
      roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_ROLE, Role.ADMINISTER_USER_CREATE_UPDATE],
    });
    const token = await login(app, narrow.userName);
    const review = v.parse(
      AccessReviewSchema,
      (await startReview(token, { licenseId: s.license.licenseId, scopeKind: 'role', scopeIds: [keys], reviewerIds: [narrow.userId] })).body,
    );
    const items = await itemsOf(token, review.reviewId);
    const answer = await app.request('POST', `/api/access-reviews/${review.reviewId}/decisions`, {
      token,
      body: { items: items.map((i) => ({ itemId: i.itemId, version: i.version })), decision: 'remove' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.Message).toBe(UserMessages.rolesNotGivable('Administer Api Keys'));
    expect((await app.deps.db.select().from(t.userRoles).where(eq(t.userRoles.roleId, keys))).map((r) => r.userId)).toEqual(
      expect.arrayContaining([s.admin.userId, s.second.userId]),
    );
    expect((await itemsOf(token, review.reviewId)).every((i) => i.decision === null)).toBe(true);
  });

  it('takes reviewers among the licence’s administrators only, and keeps reviews in their licence', async () => {
    const s = await reviewSetup();
    const bad = await startReview(s.token, { licenseId: s.license.licenseId, scopeKind: 'administrative', reviewerIds: [s.alice.userId] });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe(M.reviewerNotAdmin(s.alice.userName));
    expect((await startReview(s.token, { licenseId: s.license.licenseId, scopeKind: 'role', scopeIds: [], reviewerIds: [s.admin.userId] })).status).toBe(400);
    expect(
      (await startReview(s.token, { licenseId: s.license.licenseId, scopeKind: 'administrative', reviewerIds: [s.admin.userId], dueDate: '2001-01-01' }))
        .status,
    ).toBe(400);

    const review = v.parse(
      AccessReviewSchema,
      (await startReview(s.token, { licenseId: s.license.licenseId, scopeKind: 'administrative', reviewerIds: [s.second.userId] })).body,
    );
    expect(review.items).toBeGreaterThan(5);
    // The creator, not a reviewer, cannot decide.
    const items = await itemsOf(s.token, review.reviewId);
    const notMine = items.find((i) => !i.own)!;
    expect(
      (
        await app.request('POST', `/api/access-reviews/${review.reviewId}/decisions`, {
          token: s.token,
          body: { items: [{ itemId: notMine.itemId, version: 1 }], decision: 'keep' },
        })
      ).status,
    ).toBe(403);

    const other = await setup();
    for (const path of ['', '/items', '/report.csv', '/report.pdf'])
      expect((await app.request('GET', `/api/access-reviews/${review.reviewId}${path}`, { token: other.token })).status).toBe(404);
    expect((await app.request('POST', `/api/access-reviews/${review.reviewId}/sign-off`, { token: other.token })).status).toBe(404);
    expect((await startReview(other.token, { licenseId: s.license.licenseId, scopeKind: 'administrative', reviewerIds: [other.admin.userId] })).status).toBe(
      404,
    );
    const mine = await app.request('GET', '/api/access-reviews?status=open&reviewer=me', { token: s.secondToken });
    expect(mine.body.map((r: { reviewId: number }) => r.reviewId)).toContain(review.reviewId);
    expect((await app.request('GET', '/api/access-reviews', { token: other.token })).body.map((r: { reviewId: number }) => r.reviewId)).not.toContain(
      review.reviewId,
    );
  });

  it('is signed off by a reviewer or the administrator who started it, and tells each caller whether they may', async () => {
    const s = await reviewSetup();
    const bystander = await member(s.license.licenseId, { roles: ADMIN });
    const bystanderToken = await login(app, bystander.userName);
    // Started by the first administrator, reviewed by the second alone.
    const started = await startReview(s.token, { licenseId: s.license.licenseId, scopeKind: 'role', scopeIds: [s.site], reviewerIds: [s.second.userId] });
    const reviewId = started.body.reviewId as number;
    const seenBy = async (token: string) => (await app.call(accessReviewEndpoints.getAccessReview, token, reviewId)).body;
    expect(await seenBy(s.token)).toMatchObject({ isReviewer: false, maySignOff: true });
    expect(await seenBy(s.secondToken)).toMatchObject({ isReviewer: true, maySignOff: true });
    expect(await seenBy(bystanderToken)).toMatchObject({ isReviewer: false, maySignOff: false });

    const refused = await app.call(accessReviewEndpoints.signOffAccessReview, bystanderToken, reviewId);
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { Message: string }).Message).toBe(M.signOffNotAllowed);
    const signed = await app.call(accessReviewEndpoints.signOffAccessReview, s.token, reviewId);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ state: 'signed-off', signedOffBy: s.admin.userName });
  });

  it('lets one of two reviewers deciding the same holding at once stand, and tells the other', async () => {
    const s = await reviewSetup();
    const review = v.parse(
      AccessReviewSchema,
      (await startReview(s.token, { licenseId: s.license.licenseId, scopeKind: 'role', scopeIds: [s.site], reviewerIds: [s.admin.userId, s.second.userId] }))
        .body,
    );
    const alice = (await itemsOf(s.token, review.reviewId)).find((i) => i.holderName === s.alice.userName)!;
    const body = (decision: string) => ({ items: [{ itemId: alice.itemId, version: alice.version }], decision, comment: decision });
    const answers = await Promise.all([
      app.request('POST', `/api/access-reviews/${review.reviewId}/decisions`, { token: s.token, body: body('remove') }),
      app.request('POST', `/api/access-reviews/${review.reviewId}/decisions`, { token: s.secondToken, body: body('keep') }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.Message).toContain(s.alice.userName);
    const [row] = await app.deps.db.select().from(t.accessReviewItems).where(eq(t.accessReviewItems.itemId, alice.itemId));
    const winner = answers[0]!.status === 200 ? 'remove' : 'keep';
    expect(row).toMatchObject({ decision: winner, comment: winner, version: 2 });
    const held = await app.deps.db
      .select()
      .from(t.userRoles)
      .where(and(eq(t.userRoles.userId, s.alice.userId), eq(t.userRoles.roleId, s.site)));
    expect(held.length).toBe(winner === 'remove' ? 0 : 1);
  });
});

describe('access review reminders', () => {
  it('e-mails the reviewers once per review per day before the due date, however many servers run at once', async () => {
    const s = await reviewSetup();
    const now = app.clock.now();
    const inThreeDays = new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const review = v.parse(
      AccessReviewSchema,
      (
        await startReview(s.token, {
          licenseId: s.license.licenseId,
          scopeKind: 'role',
          scopeIds: [s.site],
          reviewerIds: [s.admin.userId, s.second.userId],
          dueDate: inThreeDays,
        })
      ).body,
    );
    const later = v.parse(
      AccessReviewSchema,
      (
        await startReview(s.token, {
          licenseId: s.license.licenseId,
          scopeKind: 'role',
          scopeIds: [s.site],
          reviewerIds: [s.admin.userId],
          dueDate: '2099-12-31',
        })
      ).body,
    );
    const before = app.outbox.length;
    // Two servers' runs at once: one claims the day, the other sends nothing.
    const [a, b] = await Promise.all([sendReviewReminders(app.deps), sendReviewReminders(app.deps)]);
    const mine = [...a!, ...b!].filter((o) => o.reviewId === review.reviewId);
    expect(mine.map((o) => o.claimed).sort()).toEqual([false, true]);
    expect([...a!, ...b!].some((o) => o.reviewId === later.reviewId)).toBe(false);
    const sent = app.outbox.slice(before).filter((m) => m.subject === M.reminderSubject(review.name, inThreeDays));
    expect(sent.map((m) => m.to).sort()).toEqual([s.admin.email, s.second.email].sort());
    expect(sent[0]!.text).toContain('5 holdings are still to decide');
    // The same day again: nothing more.
    await sendReviewReminders(app.deps);
    expect(app.outbox.slice(before).filter((m) => m.subject === M.reminderSubject(review.name, inThreeDays))).toHaveLength(2);
    const rows = await app.deps.db.select().from(t.accessReviewReminders).where(eq(t.accessReviewReminders.reviewId, review.reviewId));
    expect(rows).toEqual([expect.objectContaining({ status: 'sent', recipients: 2 })]);
  });
});
