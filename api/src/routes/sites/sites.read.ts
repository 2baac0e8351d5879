/**
 * Sites in the caller's sight and how they are read and answered: the project's rows (one JSON
 * text), the trees and replies, a sibling by name. Archived sites (spec 1 §6): only a caller with
 * ADMINISTER_SITE sees them; for anyone else an archived site is no site (404 by id, left out of lists).
 */
import { and, eq, sql } from 'drizzle-orm';
import { type SiteTreeBody } from 'contracts/projects-sites/model';
import { Role } from 'shared/roles';
import type { Db, Tx } from '../../db/client';
import { projects, sites, type SiteProperties } from '../../db/schema';
import { visibleProjectsWhere, type ProjectInSight } from '../../domain/project-visibility';
import type { AuditEntry } from '../../http/audit';
import type { Caller } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { Scope } from '../../http/scope';
import { rawRows } from '../../db/rows';

export type SiteRow = typeof sites.$inferSelect;
export type SiteInsert = typeof sites.$inferInsert;
export type SiteBody = SiteTreeBody['site'];
export type Audit = (entry: AuditEntry) => void;

/** Whether the caller sees archived sites (spec 1 §6: ADMINISTER_SITE). */
export const canSeeArchived = (caller: Caller) => caller.roles.has(Role.ADMINISTER_SITE);

/** A project the caller sees, as the site calls need it (domain/project-visibility.ts). */
export type SiteProject = ProjectInSight;

const projectColumns = { projectId: projects.projectId, licenseId: projects.licenseId, isActive: projects.isActive, defaultStorage: projects.defaultStorage };

/** A site of a project the caller sees, with its project; an archived one only for ADMINISTER_SITE (404 otherwise). */
export async function siteInSight(db: Db, caller: Caller, scope: Scope, siteId: number): Promise<{ site: SiteRow; project: SiteProject }> {
  const [row] = await db
    .select({ site: sites, project: projectColumns })
    .from(sites)
    .innerJoin(projects, eq(projects.projectId, sites.projectId))
    .where(and(eq(sites.siteId, siteId), await visibleProjectsWhere(db, caller, scope)));
  if (!row || (!row.site.active && !canSeeArchived(caller))) throw notFound();
  return { site: row.site, project: { ...row.project, licenseId: row.project.licenseId! } };
}

// ------------------------------------------------------------------ replies

/** A site as the API answers it, without its children. */
export function simpleSiteReply(row: SiteRow) {
  const properties = row.properties ?? {};
  return {
    siteId: row.siteId,
    name: row.name,
    active: row.active,
    parentId: row.parentId,
    projectId: row.projectId,
    depth: row.depth,
    siteClass: row.siteClass,
    siteType: row.siteTypes ?? {},
    siteColor: row.siteColor,
    borderColor: row.borderColor,
    borderOpacity: row.borderOpacity,
    siteOpacity: row.siteOpacity,
    location: row.location ?? null,
    properties: { ...properties, overlays: properties.overlays ?? [], userProperties: properties.userProperties ?? {} },
  };
}
export type SimpleSiteReply = ReturnType<typeof simpleSiteReply>;
export type SiteReply = SimpleSiteReply & { children: SiteReply[] };

/** Siblings in the order a person reads them: by name, numbers by value (Bin 2 before Bin 10), in any case. */
const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
const byName = (a: { name: string; siteId: number }, b: { name: string; siteId: number }) => collator.compare(a.name, b.name) || a.siteId - b.siteId;

/** Rows as trees under `top` (null: the project's top level), each level in reading order. */
export function nest<T extends { siteId: number; parentId: number | null; name: string }, R>(
  rows: readonly T[],
  build: (row: T, children: R[]) => R,
  top: number | null = null,
): R[] {
  const byParent = new Map<number | null, T[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId);
    if (siblings) siblings.push(row);
    else byParent.set(row.parentId, [row]);
  }
  const make = (parent: number | null): R[] => (byParent.get(parent) ?? []).sort(byName).map((row) => build(row, make(row.siteId)));
  return make(top);
}

export const siteTree = (row: SiteRow, children: SiteReply[]): SiteReply => ({ ...simpleSiteReply(row), children });

/** The project's sites: the active ones, or all with `withArchived` (one JSON text, as hierarchyRows reads them). */
export async function projectSiteRows(db: Db, projectId: number, withArchived: boolean): Promise<SiteRow[]> {
  const result = await rawRows<{ sites: string }>(
    db,
    sql`
    select coalesce(json_agg(json_build_array(site_id, parent_id, name, active, depth, site_class, site_types,
      site_color, border_color, border_opacity, site_opacity, location, properties)), '[]')::text as sites
    from sites where project_id = ${projectId} ${withArchived ? sql`` : sql`and active`}`,
  );
  const rows = JSON.parse(result[0]!.sites) as unknown[][];
  return rows.map(
    ([siteId, parentId, name, active, depth, siteClass, siteTypes, siteColor, borderColor, borderOpacity, siteOpacity, location, properties]) => ({
      siteId: siteId as number,
      projectId,
      parentId: parentId as number | null,
      name: name as string,
      active: active as boolean,
      depth: depth as number,
      siteClass: siteClass as string,
      siteTypes: (siteTypes ?? {}) as SiteRow['siteTypes'],
      siteColor: siteColor as string | null,
      borderColor: borderColor as string | null,
      borderOpacity: borderOpacity as number | null,
      siteOpacity: siteOpacity as number | null,
      location: location ?? null,
      properties: (properties ?? {}) as SiteProperties,
    }),
  );
}

/** A hierarchy node's site: all but the drawing and the properties, which the site view reads (a lighter answer for 10,000 sites). */
export type HierarchySite = {
  siteId: number;
  name: string;
  active: boolean;
  parentId: number | null;
  projectId: number;
  depth: number;
  siteClass: string;
  siteType: SiteRow['siteTypes'];
};
export type HierarchyNode = { site: HierarchySite; children: HierarchyNode[] };

/**
 * The project's sites as hierarchy nodes read them. One JSON text of them all rather than a row
 * each: for 10,000 sites PGlite answers it in a fifth of the time.
 */
export async function hierarchyRows(db: Db, projectId: number, withArchived: boolean): Promise<HierarchySite[]> {
  const result = await rawRows<{ sites: string }>(
    db,
    sql`
    select coalesce(json_agg(json_build_array(site_id, name, active, parent_id, depth, site_class, site_types)), '[]')::text as sites
    from sites where project_id = ${projectId} ${withArchived ? sql`` : sql`and active`}`,
  );
  const [row] = result;
  const rows = JSON.parse(row!.sites) as [number, string, boolean, number | null, number, string, SiteRow['siteTypes']][];
  return rows.map(([siteId, name, active, parentId, depth, siteClass, siteType]) => ({
    siteId,
    name,
    active,
    parentId,
    projectId,
    depth,
    siteClass,
    siteType: siteType ?? {},
  }));
}

/** A site among its siblings by name, trimmed and in any case (what the unique index compares). */
export async function siblingNamed(db: Db | Tx, projectId: number, parentId: number | null, name: string): Promise<SiteRow | undefined> {
  const [row] = await db
    .select()
    .from(sites)
    .where(
      and(eq(sites.projectId, projectId), sql`coalesce(${sites.parentId}, 0) = ${parentId ?? 0}`, sql`lower(btrim(${sites.name})) = lower(btrim(${name}))`),
    );
  return row;
}
