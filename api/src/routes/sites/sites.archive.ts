/**
 * Archiving and unarchiving a site: archiving cascades to its subtree (nothing active is put under
 * an archived site), so the active sites always form whole trees; unarchiving needs an active parent.
 */
import { eq, sql } from 'drizzle-orm';
import { SiteMessages } from 'contracts/projects-sites/model';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { rawRows } from '../../db/rows';
import { type Audit, type SiteProject } from './sites.read';
import { siteEntry, withProjectSites } from './sites.write';

/** A site and all its descendants, as a recursive CTE. */
export const subtree = (siteId: number) => sql`
  with recursive tree(site_id) as (
    select site_id from sites where site_id = ${siteId}
    union all select s.site_id from sites s join tree on s.parent_id = tree.site_id
  ) select site_id from tree`;

type Changed = { site_id: number; name: string };

/**
 * Archives a site and every site below it in one statement (spec 1 §4), under the project's
 * lock. Each site archived gets a History entry; the site's own lists those archived with it.
 * A default storage location among them is cleared (it must be an active site).
 */
export async function archiveSite(db: Db, project: SiteProject, siteId: number, audit: Audit): Promise<void> {
  const { archived, storageCleared } = await withProjectSites(db, project.projectId, async (tx) => {
    const archived = await rawRows<Changed>(tx, sql`update sites set active = false where site_id in (${subtree(siteId)}) and active returning site_id, name`);
    const [current] = await tx.select({ defaultStorage: projects.defaultStorage }).from(projects).where(eq(projects.projectId, project.projectId));
    const storage = current?.defaultStorage ?? null;
    const storageCleared = storage !== null && archived.some((row) => row.site_id === storage.siteId) ? storage : null;
    if (storageCleared) await tx.update(projects).set({ defaultStorage: null }).where(eq(projects.projectId, project.projectId));
    return { archived, storageCleared };
  });
  const withIt = archived.filter((row) => row.site_id !== siteId).map((row) => ({ siteId: row.site_id, name: row.name }));
  for (const row of archived) {
    const after = row.site_id === siteId ? { active: false, childSitesArchived: withIt } : { active: false };
    audit(siteEntry(project, row.site_id, { active: true }, after));
  }
  if (storageCleared) audit({ entity: 'project', entityId: project.projectId, before: { defaultStorage: storageCleared }, after: { defaultStorage: null } });
}

/**
 * Unarchives a site, and with `includeChildren` every site below it, under the project's lock.
 * A site whose parent is archived is refused (400): unarchive the parent first, so nothing
 * active stands under an archived site.
 */
export async function unarchiveSite(db: Db, project: SiteProject, siteId: number, includeChildren: boolean, audit: Audit): Promise<void> {
  const unarchived = await withProjectSites(db, project.projectId, async (tx, existing) => {
    const site = existing.find((row) => row.siteId === siteId)!;
    const parent = site.parentId === null ? null : existing.find((row) => row.siteId === site.parentId);
    if (parent && !parent.active) throw badRequest(SiteMessages.unarchiveParentFirst);
    const which = includeChildren ? sql`site_id in (${subtree(siteId)})` : sql`site_id = ${siteId}`;
    const result = await rawRows<Changed>(tx, sql`update sites set active = true where ${which} and not active returning site_id, name`);
    return result;
  });
  const withIt = unarchived.filter((row) => row.site_id !== siteId).map((row) => ({ siteId: row.site_id, name: row.name }));
  for (const row of unarchived) {
    const after = row.site_id === siteId && includeChildren ? { active: true, childSitesUnarchived: withIt } : { active: true };
    audit(siteEntry(project, row.site_id, { active: false }, after));
  }
}
