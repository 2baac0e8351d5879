/**
 * A project's document numbering and default storage location (project-settings.routes.ts has
 * their definitions). Numbering is compare-and-set: a row is written only if its next number is
 * still the one the caller read, in one statement per row, so two administrators never silently
 * overwrite each other — the second learns what the first wrote.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { NumberingMessages, ProjectMessages } from 'contracts/projects-sites/model';
import type { Db } from '../../db/client';
import { documentNumbering, projects, sites } from '../../db/schema';
import { projectInSight } from '../../domain/project-visibility';
import { badRequest } from '../../http/errors';
import { implement } from '../../http/route';
import { projectSettingSpecs } from './project-settings.routes';
import { rawRows } from '../../db/rows';

/** A site's names from the top down, 'Yard > Rack 2 > Bin 4'. */
async function hierarchyOf(db: Db, siteId: number): Promise<string> {
  const result = await rawRows<{ name: string }>(
    db,
    sql`
    with recursive up(site_id, parent_id, name, depth) as (
      select site_id, parent_id, name, 0 from sites where site_id = ${siteId}
      union all select s.site_id, s.parent_id, s.name, up.depth + 1 from sites s join up on s.site_id = up.parent_id
    ) select name from up order by depth desc`,
  );
  return result.map((row) => row.name).join(' > ');
}

export const projectSettingRoutes = implement(projectSettingSpecs, {
  async getDocumentNumbering({ db, caller, scope, params, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const rows = await db
      .select({
        property: documentNumbering.property,
        label: documentNumbering.label,
        prefix: documentNumbering.prefix,
        value: documentNumbering.nextNumber,
        parentProperty: documentNumbering.parentProperty,
      })
      .from(documentNumbering)
      .where(eq(documentNumbering.projectId, project.projectId))
      .orderBy(asc(documentNumbering.label));
    return json(rows);
  },

  async updateDocumentNumbering({ db, caller, scope, params, body, audit, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const seen = new Set<string>();
    for (const row of body) {
      if (seen.has(row.resourceType)) throw badRequest(NumberingMessages.repeatedType(row.resourceType));
      seen.add(row.resourceType);
    }
    const known = new Set(
      (await db.select({ property: documentNumbering.property }).from(documentNumbering).where(eq(documentNumbering.projectId, project.projectId))).map(
        (r) => r.property,
      ),
    );
    const unknown = body.find((row) => !known.has(row.resourceType));
    if (unknown) throw badRequest(NumberingMessages.unknownType(unknown.resourceType));
    // Each row on its own: one whose number changed since it was read fails alone and says what it is now.
    const results = [];
    for (const row of body) {
      const [written] = await db
        .update(documentNumbering)
        .set({ nextNumber: row.newNextNumber })
        .where(
          and(
            eq(documentNumbering.projectId, project.projectId),
            eq(documentNumbering.property, row.resourceType),
            eq(documentNumbering.nextNumber, row.expectedNextNumber),
          ),
        )
        .returning({ value: documentNumbering.nextNumber });
      if (written) {
        results.push({ ...row, actualNextNumber: written.value, success: true });
        audit({
          entity: 'document-numbering',
          entityId: project.projectId,
          subject: { kind: 'project', id: project.projectId },
          before: { [row.resourceType]: row.expectedNextNumber },
          after: { [row.resourceType]: row.newNextNumber },
        });
      } else {
        const [now] = await db
          .select({ value: documentNumbering.nextNumber })
          .from(documentNumbering)
          .where(and(eq(documentNumbering.projectId, project.projectId), eq(documentNumbering.property, row.resourceType)));
        results.push({ ...row, actualNextNumber: now?.value ?? null, success: false });
      }
    }
    return json(results);
  },

  async getDefaultStorage({ db, caller, scope, params, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    return json(project.defaultStorage ?? null);
  },

  async setDefaultStorage({ db, caller, scope, params, body, audit, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    let next: { siteId: number; siteHierarchy: string } | null = null;
    if (body.siteId !== null) {
      const [site] = await db
        .select({ siteId: sites.siteId })
        .from(sites)
        .where(and(eq(sites.siteId, body.siteId), eq(sites.projectId, project.projectId), eq(sites.active, true)));
      if (!site) throw badRequest(ProjectMessages.defaultStorageSite, { errors: { siteId: ProjectMessages.defaultStorageSite } });
      next = { siteId: site.siteId, siteHierarchy: await hierarchyOf(db, site.siteId) };
    }
    await db.update(projects).set({ defaultStorage: next }).where(eq(projects.projectId, project.projectId));
    audit({ entity: 'project', entityId: project.projectId, before: { defaultStorage: project.defaultStorage ?? null }, after: { defaultStorage: next } });
    return json({ Message: ProjectMessages.defaultStorageUpdated });
  },
});
