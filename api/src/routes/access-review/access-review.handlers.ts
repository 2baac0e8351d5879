/** What the access review calls do (access-review.routes.ts has their definitions). */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AccessReviewMessages as M, type AccessReview, type ReviewItem } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import type { Db, Tx } from '../../db/client';
import { accessReviewItems, accessReviewReviewers, accessReviews, addons, apiKeys, licenses, projects, roles, users } from '../../db/schema';
import { removeHolding } from '../../domain/access-review';
import { roleHeldBy } from '../../domain/grants';
import { everyHolding, holdings, holdingsPage, type Holding, type HoldingKind, type HoldingQuery } from '../../domain/holdings';
import type { Caller } from '../../http/auth';
import { csvResponse } from '../../http/csv';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { implement } from '../../http/route';
import type { Scope } from '../../http/scope';
import { accessReviewSpecs } from './access-review.routes';
import { reviewPdf } from './access-review.pdf';

type Conn = Db | Tx;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A holding as the contract answers it. */
export function holdingReply(h: Holding) {
  return {
    holderKind: h.holderKind,
    holderId: h.holderId,
    holderName: h.holderName,
    holderLabel: h.holderLabel,
    holderActive: h.holderActive,
    lastSeen: iso(h.lastSeen),
    whatKind: h.whatKind,
    whatId: h.whatId,
    whatName: h.whatName,
    whatLabel: h.whatLabel,
    productName: h.productName,
    viaKind: h.viaKind,
    viaId: h.viaId,
    viaName: h.viaName,
    grantedAt: iso(h.grantedAt),
    grantedBy: h.grantedBy,
  };
}

/** 'Direct', 'User Group: Site leads', 'All projects' (the roles tab's words). */
export const viaText = (h: { viaKind: string; viaName: string | null }) =>
  h.viaKind === 'group' ? M.viaGroup(h.viaName ?? '') : h.viaKind === 'all-projects' ? M.allProjects : M.direct;

/** Refuses (404) what is looked up when it is not of the licence: a project of another licence, an unknown role or product licence. */
async function assertSubject(db: Conn, licenseId: number, kind: HoldingKind, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const found =
    kind === 'role'
      ? await db
          .select({ id: roles.roleId })
          .from(roles)
          .where(inArray(roles.roleId, [...ids]))
      : kind === 'addon'
        ? await db
            .select({ id: addons.addOnId })
            .from(addons)
            .where(inArray(addons.addOnId, [...ids]))
        : await db
            .select({ id: projects.projectId })
            .from(projects)
            .where(and(inArray(projects.projectId, [...ids]), eq(projects.licenseId, licenseId)));
  if (found.length !== new Set(ids).size) throw notFound();
}

function holderQuery(
  scope: Scope,
  caller: Caller,
  query: {
    licenseId?: number;
    kind: HoldingKind;
    id: number;
    holderKind?: 'user' | 'key';
    via?: 'direct' | 'group' | 'all-projects';
    filter: string;
    sort: HoldingQuery['sort'];
    dir: 'asc' | 'desc';
  },
): HoldingQuery {
  const licenseId = scope.listLicense(query.licenseId) ?? caller.licenseId;
  return {
    licenseId,
    kind: query.kind,
    whatId: query.id,
    holderKind: query.holderKind,
    viaKind: query.via,
    filter: query.filter,
    sort: query.sort,
    dir: query.dir,
  };
}

// ------------------------------------------------------------------ reviews

type ReviewRow = typeof accessReviews.$inferSelect;

/** The review in the caller's scope (404 otherwise, exactly like a missing one). */
async function reviewInScope(db: Conn, scope: Scope, reviewId: number): Promise<ReviewRow> {
  const [review] = await db.select().from(accessReviews).where(eq(accessReviews.reviewId, reviewId));
  if (!review || !scope.canSee(review.licenseId)) throw notFound();
  return review;
}

/** Who may sign a review off: one of its reviewers, or the administrator who started it (never an API key). */
function maySignOff(caller: Caller, review: Pick<ReviewRow, 'createdByUserId'>, reviewers: readonly { userId: number }[]): boolean {
  return !caller.apiKey && (reviewers.some((r) => r.userId === caller.userId) || review.createdByUserId === caller.userId);
}

/** Reviews as the contract answers them, with reviewers and counts (three queries for any number). */
async function reviewReplies(db: Conn, caller: Caller, rows: ReviewRow[]): Promise<AccessReview[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.reviewId);
  const [reviewers, counts, names, scopeNames] = await Promise.all([
    db
      .select({
        reviewId: accessReviewReviewers.reviewId,
        userId: users.userId,
        userName: users.userName,
        fullName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      })
      .from(accessReviewReviewers)
      .innerJoin(users, eq(users.userId, accessReviewReviewers.userId))
      .where(inArray(accessReviewReviewers.reviewId, ids))
      .orderBy(sql`lower(${users.userName})`),
    db
      .select({
        reviewId: accessReviewItems.reviewId,
        items: sql<number>`count(*)::int`,
        undecided: sql<number>`(count(*) filter (where ${accessReviewItems.decision} is null))::int`,
        kept: sql<number>`(count(*) filter (where ${accessReviewItems.decision} = 'keep'))::int`,
        removed: sql<number>`(count(*) filter (where ${accessReviewItems.decision} = 'remove'))::int`,
      })
      .from(accessReviewItems)
      .where(inArray(accessReviewItems.reviewId, ids))
      .groupBy(accessReviewItems.reviewId),
    db
      .select({ licenseId: licenses.licenseId, name: licenses.name })
      .from(licenses)
      .where(inArray(licenses.licenseId, [...new Set(rows.map((row) => row.licenseId))])),
    scopeNamesOf(db, rows),
  ]);
  return rows.map((row) => {
    const c = counts.find((count) => count.reviewId === row.reviewId);
    const mine = reviewers.filter((r) => r.reviewId === row.reviewId).map(({ userId, userName, fullName }) => ({ userId, userName, fullName }));
    return {
      reviewId: row.reviewId,
      licenseId: row.licenseId,
      licenseName: names.find((n) => n.licenseId === row.licenseId)?.name ?? '',
      name: row.name,
      scopeKind: row.scopeKind as AccessReview['scopeKind'],
      scopeNames: scopeNames.get(row.reviewId) ?? [],
      dueDate: row.dueDate,
      state: row.state as AccessReview['state'],
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      signedOffBy: row.signedOffBy,
      signedOffAt: iso(row.signedOffAt),
      reviewers: mine,
      isReviewer: !caller.apiKey && mine.some((r) => r.userId === caller.userId),
      maySignOff: maySignOff(caller, row, mine),
      items: Number(c?.items ?? 0),
      undecided: Number(c?.undecided ?? 0),
      kept: Number(c?.kept ?? 0),
      removed: Number(c?.removed ?? 0),
    };
  });
}

/** The names of what each review covers. */
async function scopeNamesOf(db: Conn, rows: ReviewRow[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const kind of ['role', 'addon', 'project'] as const) {
    const ids = [...new Set(rows.filter((row) => row.scopeKind === kind).flatMap((row) => row.scopeIds))];
    if (!ids.length) continue;
    const named =
      kind === 'role'
        ? await db.select({ id: roles.roleId, name: roles.friendlyName }).from(roles).where(inArray(roles.roleId, ids))
        : kind === 'addon'
          ? await db.select({ id: addons.addOnId, name: addons.name }).from(addons).where(inArray(addons.addOnId, ids))
          : await db.select({ id: projects.projectId, name: projects.name }).from(projects).where(inArray(projects.projectId, ids));
    const byId = new Map(named.map((n) => [n.id, n.name]));
    for (const row of rows.filter((r) => r.scopeKind === kind))
      out.set(
        row.reviewId,
        row.scopeIds.map((id) => byId.get(id) ?? String(id)).sort((a, b) => a.localeCompare(b)),
      );
  }
  return out;
}

/** The holding in words: 'jdoe: Administer roles (User Group: Site leads)'. */
const holdingText = (item: { holderName: string; whatLabel: string; viaKind: string; viaName: string | null }) =>
  `${item.holderName}: ${item.whatLabel} (${viaText(item)})`;

const DAY_MS = 86_400_000;

/** The items of a review, by holder, with last sign-in and dormancy read now. */
export async function reviewItems(db: Conn, caller: Caller, reviewId: number, now: Date): Promise<ReviewItem[]> {
  const rows = await db
    .select({
      item: accessReviewItems,
      userSeen: users.lastLoginDate,
      userActive: users.isApproved,
      keySeen: apiKeys.lastUsedDate,
      keyActive: apiKeys.isActive,
    })
    .from(accessReviewItems)
    .leftJoin(users, and(eq(accessReviewItems.holderKind, 'user'), eq(users.userId, accessReviewItems.holderId)))
    .leftJoin(apiKeys, and(eq(accessReviewItems.holderKind, 'key'), eq(apiKeys.apiKeyId, accessReviewItems.holderId)))
    .where(eq(accessReviewItems.reviewId, reviewId))
    .orderBy(
      desc(accessReviewItems.holderKind),
      sql`lower(${accessReviewItems.holderName})`,
      accessReviewItems.holderId,
      sql`lower(${accessReviewItems.whatLabel})`,
      accessReviewItems.viaKind,
      accessReviewItems.itemId,
    );
  return rows.map(({ item, userSeen, userActive, keySeen, keyActive }) => {
    const seen = item.holderKind === 'user' ? userSeen : keySeen;
    return {
      itemId: item.itemId,
      version: item.version,
      holderKind: item.holderKind as ReviewItem['holderKind'],
      holderId: item.holderId,
      holderName: item.holderName,
      holderLabel: item.holderLabel,
      holderActive: (item.holderKind === 'user' ? userActive : keyActive) ?? false,
      lastSeen: iso(seen ?? null),
      dormantDays: seen ? Math.floor((now.getTime() - seen.getTime()) / DAY_MS) : null,
      whatKind: item.whatKind as ReviewItem['whatKind'],
      whatId: item.whatId,
      whatName: item.whatName,
      whatLabel: item.whatLabel,
      viaKind: item.viaKind as ReviewItem['viaKind'],
      viaId: item.viaId,
      viaName: item.viaName,
      grantedAt: iso(item.grantedAt),
      grantedBy: item.grantedBy,
      decision: item.decision as ReviewItem['decision'],
      comment: item.comment,
      decidedBy: item.decidedBy,
      decidedAt: iso(item.decidedAt),
      appliedAt: iso(item.appliedAt),
      own: !caller.apiKey && item.holderKind === 'user' && item.holderId === caller.userId,
    };
  });
}

/** Refuses (400) reviewers who do not administer the licence (ACCESS_MY_CUSTOMER_LICENCE, directly or through a group). */
async function assertReviewers(db: Conn, licenseId: number, reviewerIds: number[]): Promise<void> {
  const found = await db
    .select({ userId: users.userId, userName: users.userName, licenseId: users.licenseId })
    .from(users)
    .where(inArray(users.userId, reviewerIds));
  const admins = new Set(
    (
      await db
        .select({ userId: users.userId })
        .from(users)
        .innerJoin(roles, and(eq(roles.name, Role.ACCESS_MY_CUSTOMER_LICENCE), roleHeldBy(users.userId)))
        .where(and(inArray(users.userId, reviewerIds), eq(users.licenseId, licenseId)))
    ).map((row) => row.userId),
  );
  for (const id of reviewerIds) {
    const user = found.find((row) => row.userId === id);
    if (!user || user.licenseId !== licenseId) throw badRequest(M.reviewerNotAdmin(`User ${id}`));
    if (!admins.has(id)) throw badRequest(M.reviewerNotAdmin(user.userName));
  }
}

/** The holdings a review covers, as holdings.ts reads them. */
function reviewQuery(licenseId: number, scopeKind: string, scopeIds: number[]): HoldingQuery {
  if (scopeKind === 'administrative') return { licenseId, kind: 'role', administrativeOnly: true, sort: 'holder' };
  return { licenseId, kind: scopeKind as HoldingKind, whatIds: scopeIds, sort: 'holder' };
}

const DECISION_WORDS: Record<string, string> = { keep: 'Keep', remove: 'Remove' };

/** The report's rows (CSV and PDF). */
export const reportHeader = [
  'Holder',
  'Type',
  'Name',
  'Holds',
  'Via',
  'Granted',
  'Granted by',
  'Decision',
  'Comment',
  'Decided by',
  'Decided at',
  'Removed at',
];
export function reportRow(item: ReviewItem): string[] {
  return [
    item.holderName,
    item.holderKind === 'user' ? 'User' : 'API key',
    item.holderLabel,
    item.whatLabel,
    viaText(item),
    item.grantedAt ?? M.beforeRecords,
    item.grantedBy ?? '',
    item.decision ? DECISION_WORDS[item.decision]! : 'Undecided',
    item.comment,
    item.decidedBy ?? '',
    item.decidedAt ?? '',
    item.appliedAt ?? '',
  ];
}

const reviewWhere = (conditions: (SQL | undefined)[]) => and(...conditions);

export const accessReviewRoutes = implement(accessReviewSpecs, {
  async getHolders({ db, caller, scope, query, json }) {
    const q = holderQuery(scope, caller, query);
    await assertSubject(db, q.licenseId, q.kind, [query.id]);
    const { items, total, exact } = await holdingsPage(db, q, { limit: query.pageSize, offset: query.page * query.pageSize });
    return json({ items: items.map(holdingReply), total, totalExact: exact, page: query.page, pageSize: query.pageSize });
  },

  async exportHolders({ c, db, caller, scope, query }) {
    const q = holderQuery(scope, caller, { ...query });
    await assertSubject(db, q.licenseId, q.kind, [query.id]);
    const header = ['Holder', 'Type', 'Name', 'Active', 'Last sign-in', 'Holds', 'Via', 'Granted', 'Granted by'];
    // In the holder order, past 20,000 holdings, a chunk at a time along the users' index (domain/holdings.ts).
    const chunks = (async function* () {
      for await (const rows of everyHolding(db, q))
        yield rows.map((h) => [
          h.holderName,
          h.holderKind === 'user' ? 'User' : 'API key',
          h.holderLabel,
          h.holderActive ? 'Active' : 'Inactive',
          iso(h.lastSeen) ?? '',
          h.whatLabel,
          viaText(h),
          iso(h.grantedAt) ?? M.beforeRecords,
          h.grantedBy ?? '',
        ]);
    })();
    return csvResponse(c, 'who-can-do-what.csv', header, chunks);
  },

  async getAccessReviews({ db, caller, scope, query, json }) {
    const licenseId = scope.listLicense(query.licenseId);
    const rows = await db
      .select()
      .from(accessReviews)
      .where(
        reviewWhere([
          licenseId === undefined ? undefined : eq(accessReviews.licenseId, licenseId),
          query.status ? eq(accessReviews.state, query.status) : undefined,
          query.reviewer === 'me'
            ? caller.apiKey
              ? sql`false`
              : inArray(
                  accessReviews.reviewId,
                  db.select({ id: accessReviewReviewers.reviewId }).from(accessReviewReviewers).where(eq(accessReviewReviewers.userId, caller.userId)),
                )
            : undefined,
        ]),
      )
      .orderBy(desc(accessReviews.reviewId))
      .limit(500);
    return json(await reviewReplies(db, caller, rows));
  },

  async createAccessReview({ deps, db, caller, scope, body, audit, json }) {
    scope.assert(body.licenseId);
    const [license] = await db.select({ licenseId: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, body.licenseId));
    if (!license) throw notFound();
    const today = deps.clock.now().toISOString().slice(0, 10);
    if (body.dueDate < today) throw badRequest(M.dueDatePast, { errors: { dueDate: [M.dueDatePast] } });
    const scopeIds = body.scopeKind === 'administrative' ? [] : [...new Set(body.scopeIds)];
    if (body.scopeKind !== 'administrative') {
      if (!scopeIds.length) throw badRequest(M.scopeRequired, { errors: { scopeIds: [M.scopeRequired] } });
      try {
        await assertSubject(db, body.licenseId, body.scopeKind, scopeIds);
      } catch {
        throw badRequest(M.scopeUnknown);
      }
    }
    const reviewerIds = [...new Set(body.reviewerIds)];
    await assertReviewers(db, body.licenseId, reviewerIds);
    const [review] = await db
      .insert(accessReviews)
      .values({
        licenseId: body.licenseId,
        name: body.name,
        scopeKind: body.scopeKind,
        scopeIds,
        dueDate: body.dueDate,
        createdByUserId: caller.apiKey ? null : caller.userId,
        createdBy: caller.userName,
      })
      .returning();
    await db.insert(accessReviewReviewers).values(reviewerIds.map((userId) => ({ reviewId: review!.reviewId, userId })));
    // The snapshot: every holding in scope now, explained (domain/holdings.ts), in one statement.
    const held = await holdings(db, reviewQuery(body.licenseId, body.scopeKind, scopeIds));
    for (let i = 0; i < held.length; i += 1000) {
      await db.insert(accessReviewItems).values(
        held.slice(i, i + 1000).map((h) => ({
          reviewId: review!.reviewId,
          holderKind: h.holderKind,
          holderId: h.holderId,
          holderName: h.holderName,
          holderLabel: h.holderLabel,
          whatKind: h.whatKind,
          whatId: h.whatId,
          whatName: h.whatName,
          whatLabel: h.whatLabel,
          viaKind: h.viaKind,
          viaId: h.viaId,
          viaName: h.viaName,
          grantedAt: h.grantedAt,
          grantedBy: h.grantedBy,
        })),
      );
    }
    audit({
      entity: 'access-review',
      entityId: review!.reviewId,
      licenseId: body.licenseId,
      after: { name: body.name, scopeKind: body.scopeKind, scopeIds, dueDate: body.dueDate, reviewerIds, items: held.length },
    });
    const [reply] = await reviewReplies(db, caller, [review!]);
    return json(reply!, 201);
  },

  async getAccessReview({ db, caller, scope, params, json }) {
    const review = await reviewInScope(db, scope, params.reviewId);
    const [reply] = await reviewReplies(db, caller, [review]);
    return json(reply!);
  },

  async getAccessReviewItems({ deps, db, caller, scope, params, json }) {
    const review = await reviewInScope(db, scope, params.reviewId);
    return json(await reviewItems(db, caller, review.reviewId, deps.clock.now()));
  },

  async decideAccessReviewItems({ deps, db, caller, scope, params, body, audit, json }) {
    const review = await reviewInScope(db, scope, params.reviewId);
    if (review.state !== 'open') throw conflict(M.closed);
    const isReviewer =
      !caller.apiKey &&
      (
        await db
          .select()
          .from(accessReviewReviewers)
          .where(and(eq(accessReviewReviewers.reviewId, review.reviewId), eq(accessReviewReviewers.userId, caller.userId)))
      ).length > 0;
    if (!isReviewer) throw forbidden(M.notReviewer);
    const ids = [...new Set(body.items.map((item) => item.itemId))];
    const items = await db
      .select()
      .from(accessReviewItems)
      .where(and(eq(accessReviewItems.reviewId, review.reviewId), inArray(accessReviewItems.itemId, ids)))
      .orderBy(asc(accessReviewItems.itemId));
    if (items.length !== ids.length) throw badRequest(M.unknownItem);
    const own = items.find((item) => item.holderKind === 'user' && item.holderId === caller.userId);
    if (own) throw forbidden(M.ownAccess(holdingText(own)));
    const now = deps.clock.now();
    const versions = new Map(body.items.map((item) => [item.itemId, item.version]));
    let removed = 0;
    // The route's transaction: every item claimed, then every removal, or nothing.
    for (const item of items) {
      const [claimed] = await db
        .update(accessReviewItems)
        .set({
          decision: body.decision,
          comment: body.comment,
          decidedByUserId: caller.userId,
          decidedBy: caller.userName,
          decidedAt: now,
          version: sql`${accessReviewItems.version} + 1`,
        })
        .where(
          and(eq(accessReviewItems.itemId, item.itemId), eq(accessReviewItems.version, versions.get(item.itemId)!), sql`${accessReviewItems.decision} is null`),
        )
        .returning({ itemId: accessReviewItems.itemId });
      if (!claimed) {
        const [now2] = await db.select({ decidedBy: accessReviewItems.decidedBy }).from(accessReviewItems).where(eq(accessReviewItems.itemId, item.itemId));
        throw conflict(M.alreadyDecided(holdingText(item), now2?.decidedBy ?? 'another reviewer'));
      }
    }
    if (body.decision === 'remove') {
      for (const item of items) {
        const done = await removeHolding({ tx: db as Tx, caller, scope, licenseId: review.licenseId, reviewId: review.reviewId, now, audit }, item);
        if (done) removed++;
        await db.update(accessReviewItems).set({ appliedAt: now }).where(eq(accessReviewItems.itemId, item.itemId));
      }
    }
    audit({
      entity: 'access-review',
      entityId: review.reviewId,
      licenseId: review.licenseId,
      after: { decision: body.decision, comment: body.comment, items: items.map((item) => holdingText(item)), removed },
    });
    return json({ Message: M.decided(items.length, removed), decided: items.length, removed });
  },

  async signOffAccessReview({ deps, db, caller, scope, params, audit, json }) {
    const review = await reviewInScope(db, scope, params.reviewId);
    const reviewers = await db
      .select({ userId: accessReviewReviewers.userId })
      .from(accessReviewReviewers)
      .where(eq(accessReviewReviewers.reviewId, review.reviewId));
    if (!maySignOff(caller, review, reviewers)) throw forbidden(M.signOffNotAllowed);
    const now = deps.clock.now();
    const [signed] = await db
      .update(accessReviews)
      .set({ state: 'signed-off', signedOffByUserId: caller.userId, signedOffBy: caller.userName, signedOffAt: now })
      .where(and(eq(accessReviews.reviewId, review.reviewId), eq(accessReviews.state, 'open')))
      .returning();
    if (!signed) throw conflict(M.closed);
    audit({ entity: 'access-review', entityId: review.reviewId, licenseId: review.licenseId, before: { state: 'open' }, after: { state: 'signed-off' } });
    const [reply] = await reviewReplies(db, caller, [signed]);
    return json(reply!);
  },

  async exportAccessReviewCsv({ c, deps, db, caller, scope, params }) {
    const review = await reviewInScope(db, scope, params.reviewId);
    const items = await reviewItems(db, caller, review.reviewId, deps.clock.now());
    async function* chunks() {
      yield items.map(reportRow);
    }
    return csvResponse(c, `access-review-${review.reviewId}.csv`, reportHeader, chunks());
  },

  async exportAccessReviewPdf({ c, deps, db, caller, scope, params }) {
    const review = await reviewInScope(db, scope, params.reviewId);
    const [reply] = await reviewReplies(db, caller, [review]);
    const items = await reviewItems(db, caller, review.reviewId, deps.clock.now());
    const pdf = await reviewPdf(reply!, items);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="access-review-${review.reviewId}.pdf"`);
    return c.body(pdf as unknown as ArrayBuffer);
  },
});
