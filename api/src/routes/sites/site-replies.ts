/**
 * Replies built from all of a project's sites (the hierarchy, the Sites tab's trees), kept by
 * each server while the project's site number stays the same. Every statement that changes a
 * project's sites raises that number in its own transaction (migration 0029), and the number is
 * read with each request before the sites are, so a kept reply is never older than the last
 * commit, whichever server made it; a server only saves building again what did not change
 * (for 10,000 sites: the read, the trees and 1.5 MB of JSON).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projectSiteVersions } from '../../db/schema';

/** How much reply text a server keeps for one database, the least recently served dropped first. */
const KEPT_CHARACTERS = 32 * 1024 * 1024;

interface Kept {
  version: number;
  body: string;
}

/** Per database (a test process may run several): the kept replies by project and kind, least recently served first. */
const keptFor = new WeakMap<object, Map<string, Kept>>();

/** The project's site number: raised by every change to its sites; 0 before the first. */
export async function siteVersion(db: Db, projectId: number): Promise<number> {
  const [row] = await db.select({ version: projectSiteVersions.version }).from(projectSiteVersions).where(eq(projectSiteVersions.projectId, projectId));
  return Number(row?.version ?? 0);
}

/**
 * The reply `kind` (what it is and whom it is for: 'hierarchy:archived', …) of the project's
 * sites as JSON text: the kept one when the sites have not changed since it was built, else
 * `build()`'s, kept for next time.
 */
export async function keptSiteReply(db: Db, projectId: number, kind: string, build: () => Promise<unknown>): Promise<string> {
  // Read before the sites: a reply built from sites newer than the number is kept under a number nobody reads again.
  const version = await siteVersion(db, projectId);
  let kept = keptFor.get(db);
  if (!kept) keptFor.set(db, (kept = new Map()));
  const key = `${projectId}:${kind}`;
  const hit = kept.get(key);
  if (hit && hit.version === version) {
    kept.delete(key);
    kept.set(key, hit);
    return hit.body;
  }
  const body = JSON.stringify(await build());
  kept.delete(key);
  if (body.length <= KEPT_CHARACTERS) {
    kept.set(key, { version, body });
    let characters = 0;
    for (const entry of kept.values()) characters += entry.body.length;
    for (const [oldest, entry] of kept) {
      if (characters <= KEPT_CHARACTERS) break;
      kept.delete(oldest);
      characters -= entry.body.length;
    }
  }
  return body;
}
