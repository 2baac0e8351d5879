/**
 * Release channels (issue 42): which version of each remote a user gets, what browsers
 * report of each version, the health figures, and the automatic rollback.
 *
 * - A remote without a channel row is served at the address remotes.json names (as before
 *   channels). With one, its stable version's address (or remotes.json's while it has none),
 *   and its pilot's to the pilot's audience: the chosen licences, and the users whose bucket
 *   — sha-256 of user id, remote and pilot version, mod 100 — is below the percentage. The
 *   bucket needs no state per user and is sticky for the whole pilot; a new pilot version
 *   draws a new sample.
 * - The automatic rollback compares the pilot's errors per 1,000 page views since the pilot
 *   began (at most the last day) with the stable version's over the same time; above `factor`
 *   times it, with at least `minViews` pilot views, the pilot ends. The update is conditional
 *   on the pilot still being that version, so when several servers evaluate at once exactly
 *   one rolls back and writes the audit entry, as 'the console'.
 */
import { consoleLayout } from '../console/layout';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { RemoteChannelMessages, type RemoteChannel, type RemoteMapEntry, type VersionFigures, CHANNEL_ENTITY } from 'contracts/auth/model';
import type { Db } from '../db/client';
import { rawRows } from '../db/rows';
import { auditLog, licenses, remoteChannels, remoteEvents, remotePageViews, remoteVersions } from '../db/schema';
import type { Clock } from '../services/clock';
import type { Logger } from '../services/log';

/** The audit entries' entity: a remote's channels (entity id: the remote's id). */
export { CHANNEL_ENTITY };
/** Who the History says acted when the rule rolled a pilot back. */
export const CHANNEL_ACTOR = 'the console';
/** How long reports are kept. */
export const REPORT_RETENTION_MS = 8 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** 0–99: the user's bucket for a remote's pilot version. */
export function pilotBucket(userId: number, remoteId: string, version: string): number {
  return createHash('sha256').update(`${userId}\u0000${remoteId}\u0000${version}`).digest().readUInt32BE(0) % 100;
}

type ChannelRow = typeof remoteChannels.$inferSelect;

/** Whether the user is in the remote's pilot. */
export function inPilot(
  channel: Pick<ChannelRow, 'remoteId' | 'pilotVersion' | 'pilotLicenseIds' | 'pilotPercent'>,
  user: { userId: number; licenseId: number },
): boolean {
  if (!channel.pilotVersion) return false;
  if (channel.pilotLicenseIds.includes(user.licenseId)) return true;
  return channel.pilotPercent > 0 && pilotBucket(user.userId, channel.remoteId, channel.pilotVersion) < channel.pilotPercent;
}

interface MapFileEntry {
  id: string;
  name: string;
  entry: string;
}

/** Reads remotes.json beside the host (again only when it changes): the addresses of remotes without a channel. */
export function remotesFileReader(hostDir: string): () => Promise<MapFileEntry[]> {
  const file = path.join(hostDir, 'remotes.json');
  let cached: { mtimeMs: number; remotes: MapFileEntry[] } | undefined;
  return async () => {
    try {
      const stat = await fs.promises.stat(file);
      if (!cached || cached.mtimeMs !== stat.mtimeMs) {
        const parsed = JSON.parse(await fs.promises.readFile(file, 'utf8')) as { remotes?: unknown[] };
        const remotes = (parsed.remotes ?? []).filter(
          (r): r is MapFileEntry =>
            typeof (r as MapFileEntry)?.id === 'string' && typeof (r as MapFileEntry).name === 'string' && typeof (r as MapFileEntry).entry === 'string',
        );
        cached = { mtimeMs: stat.mtimeMs, remotes };
      }
      return cached.remotes;
    } catch {
      return [];
    }
  };
}

/** remotes.json's readers, one per host folder (a test app and a server may differ). */
const fileReaders = new Map<string, () => Promise<MapFileEntry[]>>();

/** The remotes remotes.json lists, beside the host of the console in `consoleDir` (read again only when it changes). */
export function remotesFile(consoleDir: string | undefined): Promise<MapFileEntry[]> {
  const { hostDir } = consoleLayout(consoleDir);
  let reader = fileReaders.get(hostDir);
  if (!reader) fileReaders.set(hostDir, (reader = remotesFileReader(hostDir)));
  return reader();
}

/** A remote's federation name from its id (projects-sites → remote_projects_sites). */
const federationName = (remoteId: string) => `remote_${remoteId.replace(/-/g, '_')}`;

/**
 * The user's remote map: every remote of remotes.json and every remote with a channel, with the
 * address of the version the user gets. One query besides the (cached) file.
 */
export async function remoteMapFor(db: Db, fileRemotes: readonly MapFileEntry[], user: { userId: number; licenseId: number }): Promise<RemoteMapEntry[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`
    select c.remote_id, c.stable_version, c.pilot_version, c.pilot_license_ids, c.pilot_percent, s.entry as stable_entry, p.entry as pilot_entry
    from ${remoteChannels} c
    left join ${remoteVersions} s on s.remote_id = c.remote_id and s.version = c.stable_version
    left join ${remoteVersions} p on p.remote_id = c.remote_id and p.version = c.pilot_version`,
  );
  const channels = new Map(
    rows.map((r) => [
      String(r.remote_id),
      {
        remoteId: String(r.remote_id),
        stableVersion: (r.stable_version as string | null) ?? null,
        pilotVersion: (r.pilot_version as string | null) ?? null,
        pilotLicenseIds: ((r.pilot_license_ids as number[] | null) ?? []).map(Number),
        pilotPercent: Number(r.pilot_percent),
        stableEntry: (r.stable_entry as string | null) ?? null,
        pilotEntry: (r.pilot_entry as string | null) ?? null,
      },
    ]),
  );
  const ids = [...new Set([...fileRemotes.map((r) => r.id), ...channels.keys()])];
  const out: RemoteMapEntry[] = [];
  for (const id of ids) {
    const file = fileRemotes.find((r) => r.id === id);
    const channel = channels.get(id);
    const name = file?.name ?? federationName(id);
    if (channel?.pilotEntry && inPilot(channel, user)) {
      out.push({ id, name, entry: channel.pilotEntry, version: channel.pilotVersion, pilot: true });
    } else if (channel?.stableEntry) {
      out.push({ id, name, entry: channel.stableEntry, version: channel.stableVersion, pilot: false });
    } else if (file) {
      out.push({ id, name, entry: file.entry, version: null, pilot: false });
    }
  }
  return out;
}

/** The names of licences by id, in one query (a licence removed since is missing). */
async function licenseNames(db: Db, licenseIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(licenseIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ licenseId: licenses.licenseId, name: licenses.name }).from(licenses).where(inArray(licenses.licenseId, ids));
  return new Map(rows.map((row) => [row.licenseId, row.name]));
}

/** A channel row as the API answers it, its pilot's licences named from `names` ('#id' where a licence is gone). */
function replyOf(row: ChannelRow, names: ReadonlyMap<number, string>): RemoteChannel {
  return {
    remoteId: row.remoteId,
    stableVersion: row.stableVersion,
    pilotVersion: row.pilotVersion,
    pilotLicenseIds: row.pilotLicenseIds,
    pilotLicenses: row.pilotLicenseIds.map((licenseId) => ({ licenseId, name: names.get(licenseId) ?? `#${licenseId}` })),
    pilotPercent: row.pilotPercent,
    rollback: row.rollbackFactor !== null && row.rollbackMinViews !== null ? { factor: row.rollbackFactor, minViews: row.rollbackMinViews } : null,
    autoRolledBack:
      row.autoRolledBackAt && row.autoRolledBackVersion && row.autoRolledBackReason
        ? { at: row.autoRolledBackAt.toISOString(), version: row.autoRolledBackVersion, reason: row.autoRolledBackReason }
        : null,
  };
}

/** Channel rows as the API answers them, the pilots' licences named by one query for them all. */
export async function channelReplies(db: Db, rows: readonly ChannelRow[]): Promise<RemoteChannel[]> {
  const names = await licenseNames(
    db,
    rows.flatMap((row) => row.pilotLicenseIds),
  );
  return rows.map((row) => replyOf(row, names));
}

/**
 * A channel as its audit entries hold it (before and after, by hand or by the rule): the
 * reply with the pilot's licences as their names, so the History says 'Added: Harbour Works'
 * (a set of names, kit AuditEntries) and keeps saying it after a licence is renamed or removed.
 */
export function channelAudited(reply: RemoteChannel) {
  const { pilotLicenseIds: _ids, pilotLicenses, ...rest } = reply;
  return { ...rest, pilotLicenses: pilotLicenses.map((license) => license.name) };
}

/** A version's figures since `since`. */
export async function figuresOf(db: Db, remoteId: string, version: string, since: Date): Promise<VersionFigures> {
  const [events] = await db
    .select({
      loads: sql<number>`count(*) filter (where ${remoteEvents.kind} = 'load')`.mapWith(Number),
      loadFailures: sql<number>`count(*) filter (where ${remoteEvents.kind} = 'load-failure')`.mapWith(Number),
      errors: sql<number>`count(*) filter (where ${remoteEvents.kind} = 'error')`.mapWith(Number),
      medianLoadMs: sql<number | null>`percentile_cont(0.5) within group (order by
        ${remoteEvents.loadMs}) filter (where ${remoteEvents.kind} = 'load' and ${remoteEvents.loadMs} is not null)`,
    })
    .from(remoteEvents)
    .where(and(eq(remoteEvents.remoteId, remoteId), eq(remoteEvents.version, version), gte(remoteEvents.at, since)));
  const [views] = await db
    .select({ pageViews: sql<number>`coalesce(sum(${remotePageViews.views}), 0)`.mapWith(Number) })
    .from(remotePageViews)
    .where(and(eq(remotePageViews.remoteId, remoteId), eq(remotePageViews.version, version), gte(remotePageViews.minute, since)));
  const users = await rawRows<{ n: number | string }>(
    db,
    sql`
    select count(*)::int as n from (
      select user_id from
      ${remoteEvents} where remote_id = ${remoteId} and version = ${version} and at >= ${since.toISOString()}::timestamptz and user_id is not null
      union
      select user_id from ${remotePageViews} where remote_id = ${remoteId} and version = ${version} and minute >= ${since.toISOString()}::timestamptz
    ) u`,
  );
  const pageViews = views?.pageViews ?? 0;
  const errors = events?.errors ?? 0;
  const median = events?.medianLoadMs;
  return {
    users: Number(users[0]?.n ?? 0),
    pageViews,
    loads: events?.loads ?? 0,
    loadFailures: events?.loadFailures ?? 0,
    errors,
    errorsPer1000: pageViews > 0 ? Math.round((errors / pageViews) * 100_000) / 100 : null,
    medianLoadMs: median === null || median === undefined ? null : Math.round(Number(median)),
  };
}

/** The users on a version in the last day (the confirmations name it). */
export async function usersInLastDay(db: Db, remoteId: string, version: string, now: Date): Promise<number> {
  return (await figuresOf(db, remoteId, version, new Date(now.getTime() - DAY_MS))).users;
}

/**
 * Console health's release channels: per remote, its channel, its registered builds, and the
 * figures of each version that is stable, pilot, or reported in the last day ('other': a build
 * remotes.json serves, or a version rolled back or replaced).
 */
export async function healthOf(db: Db, now: Date) {
  const channels = await db.select().from(remoteChannels);
  const registered = await db.select().from(remoteVersions).orderBy(desc(remoteVersions.registeredAt));
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const reported = await rawRows<{ remote_id: string; version: string }>(
    db,
    sql`
    select distinct remote_id, version from ${remoteEvents} where at >= ${dayAgo.toISOString()}::timestamptz
    union select distinct remote_id, version from ${remotePageViews} where minute >= ${dayAgo.toISOString()}::timestamptz`,
  );
  const pairs = new Map<string, Set<string>>();
  const add = (remoteId: string, version: string | null) => {
    if (!version) return;
    if (!pairs.has(remoteId)) pairs.set(remoteId, new Set());
    pairs.get(remoteId)!.add(version);
  };
  for (const channel of channels) {
    add(channel.remoteId, channel.stableVersion);
    add(channel.remoteId, channel.pilotVersion);
  }
  for (const row of reported) add(row.remote_id, row.version);
  const remoteIds = [...new Set([...pairs.keys(), ...registered.map((r) => r.remoteId)])].sort();
  const replies = new Map((await channelReplies(db, channels)).map((reply) => [reply.remoteId, reply]));
  const remotes = [];
  for (const remoteId of remoteIds) {
    const channel = channels.find((c) => c.remoteId === remoteId) ?? null;
    const versions = [];
    for (const version of pairs.get(remoteId) ?? []) {
      const kind = channel?.pilotVersion === version ? 'pilot' : channel?.stableVersion === version ? 'stable' : 'other';
      const lastErrors = await db
        .select({ at: remoteEvents.at, message: remoteEvents.message, route: remoteEvents.route })
        .from(remoteEvents)
        .where(and(eq(remoteEvents.remoteId, remoteId), eq(remoteEvents.version, version), eq(remoteEvents.kind, 'error'), gte(remoteEvents.at, dayAgo)))
        .orderBy(desc(remoteEvents.at))
        .limit(5);
      versions.push({
        version,
        channel: kind as 'stable' | 'pilot' | 'other',
        entry: registered.find((r) => r.remoteId === remoteId && r.version === version)?.entry ?? null,
        hour: await figuresOf(db, remoteId, version, hourAgo),
        day: await figuresOf(db, remoteId, version, dayAgo),
        lastErrors: lastErrors.map((e) => ({ at: e.at.toISOString(), message: e.message ?? '', route: e.route })),
      });
    }
    const order = { stable: 0, pilot: 1, other: 2 };
    versions.sort((a, b) => order[a.channel] - order[b.channel] || a.version.localeCompare(b.version));
    remotes.push({
      remoteId,
      channel: replies.get(remoteId) ?? null,
      versions,
      registered: registered
        .filter((r) => r.remoteId === remoteId)
        .map((r) => ({
          remoteId: r.remoteId,
          version: r.version,
          entry: r.entry,
          kernel: r.kernel,
          registeredAt: r.registeredAt.toISOString(),
          registeredBy: r.registeredBy,
        })),
    });
  }
  return { remotes };
}

/**
 * For the home page's card 'Remotes that failed to load' (super administrators): the load
 * failures browsers reported since `since`, per remote and version, most first.
 */
export async function remoteLoadFailuresSince(
  db: Db,
  since: Date,
): Promise<{ remoteId: string; version: string; failures: number; users: number; lastAt: string }[]> {
  const rows = await db
    .select({
      remoteId: remoteEvents.remoteId,
      version: remoteEvents.version,
      failures: sql<number>`count(*)`.mapWith(Number),
      users: sql<number>`count(distinct ${remoteEvents.userId})`.mapWith(Number),
      lastAt: sql<Date>`max(${remoteEvents.at})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(remoteEvents)
    .where(and(eq(remoteEvents.kind, 'load-failure'), gte(remoteEvents.at, since)))
    .groupBy(remoteEvents.remoteId, remoteEvents.version)
    .orderBy(desc(sql`count(*)`));
  return rows.map((r) => ({ ...r, lastAt: r.lastAt.toISOString() }));
}

/** Why the rule fires for a channel now, or undefined. */
async function ruleFires(db: Db, channel: ChannelRow, now: Date): Promise<string | undefined> {
  if (!channel.pilotVersion || channel.rollbackFactor === null || channel.rollbackMinViews === null) return undefined;
  const since = new Date(Math.max(now.getTime() - DAY_MS, (channel.pilotStartedAt ?? now).getTime() - 60_000));
  const pilot = await figuresOf(db, channel.remoteId, channel.pilotVersion, since);
  if (pilot.pageViews < channel.rollbackMinViews || pilot.errors === 0 || pilot.errorsPer1000 === null) return undefined;
  const stableVersions = channel.stableVersion ? [channel.stableVersion] : [];
  let stableRate = 0;
  if (stableVersions.length) {
    const stable = await figuresOf(db, channel.remoteId, stableVersions[0]!, since);
    stableRate = stable.errorsPer1000 ?? 0;
  }
  if (pilot.errorsPer1000 <= channel.rollbackFactor * stableRate) return undefined;
  return (
    `${pilot.errorsPer1000} errors per 1,000 page views (${pilot.errors} in ${pilot.pageViews}), above ${channel.rollbackFactor} ` +
    `× the stable version’s ${stableRate}.`
  );
}

/**
 * Applies every pilot's automatic rollback rule (or only `remoteIds`' ones): answers the
 * remotes rolled back by this call. Each rollback is claimed by a conditional update, so it
 * happens once however many servers evaluate.
 */
export async function applyRollbackRules(deps: { db: Db; clock: Clock; log?: Logger }, remoteIds?: readonly string[]): Promise<string[]> {
  const { db, clock } = deps;
  const now = clock.now();
  const channels = await db
    .select()
    .from(remoteChannels)
    .where(
      and(
        sql`${remoteChannels.pilotVersion} is not null`,
        sql`${remoteChannels.rollbackFactor} is not null`,
        remoteIds ? inArray(remoteChannels.remoteId, [...remoteIds]) : undefined,
      ),
    );
  const done: string[] = [];
  for (const channel of channels) {
    const reason = await ruleFires(db, channel, now);
    if (!reason) continue;
    const claimed = await db
      .update(remoteChannels)
      .set({
        pilotVersion: null,
        pilotLicenseIds: [],
        pilotPercent: 0,
        pilotStartedAt: null,
        autoRolledBackAt: now,
        autoRolledBackVersion: channel.pilotVersion,
        autoRolledBackReason: reason,
        updatedAt: now,
      })
      .where(and(eq(remoteChannels.remoteId, channel.remoteId), eq(remoteChannels.pilotVersion, channel.pilotVersion!)))
      .returning();
    if (claimed.length === 0) continue;
    const [before, after] = await channelReplies(db, [channel, claimed[0]!]);
    await db.insert(auditLog).values({
      at: now,
      actorUserId: null,
      actorName: CHANNEL_ACTOR,
      method: 'JOB',
      path: '/jobs/remote-rollback-rules',
      status: 200,
      entity: CHANNEL_ENTITY,
      entityId: channel.remoteId,
      before: channelAudited(before!),
      after: { ...channelAudited(after!), note: RemoteChannelMessages.autoRolledBack(channel.pilotVersion!, reason) },
      subject: null,
      licenseId: null,
    });
    deps.log?.warn('pilot rolled back by its rule', { remoteId: channel.remoteId, version: channel.pilotVersion, reason });
    done.push(channel.remoteId);
  }
  return done;
}

/** Deletes reports older than the retention. */
export async function pruneReports(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - REPORT_RETENTION_MS);
  await db.delete(remoteEvents).where(lt(remoteEvents.at, before));
  await db.delete(remotePageViews).where(lt(remotePageViews.minute, before));
}

/** How often a server prunes old reports and applies the pilots' rollback rules. */
export const CHANNEL_JOB_INTERVAL_MS = 60 * 1000;

/**
 * Every minute, as background work: the pilots' rollback rules (claimed per rollback, so
 * several servers roll back once) and the reports' retention.
 */
export function startChannelJobs(
  deps: { db: Db; clock: Clock; log: Logger; background: { run(name: string, work: () => Promise<void>): void } },
  intervalMs = CHANNEL_JOB_INTERVAL_MS,
): { stop(): void } {
  const run = () =>
    deps.background.run('release channels', async () => {
      await applyRollbackRules(deps);
      await pruneReports(deps.db, deps.clock.now());
    });
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
