/**
 * Sites of a project, what the site calls share (sites.handlers.ts resolves each call): the
 * project or site in the caller's sight, the replies and trees, and the writes — each in one
 * transaction that first locks the project's row, so every change to a project's sites runs
 * after the one before and is checked (sites.plan.ts) against the sites as that one left them.
 * The unique index on (project, parent, lower(trim(name))) holds the sibling rule even so; its
 * violation is the same 409.
 *
 * Archived sites (spec 1 §6): only a caller with ADMINISTER_SITE sees them. For anyone else an
 * archived site is no site (404 by id, left out of lists), and an archived site's children are
 * archived too (archiving cascades; nothing active is put under an archived site), so the
 * active sites always form whole trees.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { siteExists, SiteMessages, siteNameKey, type SiteTreeBody } from 'contracts/projects-sites/model';
import { Role } from 'shared/roles';
import type { Db, Tx } from '../../db/client';
import { projects, sites, type SiteProperties } from '../../db/schema';
import { assertTakesNew } from '../../domain/project-state';
import { visibleProjectsWhere, type ProjectInSight } from '../../domain/project-visibility';
import type { AuditEntry } from '../../http/audit';
import type { Caller } from '../../http/auth';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import type { Scope } from '../../http/scope';
import { GEOZONE_MAX_DEPTH, planSites, type PlannedSite, type PlanOptions, type SitePlan } from './sites.plan';
import { rawRows } from '../../db/rows';

export type SiteRow = typeof sites.$inferSelect;
type SiteInsert = typeof sites.$inferInsert;
type SiteBody = SiteTreeBody['site'];
type Audit = (entry: AuditEntry) => void;

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
export function nest<T extends { siteId: number; parentId: number | null; name: string }, R>(rows: readonly T[], build: (row: T, children: R[]) => R, top: number | null = null): R[] {
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
  const result = await rawRows<{ sites: string }>(db, sql`
    select coalesce(json_agg(json_build_array(site_id, parent_id, name, active, depth, site_class, site_types, site_color, border_color, border_opacity, site_opacity, location, properties)), '[]')::text as sites
    from sites where project_id = ${projectId} ${withArchived ? sql`` : sql`and active`}`);
  const rows = JSON.parse(result[0]!.sites) as unknown[][];
  return rows.map(([siteId, parentId, name, active, depth, siteClass, siteTypes, siteColor, borderColor, borderOpacity, siteOpacity, location, properties]) => ({
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
  }));
}

/** A hierarchy node's site: all but the drawing and the properties, which the site view reads (a lighter answer for 10,000 sites). */
export type HierarchySite = { siteId: number; name: string; active: boolean; parentId: number | null; projectId: number; depth: number; siteClass: string; siteType: SiteRow['siteTypes'] };
export type HierarchyNode = { site: HierarchySite; children: HierarchyNode[] };

/**
 * The project's sites as hierarchy nodes read them. One JSON text of them all rather than a row
 * each: for 10,000 sites PGlite answers it in a fifth of the time.
 */
export async function hierarchyRows(db: Db, projectId: number, withArchived: boolean): Promise<HierarchySite[]> {
  const result = await rawRows<{ sites: string }>(db, sql`
    select coalesce(json_agg(json_build_array(site_id, name, active, parent_id, depth, site_class, site_types)), '[]')::text as sites
    from sites where project_id = ${projectId} ${withArchived ? sql`` : sql`and active`}`);
  const [row] = result;
  const rows = JSON.parse(row!.sites) as [number, string, boolean, number | null, number, string, SiteRow['siteTypes']][];
  return rows.map(([siteId, name, active, parentId, depth, siteClass, siteType]) => ({ siteId, name, active, parentId, projectId, depth, siteClass, siteType: siteType ?? {} }));
}

/** A site among its siblings by name, trimmed and in any case (what the unique index compares). */
export async function siblingNamed(db: Db | Tx, projectId: number, parentId: number | null, name: string): Promise<SiteRow | undefined> {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.projectId, projectId), sql`coalesce(${sites.parentId}, 0) = ${parentId ?? 0}`, sql`lower(btrim(${sites.name})) = lower(btrim(${name}))`));
  return row;
}

// ------------------------------------------------------------------ what the audit trail keeps

/** Column → the name the API gives it. */
const API_FIELD: Partial<Record<keyof SiteRow, string>> = { siteTypes: 'siteType' };

/** What a site's History shows of it: its fields as the API names them. */
function snapshot(row: SiteRow, keys?: readonly (keyof SiteRow)[]) {
  const fields = keys ?? (['name', 'parentId', 'depth', 'active', 'siteClass', 'siteTypes', 'siteColor', 'borderColor', 'borderOpacity', 'siteOpacity', 'location', 'properties'] as const);
  return Object.fromEntries(fields.map((key) => [API_FIELD[key] ?? key, row[key] ?? null]));
}

/** Whether a value says anything: not null, not an empty list or object (nor one holding only such). */
const meaningful = (value: unknown): boolean =>
  value !== null && value !== undefined && (Array.isArray(value) ? value.length > 0 : typeof value !== 'object' || Object.values(value).some(meaningful));

/** A new site as its History shows it: the fields it has, not the empty ones. */
const createdSnapshot = (row: SiteRow) => Object.fromEntries(Object.entries(snapshot(row)).filter(([, value]) => meaningful(value)));

const siteEntry = (project: SiteProject, siteId: number, before: unknown, after: unknown): AuditEntry => ({
  entity: 'site',
  entityId: siteId,
  subject: { kind: 'site', id: siteId },
  before,
  after,
  // Given, so thousands of entries (a bulk entry, an archive) need no lookup each.
  licenseId: project.licenseId,
});

// ------------------------------------------------------------------ writing

/** The project's row lock: every change to its sites runs after the one before (see the file's comment). */
async function lockProject(tx: Tx, projectId: number): Promise<void> {
  await tx.select({ projectId: projects.projectId }).from(projects).where(eq(projects.projectId, projectId)).for('update');
}

/** The project's sites as a plan reads them (one JSON text, as hierarchyRows reads them). */
async function plannedSites(tx: Tx, projectId: number): Promise<PlannedSite[]> {
  const result = await rawRows<{ sites: string }>(tx, sql`
    select coalesce(json_agg(json_build_array(site_id, parent_id, name, active, depth, site_class, coalesce(jsonb_typeof(location), 'null') <> 'null')), '[]')::text as sites
    from sites where project_id = ${projectId}`);
  const rows = JSON.parse(result[0]!.sites) as [number, number | null, string, boolean, number, string, boolean][];
  return rows.map(([siteId, parentId, name, active, depth, siteClass, hasLocation]) => ({ siteId, parentId, name, active, depth, siteClass, hasLocation }));
}

/** The name a unique violation of the sibling index reports (its key: trimmed, lower case), when the driver passes it on. */
function violatedName(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const detail = (current as { detail?: unknown }).detail;
    const match = typeof detail === 'string' ? /\)=\(\d+, \d+, (.*)\) already exists/.exec(detail) : null;
    if (match) return match[1]!;
  }
  return null;
}

/**
 * Runs `work` in a transaction holding the project's lock, with the project's sites as they
 * stand. A sibling name the index refuses (a writer that did not lock, or what only the
 * database compares alike) is the same 409 as the plan's: `siteExists` with the name.
 */
export async function withProjectSites<T>(db: Db, projectId: number, work: (tx: Tx, existing: PlannedSite[]) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await lockProject(tx, projectId);
      // Each new site's parent is checked (the parent_id foreign key) by a query the server plans
      // once and keeps: planned while the table was small, it scans the whole table for every
      // site, and 5,000 sites into 15,000 take seconds instead of a tenth. Planned for each key it
      // uses the primary key.
      await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
      return work(tx, await plannedSites(tx, projectId));
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = siteExists(violatedName(error) ?? '');
    throw conflict(message);
  }
}

/** The fields a body sets beside name, place and class (those it sends; '' clears a colour). */
function fieldsOf(row: SiteRow | null, body: SiteBody): Partial<SiteInsert> {
  const set: Partial<SiteInsert> = {};
  if (body.siteType !== undefined) set.siteTypes = body.siteType;
  if (body.siteColor !== undefined) set.siteColor = body.siteColor || null;
  if (body.borderColor !== undefined) set.borderColor = body.borderColor || null;
  if (body.borderOpacity !== undefined) set.borderOpacity = body.borderOpacity;
  if (body.siteOpacity !== undefined) set.siteOpacity = body.siteOpacity;
  if (body.location !== undefined) set.location = body.location;
  if (body.properties !== undefined) {
    const properties: SiteProperties = { ...(row?.properties ?? {}) };
    if (body.properties.overlays !== undefined) properties.overlays = body.properties.overlays;
    if (body.properties.userProperties !== undefined) properties.userProperties = body.properties.userProperties;
    set.properties = properties;
  }
  return set;
}

/** A location as this API keeps it: null, or a GeoJSON geometry (an object) of at most 100 KB. */
export function assertLocations(trees: readonly SiteTreeBody[], path = ''): void {
  trees.forEach((tree, i) => {
    const here = `${path}${i}`;
    const location = tree.site.location;
    if (location !== undefined && location !== null && (typeof location !== 'object' || JSON.stringify(location).length > 100_000)) {
      throw badRequest(SiteMessages.location, { errors: { [`${here}.site.location`]: SiteMessages.location } });
    }
    assertLocations(tree.children ?? [], `${here}.children.`);
  });
}

type SiteColumn = { site_id: number; project_id: number; parent_id: number | null; name: string; active: boolean; depth: number; site_class: string; site_types: SiteRow['siteTypes'] | null; site_color: string | null; border_color: string | null; border_opacity: number | null; site_opacity: number | null; location: unknown; properties: SiteProperties | null };

/**
 * Inserts new sites from one JSON document (jsonb_to_recordset) and answers their rows: a
 * thousand sites as values are 14,000 parameters, which PGlite binds several times slower.
 */
async function insertSites(tx: Tx, values: readonly SiteInsert[]): Promise<SiteRow[]> {
  const document = JSON.stringify(
    values.map((site) => ({
      project_id: site.projectId,
      parent_id: site.parentId ?? null,
      name: site.name,
      depth: site.depth ?? 1,
      active: site.active ?? true,
      site_class: site.siteClass ?? 'site',
      site_types: site.siteTypes ?? {},
      site_color: site.siteColor ?? null,
      border_color: site.borderColor ?? null,
      border_opacity: site.borderOpacity ?? null,
      site_opacity: site.siteOpacity ?? null,
      location: site.location ?? null,
      properties: site.properties ?? {},
    })),
  );
  const result = await rawRows<SiteColumn>(tx, sql`
    insert into sites (project_id, parent_id, name, depth, active, site_class, site_types, site_color, border_color, border_opacity, site_opacity, location, properties)
    select project_id, parent_id, name, depth, active, site_class, site_types, site_color, border_color, border_opacity, site_opacity, location, properties
    from jsonb_to_recordset(${document}::jsonb) as r(project_id integer, parent_id integer, name text, depth integer, active boolean, site_class text, site_types jsonb, site_color text, border_color text, border_opacity real, site_opacity real, location jsonb, properties jsonb)
    returning *`);
  return result.map((row) => ({
    siteId: row.site_id,
    projectId: row.project_id,
    parentId: row.parent_id,
    name: row.name,
    active: row.active,
    depth: row.depth,
    siteClass: row.site_class,
    siteTypes: row.site_types ?? {},
    siteColor: row.site_color,
    borderColor: row.border_color,
    borderOpacity: row.border_opacity === null ? null : Number(row.border_opacity),
    siteOpacity: row.site_opacity === null ? null : Number(row.site_opacity),
    location: row.location ?? null,
    properties: row.properties ?? {},
  }));
}

const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** Sites per insert, and depths per update. */
const ROWS_PER_INSERT = 5000;

export interface WrittenPlan {
  /** The new sites by their plan key. */
  created: Map<string, SiteRow>;
}

/**
 * Writes a plan in the transaction that made it: existing sites that leave their place first
 * take a name no site can have (a control character, which names refuse), so siblings can swap
 * names in one save; then the new sites, parents first; then the changes; then the depths
 * below moved sites. Every created or changed site gets its History entry.
 */
export async function writePlan(tx: Tx, project: SiteProject, plan: SitePlan, audit: Audit): Promise<WrittenPlan> {
  if (plan.creates.length > 0) assertTakesNew(project, 'sites');
  const changedIds = plan.changes.map((change) => change.siteId);
  const before = new Map((changedIds.length > 0 ? await tx.select().from(sites).where(inArray(sites.siteId, changedIds)) : []).map((row) => [row.siteId, row]));
  const moving = plan.changes.filter((change) => change.moves).map((change) => change.siteId);
  if (moving.length > 1) await tx.update(sites).set({ name: sql`chr(1) || ${sites.siteId}::text` }).where(inArray(sites.siteId, moving));

  const created = new Map<string, SiteRow>();
  const parentOf = (parentId: number | null, parentKey: string | null) => parentId ?? (parentKey === null ? null : created.get(parentKey)!.siteId);
  for (let start = 0; start < plan.creates.length; ) {
    // One depth at a time, so every parent exists before its children.
    let end = start;
    while (end < plan.creates.length && plan.creates[end]!.depth === plan.creates[start]!.depth) end++;
    for (const slice of chunks(plan.creates.slice(start, end), ROWS_PER_INSERT)) {
      const values = slice.map((site) => ({
        projectId: project.projectId,
        parentId: parentOf(site.parentId, site.parentKey),
        name: site.name,
        depth: site.depth,
        active: true,
        siteClass: site.siteClass,
        siteTypes: {},
        properties: {},
        ...fieldsOf(null, site.body),
      }));
      const rows = await insertSites(tx, values);
      // Siblings differ by name: a row's parent and name say which site it is.
      const place = (parentId: number | null, name: string) => `${parentId ?? 0}/${siteNameKey(name)}`;
      const byPlace = new Map(rows.map((row) => [place(row.parentId, row.name), row]));
      slice.forEach((site, i) => created.set(site.key, byPlace.get(place(values[i]!.parentId, site.name))!));
    }
    start = end;
  }

  const entries: { siteId: number; before: Record<string, unknown>; after: Record<string, unknown>; from?: number | null; to?: number | null }[] = [];
  for (const change of plan.changes) {
    const row = before.get(change.siteId)!;
    const next: Partial<SiteInsert> = { ...fieldsOf(row, change.body), name: change.name, parentId: parentOf(change.parentId, change.parentKey), depth: change.depth, siteClass: change.siteClass };
    const keys = (Object.keys(next) as (keyof SiteInsert & keyof SiteRow)[]).filter((key) => JSON.stringify(next[key] ?? null) !== JSON.stringify(row[key] ?? null));
    // A site given a stand-in name above gets its own back even when it keeps it.
    if (moving.length > 1 && change.moves && !keys.includes('name')) keys.push('name');
    if (keys.length === 0) continue;
    const set = Object.fromEntries(keys.map((key) => [key, next[key]])) as Partial<SiteInsert>;
    const [after] = await tx.update(sites).set(set).where(eq(sites.siteId, change.siteId)).returning();
    const shown = keys.filter((key) => JSON.stringify(after![key] ?? null) !== JSON.stringify(row[key] ?? null));
    if (shown.length === 0) continue;
    const entry = { siteId: change.siteId, before: snapshot(row, shown), after: snapshot(after!, shown) };
    entries.push(shown.includes('parentId') ? { ...entry, from: row.parentId, to: after!.parentId } : entry);
  }

  for (const slice of chunks(plan.depths, ROWS_PER_INSERT)) {
    const values = sql.join(
      slice.map((site) => sql`(${site.siteId}::int, ${site.depth}::int)`),
      sql`, `,
    );
    await tx.execute(sql`update ${sites} set depth = v.depth from (values ${values}) as v(site_id, depth) where ${sites.siteId} = v.site_id`);
  }

  // A move reads in the site's History as where it was and where it is: 'Yard › Row 1' → 'Yard › Row 2'.
  const moves = entries.filter((entry) => entry.from !== undefined);
  if (moves.length > 0) {
    const pathOf = parentPaths(await plannedSites(tx, project.projectId));
    for (const entry of moves) {
      entry.before[MOVED] = pathOf(entry.from!);
      entry.after[MOVED] = pathOf(entry.to!);
    }
  }
  for (const entry of entries) audit(siteEntry(project, entry.siteId, entry.before, entry.after));
  for (const row of created.values()) audit(siteEntry(project, row.siteId, null, createdSnapshot(row)));
  return { created };
}

/** The History's field of a move: where the site stood, and where it stands (its parents' names). */
export const MOVED = 'Moved';
/** What a site at the top level is under. */
export const TOP_LEVEL = 'Top level';

/** The path of names down to a site, 'Yard › Row 1' (the screens' separator), or 'Top level' for none. */
function parentPaths(rows: readonly PlannedSite[]): (siteId: number | null) => string {
  const byId = new Map(rows.map((row) => [row.siteId, row]));
  return (siteId) => {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let at = siteId === null ? undefined : byId.get(siteId); at && !seen.has(at.siteId); at = at.parentId === null ? undefined : byId.get(at.parentId)) {
      seen.add(at.siteId);
      names.unshift(at.name);
    }
    return names.length === 0 ? TOP_LEVEL : names.join(' › ');
  };
}

/** Plans and writes site trees in one transaction under the project's lock (all or nothing). */
export async function saveTrees(db: Db, project: SiteProject, trees: readonly SiteTreeBody[], options: Omit<PlanOptions, 'projectId'>, audit: Audit): Promise<{ plan: SitePlan; written: WrittenPlan }> {
  assertLocations(trees);
  return withProjectSites(db, project.projectId, async (tx, existing) => {
    const plan = planSites(existing, trees, { ...options, projectId: project.projectId });
    return { plan, written: await writePlan(tx, project, plan, audit) };
  });
}

// ------------------------------------------------------------------ archive and unarchive

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

// ------------------------------------------------------------------ copy

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
    if (where.parentId !== null && (!parent || (!parent.active && !canSeeArchived(caller)))) throw badRequest(SiteMessages.parentNotInProject, { errors: { 'site.parentId': SiteMessages.parentNotInProject } });
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
      await tx.update(sites).set({ active: true }).where(inArray(sites.siteId, unarchive.map((row) => row.siteId)));
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
