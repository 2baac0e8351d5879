/** What the release channels' calls do (remotes.routes.ts has their definitions; domain/release-channels.ts the rules). */
import Bowser from 'bowser';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { REPORT_TEXT_CHARS, RemoteChannelMessages as M } from 'contracts/auth/model';
import { kernelRangeProblem } from 'shared/kernel-range';
import { licenses, remoteChannels, remoteEvents, remotePageViews, remoteVersions } from '../../db/schema';
import { applyRollbackRules, CHANNEL_ENTITY, channelAudited, channelReplies, healthOf, remoteMapFor, remotesFile } from '../../domain/release-channels';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../http/errors';
import { implement, type HandlerOf } from '../../http/route';
import { Limits } from '../../services/throttle';
import { CONSOLE_KERNEL_VERSION } from '../../version';
import { remoteSpecs } from './remotes.routes';

const trim = (text: string | undefined) => (text === undefined ? null : text.length > REPORT_TEXT_CHARS ? text.slice(0, REPORT_TEXT_CHARS) : text);

/** The browser's name and major version, from User-Agent; nothing else of it is kept. */
function browserOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const { browser } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  return browser.name ? [browser.name, major].filter(Boolean).join(' ').slice(0, 60) : null;
}

/** The channel row of a remote, made on first use (stable: remotes.json's address). */
async function channelOf(db: Parameters<typeof applyRollbackRules>[0]['db'], remoteId: string) {
  await db.insert(remoteChannels).values({ remoteId }).onConflictDoNothing();
  const [row] = await db.select().from(remoteChannels).where(eq(remoteChannels.remoteId, remoteId)).for('update');
  return row!;
}

type EndPilotContext = Parameters<HandlerOf<(typeof remoteSpecs)['promoteRemotePilot']>>[0];

/**
 * Promote (the pilot becomes stable) or roll back (stable stays): the version in the body must
 * be the pilot running now (409 otherwise, nothing changed), and afterwards the remote has no pilot.
 */
async function endPilot({ db, deps, params, body, audit, json }: EndPilotContext, how: 'promote' | 'rollBack') {
  const before = await channelOf(db, params.remoteId);
  if (!before.pilotVersion) throw conflict(M.noPilot(params.remoteId));
  if (before.pilotVersion !== body.version) throw conflict(M.notThePilot(params.remoteId, body.version));
  const [after] = await db
    .update(remoteChannels)
    .set({
      ...(how === 'promote' ? { stableVersion: before.pilotVersion } : {}),
      pilotVersion: null,
      pilotLicenseIds: [],
      pilotPercent: 0,
      pilotStartedAt: null,
      rollbackFactor: null,
      rollbackMinViews: null,
      updatedAt: deps.clock.now(),
    })
    .where(eq(remoteChannels.remoteId, params.remoteId))
    .returning();
  const [beforeReply, afterReply] = await channelReplies(db, [before, after!]);
  audit({ entity: CHANNEL_ENTITY, entityId: params.remoteId, before: channelAudited(beforeReply!), after: channelAudited(afterReply!), licenseId: null });
  return json(afterReply!);
}

export const remoteRoutes = implement(remoteSpecs, {
  async getRemoteMap({ db, deps, caller, json }) {
    const file = await remotesFile(deps.config.consoleDir);
    return json({ remotes: await remoteMapFor(db, file, caller) });
  },

  async sendRemoteReports({ c, deps, caller, body, transaction }) {
    const now = deps.clock.now();
    const session = caller.apiKey ? `key:${caller.apiKey.apiKeyId}` : caller.sessionId;
    // Counted in the database, so a session's calls through several servers count together.
    const { hits, retryAfter } = await deps.throttle.hit(Limits.remoteReportsPerSession, session);
    if (hits > Limits.remoteReportsPerSession.max) throw new HttpError(429, M.tooManyReports, { retryAfterSeconds: retryAfter });
    const userId = caller.apiKey ? null : caller.userId;
    const browser = browserOf(c.req.header('user-agent'));
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const events = body.reports
      .filter((r) => r.kind !== 'page-view')
      .map((r) => ({
        remoteId: r.remote,
        version: r.version,
        kind: r.kind,
        at: now,
        userId,
        route: r.route ?? null,
        message: trim(r.message),
        stack: trim(r.stack),
        browser,
        loadMs: r.kind === 'load' ? (r.loadMs ?? null) : null,
      }));
    const views = new Map<string, { remoteId: string; version: string; views: number }>();
    for (const r of body.reports) {
      if (r.kind !== 'page-view') continue;
      const key = `${r.remote} ${r.version}`;
      const seen = views.get(key) ?? { remoteId: r.remote, version: r.version, views: 0 };
      seen.views += r.count ?? 1;
      views.set(key, seen);
    }
    // A pilot whose errors pass its rule is rolled back now, not at the next minute's run.
    const withErrors = [...new Set(body.reports.filter((r) => r.kind === 'error' || r.kind === 'page-view').map((r) => r.remote))];
    await transaction(async (tx) => {
      if (events.length) await tx.insert(remoteEvents).values(events);
      if (views.size && userId !== null) {
        await tx
          .insert(remotePageViews)
          .values([...views.values()].map((v) => ({ ...v, minute, userId })))
          .onConflictDoUpdate({
            target: [remotePageViews.remoteId, remotePageViews.version, remotePageViews.minute, remotePageViews.userId],
            set: { views: sql`${remotePageViews.views} + excluded.views` },
          });
      }
      if (withErrors.length) await applyRollbackRules({ db: tx, clock: deps.clock, log: deps.log }, withErrors);
    });
    for (const r of body.reports) if (r.kind === 'load-failure') deps.metrics.remoteLoadFailure(r.remote, r.version);
    return c.body(null, 204);
  },

  async getRemotesHealth({ db, deps, json }) {
    return json(await healthOf(db, deps.clock.now()));
  },

  async registerRemoteVersion({ db, deps, caller, params, body, audit, json }) {
    const problem = kernelRangeProblem(body.kernel, CONSOLE_KERNEL_VERSION);
    if (problem)
      throw badRequest(M.kernelRefused(params.remoteId, body.version, problem), {
        errors: { kernel: M.kernelRefused(params.remoteId, body.version, problem) },
      });
    const [taken] = await db
      .select({ id: remoteVersions.id })
      .from(remoteVersions)
      .where(and(eq(remoteVersions.remoteId, params.remoteId), eq(remoteVersions.version, body.version)));
    if (taken) throw conflict(M.versionTaken(params.remoteId, body.version), { errors: { version: M.versionTaken(params.remoteId, body.version) } });
    let row;
    try {
      [row] = await db
        .insert(remoteVersions)
        .values({
          remoteId: params.remoteId,
          version: body.version,
          entry: body.entry,
          kernel: body.kernel,
          registeredAt: deps.clock.now(),
          registeredBy: caller.userName,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(M.versionTaken(params.remoteId, body.version));
      throw error;
    }
    const reply = {
      remoteId: row!.remoteId,
      version: row!.version,
      entry: row!.entry,
      kernel: row!.kernel,
      registeredAt: row!.registeredAt.toISOString(),
      registeredBy: row!.registeredBy,
    };
    audit({ entity: CHANNEL_ENTITY, entityId: params.remoteId, after: { registered: reply }, licenseId: null });
    return json(reply, 201);
  },

  async setRemotePilot({ db, deps, params, body, audit, json }) {
    const [version] = await db
      .select()
      .from(remoteVersions)
      .where(and(eq(remoteVersions.remoteId, params.remoteId), eq(remoteVersions.version, body.version)));
    if (!version) throw notFound(M.unknownVersion(params.remoteId, body.version));
    const licenseIds = [...new Set(body.licenseIds)];
    if (licenseIds.length) {
      const found = await db.select({ id: licenses.licenseId }).from(licenses).where(inArray(licenses.licenseId, licenseIds));
      if (found.length !== licenseIds.length) throw badRequest(M.licenseIds, { errors: { licenseIds: M.licenseIds } });
    }
    if (licenseIds.length === 0 && body.percent === 0) throw badRequest(M.noAudience, { errors: { percent: M.noAudience } });
    const before = await channelOf(db, params.remoteId);
    if (before.stableVersion === body.version) throw badRequest(M.pilotIsStable(body.version), { errors: { version: M.pilotIsStable(body.version) } });
    const now = deps.clock.now();
    const [after] = await db
      .update(remoteChannels)
      .set({
        pilotVersion: body.version,
        pilotLicenseIds: licenseIds,
        pilotPercent: body.percent,
        pilotStartedAt: before.pilotVersion === body.version ? before.pilotStartedAt : now,
        rollbackFactor: body.rollback?.factor ?? null,
        rollbackMinViews: body.rollback?.minViews ?? null,
        updatedAt: now,
      })
      .where(eq(remoteChannels.remoteId, params.remoteId))
      .returning();
    const [beforeReply, afterReply] = await channelReplies(db, [before, after!]);
    audit({ entity: CHANNEL_ENTITY, entityId: params.remoteId, before: channelAudited(beforeReply!), after: channelAudited(afterReply!), licenseId: null });
    return json(afterReply!);
  },

  promoteRemotePilot: (context) => endPilot(context, 'promote'),

  rollBackRemotePilot: (context) => endPilot(context, 'rollBack'),
});
