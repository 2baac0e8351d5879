/** Copying a site (with its subtree) into another project the caller sees. */
import { and, eq, inArray } from 'drizzle-orm';
import { siteExists, SiteMessages, siteNameKey, type SiteTreeBody } from 'contracts/projects-sites/model';
import type { Db } from '../../db/client';
import { sites } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { badRequest, conflict } from '../../http/errors';
import { GEOZONE_MAX_DEPTH, planSites, type PlannedSite } from './sites.plan';
import { type SiteRow, type SiteBody, type Audit, canSeeArchived, type SiteProject, siblingNamed } from './sites.read';
import { siteEntry, withProjectSites, writePlan } from './sites.write';

/** Whether a site can be copied to the top level of a project (GET site/{projectId}/{siteId}/canCopySites). */
export async function copyCheck(db: Db, source: SiteRow, target: SiteProject) {
  const counterpart = await siblingNamed(db, target.projectId, null, source.name);
  const isActive = counterpart?.active ?? false;
  return { canCopy: source.active && !isActive, isActive, askUnarchivePermission: counterpart !== undefined && !counterpart.active };
}

/** The fields a copy takes from its source site, `depth` where the copy stands (a GeoZone only at depth 3 or less). */
function copiedFields(source: SiteRow, depth: number): Omit<SiteBody, 'name'> {
  return {
    siteClass: source.siteClass as SiteBody['siteClass'],
    siteType: source.siteTypes ?? {},
    siteColor: source.siteColor,
    borderColor: source.borderColor,
    borderOpacity: source.borderOpacity,
    siteOpacity: source.siteOpacity,
    // A GeoZone is kept where the copy may hold one (depth 3 or less), dropped deeper.
    location: depth <= GEOZONE_MAX_DEPTH ? (source.location ?? null) : null,
    properties: { overlays: source.properties?.overlays ?? [], userProperties: source.properties?.userProperties ?? {} },
  };
}

/**
 * Copies an active site and its active descendants into a project (the project view's Copy of
 * active sites), under the target's lock, all or nothing. Each site is merged by name (any
 * case) with its counterpart at the same place: a missing one is created with the source's
 * fields; an archived one is unarchived when `unarchiveExisting` (else 409, nothing written);
 * an active one below the top is kept — except the copied site itself, which must not exist
 * active there (409 siteExists). A counterpart the copy merges into takes the source's fields
 * (class, types, colours, opacities, GeoZone, properties), keeping its name and its own sites
 * the source does not have: a copy makes the target's sites what the source's are, as copying
 * a configuration overwrites the one of the same type (spec 1 §2 Copy). Each change is in the
 * counterpart's History. Answers the id of the copied site in the target.
 */
export async function copySite(
  db: Db,
  source: SiteRow,
  target: SiteProject,
  where: { parentId: number | null; name: string; unarchiveExisting: boolean },
  caller: Caller,
  audit: Audit,
): Promise<number> {
  const sourceRows = await db
    .select()
    .from(sites)
    .where(and(eq(sites.projectId, source.projectId), eq(sites.active, true)));
  const byParent = new Map<number, SiteRow[]>();
  for (const row of sourceRows) if (row.parentId !== null) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const childrenOf = (siteId: number) => byParent.get(siteId) ?? [];

  const { top, unarchived } = await withProjectSites(db, target.projectId, async (tx, existing) => {
    const parent = where.parentId === null ? null : existing.find((row) => row.siteId === where.parentId);
    if (where.parentId !== null && (!parent || (!parent.active && !canSeeArchived(caller))))
      throw badRequest(SiteMessages.parentNotInProject, { errors: { 'site.parentId': SiteMessages.parentNotInProject } });
    if (parent && !parent.active) throw badRequest(SiteMessages.parentArchived, { errors: { 'site.parentId': SiteMessages.parentArchived } });
    const places = new Map<number | null, Map<string, PlannedSite>>();
    for (const row of existing) {
      const place = places.get(row.parentId) ?? new Map<string, PlannedSite>();
      place.set(siteNameKey(row.name), row);
      places.set(row.parentId, place);
    }

    const unarchive: PlannedSite[] = [];
    // The tree the copy saves: a counterpart by its siteId (its fields set), a missing site without one (created).
    const fresh = (site: SiteRow, name: string, depth: number): SiteTreeBody => ({
      site: { name, ...copiedFields(site, depth) },
      children: childrenOf(site.siteId).map((child) => fresh(child, child.name, depth + 1)),
    });
    const merge = (site: SiteRow, name: string, parentId: number | null, depth: number): SiteTreeBody => {
      const counterpart = places.get(parentId)?.get(siteNameKey(name));
      if (!counterpart) return fresh(site, name, depth);
      if (site.siteId === source.siteId && counterpart.active) throw conflict(siteExists(name), { errors: { 'site.name': siteExists(name) } });
      if (!counterpart.active) {
        if (!where.unarchiveExisting) throw conflict(SiteMessages.unarchivePermission, { askUnarchivePermission: true });
        unarchive.push(counterpart);
      }
      return {
        site: { siteId: counterpart.siteId, name: counterpart.name, ...copiedFields(site, depth) },
        children: childrenOf(site.siteId).map((child) => merge(child, child.name, counterpart.siteId, depth + 1)),
      };
    };
    const tree = merge(source, where.name, where.parentId, (parent?.depth ?? 0) + 1);
    tree.site.parentId = where.parentId;

    if (unarchive.length > 0) {
      await tx
        .update(sites)
        .set({ active: true })
        .where(
          inArray(
            sites.siteId,
            unarchive.map((row) => row.siteId),
          ),
        );
      for (const row of unarchive) row.active = true;
    }
    const plan = planSites(existing, [tree], { mode: 'save', projectId: target.projectId, seeArchived: true, topLevelClass: 'keep' });
    const written = await writePlan(tx, target, plan, audit);
    const topKey = plan.trees[0]!.key;
    return { top: written.created.get(topKey)?.siteId ?? Number(topKey.slice(1)), unarchived: unarchive };
  });
  for (const row of unarchived) audit(siteEntry(target, row.siteId, { active: false }, { active: true, copiedFrom: source.siteId }));
  return top;
}
