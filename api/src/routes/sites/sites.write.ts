/**
 * Writing a project's sites: each write in one transaction that first locks the project's row, so
 * every change to a project's sites runs after the one before and is checked (sites.plan.ts)
 * against the sites as that one left them. The unique index on (project, parent, lower(trim(name)))
 * holds the sibling rule even so; its violation is the same 409. What the audit trail keeps of a site.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { siteExists, SiteMessages, siteNameKey, type SiteTreeBody } from 'contracts/projects-sites/model';
import type { Db, Tx } from '../../db/client';
import { projects, sites, type SiteProperties } from '../../db/schema';
import { assertTakesNew } from '../../domain/project-state';
import type { AuditEntry } from '../../http/audit';
import { badRequest, conflict, isUniqueViolation } from '../../http/errors';
import { planSites, type PlannedSite, type PlanOptions, type SitePlan } from './sites.plan';
import { rawRows } from '../../db/rows';
import { type SiteRow, type SiteInsert, type SiteBody, type Audit, type SiteProject } from './sites.read';

/** Column → the name the API gives it. */
const API_FIELD: Partial<Record<keyof SiteRow, string>> = { siteTypes: 'siteType' };

/** What a site's History shows of it: its fields as the API names them. */
function snapshot(row: SiteRow, keys?: readonly (keyof SiteRow)[]) {
  const fields =
    keys ??
    ([
      'name',
      'parentId',
      'depth',
      'active',
      'siteClass',
      'siteTypes',
      'siteColor',
      'borderColor',
      'borderOpacity',
      'siteOpacity',
      'location',
      'properties',
    ] as const);
  return Object.fromEntries(fields.map((key) => [API_FIELD[key] ?? key, row[key] ?? null]));
}

/** Whether a value says anything: not null, not an empty list or object (nor one holding only such). */
const meaningful = (value: unknown): boolean =>
  value !== null && value !== undefined && (Array.isArray(value) ? value.length > 0 : typeof value !== 'object' || Object.values(value).some(meaningful));

/** A new site as its History shows it: the fields it has, not the empty ones. */
const createdSnapshot = (row: SiteRow) => Object.fromEntries(Object.entries(snapshot(row)).filter(([, value]) => meaningful(value)));

export const siteEntry = (project: SiteProject, siteId: number, before: unknown, after: unknown): AuditEntry => ({
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
  const result = await rawRows<{ sites: string }>(
    tx,
    sql`
    select coalesce(json_agg(json_build_array(site_id, parent_id, name, active, depth, site_class,
      coalesce(jsonb_typeof(location), 'null') <> 'null')), '[]')::text as sites
    from sites where project_id = ${projectId}`,
  );
  const rows = JSON.parse(result[0]!.sites) as [number, number | null, string, boolean, number, string, boolean][];
  return rows.map(([siteId, parentId, name, active, depth, siteClass, hasLocation]) => ({ siteId, parentId, name, active, depth, siteClass, hasLocation }));
}

/** The name a unique violation of the sibling index reports (its key: trimmed, lower case), when the driver passes it on. */
function violatedName(error: unknown): string | null {
  for (
    let current: unknown = error, depth = 0;
    current && typeof current === 'object' && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
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

type SiteColumn = {
  site_id: number;
  project_id: number;
  parent_id: number | null;
  name: string;
  active: boolean;
  depth: number;
  site_class: string;
  site_types: SiteRow['siteTypes'] | null;
  site_color: string | null;
  border_color: string | null;
  border_opacity: number | null;
  site_opacity: number | null;
  location: unknown;
  properties: SiteProperties | null;
};

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
  const result = await rawRows<SiteColumn>(
    tx,
    sql`
    insert into sites (project_id, parent_id, name, depth, active, site_class, site_types, site_color,
      border_color, border_opacity, site_opacity, location, properties)
    select project_id, parent_id, name, depth, active, site_class, site_types, site_color, border_color,
      border_opacity, site_opacity, location, properties
    from
      jsonb_to_recordset(${document}::jsonb) as r(project_id integer, parent_id integer, name text, depth
      integer, active boolean, site_class text, site_types jsonb, site_color text, border_color text,
      border_opacity real, site_opacity real, location jsonb, properties jsonb)
    returning *`,
  );
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

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

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
  if (moving.length > 1)
    await tx
      .update(sites)
      .set({ name: sql`chr(1) || ${sites.siteId}::text` })
      .where(inArray(sites.siteId, moving));

  const created = new Map<string, SiteRow>();
  const parentOf = (parentId: number | null, parentKey: string | null) => parentId ?? (parentKey === null ? null : created.get(parentKey)!.siteId);
  for (let start = 0; start < plan.creates.length;) {
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
    const next: Partial<SiteInsert> = {
      ...fieldsOf(row, change.body),
      name: change.name,
      parentId: parentOf(change.parentId, change.parentKey),
      depth: change.depth,
      siteClass: change.siteClass,
    };
    const keys = (Object.keys(next) as (keyof SiteInsert & keyof SiteRow)[]).filter(
      (key) => JSON.stringify(next[key] ?? null) !== JSON.stringify(row[key] ?? null),
    );
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
export async function saveTrees(
  db: Db,
  project: SiteProject,
  trees: readonly SiteTreeBody[],
  options: Omit<PlanOptions, 'projectId'>,
  audit: Audit,
): Promise<{ plan: SitePlan; written: WrittenPlan }> {
  assertLocations(trees);
  return withProjectSites(db, project.projectId, async (tx, existing) => {
    const plan = planSites(existing, trees, { ...options, projectId: project.projectId });
    return { plan, written: await writePlan(tx, project, plan, audit) };
  });
}
