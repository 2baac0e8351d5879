/**
 * What the site calls do (sites.routes.ts has their definitions): each finds the project or
 * site in the caller's sight, then sites.service.ts reads or writes under the project's lock,
 * and labels.ts makes barcode labels.
 */
import { and, eq, sql } from 'drizzle-orm';
import { SiteMessages } from 'contracts/projects-sites/model';
import { sites } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { implement } from '../../http/route';
import { barcodeLabels } from './labels';
import { keptSiteReply } from './site-replies';
import { siteSpecs } from './sites.routes';
import {
  archiveSite,
  canSeeArchived,
  copyCheck,
  copySite,
  type HierarchyNode,
  hierarchyRows,
  nest,
  projectSiteRows,
  saveTrees,
  siblingNamed,
  simpleSiteReply,
  siteInSight,
  type SiteReply,
  siteTree,
  subtree,
  unarchiveSite,
} from './sites.service';
import { projectInSight } from '../../domain/project-visibility';

/** One site saved as a tree of one: its errors name the body's own fields (`name`, not `0.site.name`). */
function asOneSite(error: unknown): unknown {
  if (!(error instanceof HttpError) || typeof error.extra.errors !== 'object' || error.extra.errors === null) return error;
  const errors = Object.fromEntries(
    Object.entries(error.extra.errors as Record<string, string>).map(([key, message]) => [key.replace(/^0\.site\./, ''), message]),
  );
  return new HttpError(error.status, error.message, { ...error.extra, errors }, error.key);
}

export const siteRoutes = implement(siteSpecs, {
  async getProjectSites({ c, db, caller, scope, params, query }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const withArchived = query.includeArchived && canSeeArchived(caller);
    const body = await keptSiteReply(db, project.projectId, `trees:${withArchived}`, async () =>
      nest(await projectSiteRows(db, project.projectId, withArchived), siteTree),
    );
    return c.body(body, 200, { 'content-type': 'application/json' });
  },

  async getSite({ db, caller, scope, params, json }) {
    const { site } = await siteInSight(db, caller, scope, params.siteId);
    const below = await db
      .select()
      .from(sites)
      .where(and(sql`${sites.siteId} in (${subtree(site.siteId)})`, canSeeArchived(caller) ? undefined : eq(sites.active, true)));
    return json(siteTree(site, nest(below, siteTree, site.siteId)));
  },

  async getSimpleSite({ db, caller, scope, params, json }) {
    return json(simpleSiteReply((await siteInSight(db, caller, scope, params.siteId)).site));
  },

  async getSiteHierarchy({ c, db, caller, scope, params, query }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const withArchived = query.includeArchived && canSeeArchived(caller);
    const body = await keptSiteReply(db, project.projectId, `hierarchy:${withArchived}`, async () =>
      nest(await hierarchyRows(db, project.projectId, withArchived), (site, children: HierarchyNode[]): HierarchyNode => ({ site, children })),
    );
    return c.body(body, 200, { 'content-type': 'application/json' });
  },

  async getSiteByName({ db, caller, scope, params, query, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const parentId = query.parentId ?? null;
    if (parentId !== null) {
      const parent = await db.select({ projectId: sites.projectId, active: sites.active }).from(sites).where(eq(sites.siteId, parentId));
      if (parent[0]?.projectId !== project.projectId || (!parent[0].active && !canSeeArchived(caller))) {
        throw badRequest(SiteMessages.parentNotInProject, { errors: { parentId: SiteMessages.parentNotInProject } });
      }
    }
    const site = await siblingNamed(db, project.projectId, parentId, params.siteName);
    return json(site ? simpleSiteReply(site) : null);
  },

  async createSites({ db, caller, scope, params, body, audit, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    const { plan, written } = await saveTrees(db, project, body, { mode: 'create', seeArchived: canSeeArchived(caller) }, audit);
    const reply = (tree: (typeof plan.trees)[number]): SiteReply => ({
      ...simpleSiteReply(written.created.get(tree.key)!),
      children: tree.children.map(reply),
    });
    return json(plan.trees.map(reply), 201);
  },

  async updateSites({ db, caller, scope, params, body, audit, json }) {
    const project = await projectInSight(db, caller, scope, params.projectId);
    await saveTrees(db, project, body, { mode: 'save', seeArchived: canSeeArchived(caller) }, audit);
    return json({ Message: SiteMessages.hierarchySaved });
  },

  async updateSite({ db, caller, scope, params, body, audit, json }) {
    const { site, project } = await siteInSight(db, caller, scope, params.siteId);
    if (body.siteId !== undefined && body.siteId !== site.siteId)
      throw badRequest(SiteMessages.siteMismatch, { errors: { siteId: SiteMessages.siteMismatch } });
    if (body.projectId !== undefined && body.projectId !== site.projectId)
      throw badRequest(SiteMessages.projectMismatch, { errors: { projectId: SiteMessages.projectMismatch } });
    if (body.parentId !== undefined && body.parentId !== site.parentId)
      throw badRequest(SiteMessages.moveInHierarchy, { errors: { parentId: SiteMessages.moveInHierarchy } });
    const { parentId: _stays, ...fields } = body;
    try {
      await saveTrees(db, project, [{ site: { ...fields, siteId: site.siteId } }], { mode: 'save', seeArchived: canSeeArchived(caller) }, audit);
    } catch (error) {
      throw asOneSite(error);
    }
    return json({ success: true, message: SiteMessages.saved });
  },

  async copySite({ db, caller, scope, params, body, audit, json }) {
    const { site: source, project } = await siteInSight(db, caller, scope, params.siteId);
    if (!source.active) throw badRequest(SiteMessages.copyArchived);
    const target = await projectInSight(db, caller, scope, body.site.projectId);
    if (target.licenseId !== project.licenseId)
      throw badRequest(SiteMessages.copyOtherLicense, { errors: { 'site.projectId': SiteMessages.copyOtherLicense } });
    const where = { parentId: body.site.parentId ?? null, name: body.site.name ?? source.name, unarchiveExisting: body.unarchiveExisting };
    const siteId = await copySite(db, source, target, where, caller, audit);
    return json({ Message: SiteMessages.added, siteId });
  },

  async canCopySites({ db, caller, scope, params, json }) {
    const { site: source, project } = await siteInSight(db, caller, scope, params.siteId);
    const target = await projectInSight(db, caller, scope, params.projectId);
    if (target.licenseId !== project.licenseId) throw badRequest(SiteMessages.copyOtherLicense);
    return json(await copyCheck(db, source, target));
  },

  async archiveSite({ db, caller, scope, body, audit, json }) {
    const { site, project } = await siteInSight(db, caller, scope, body.siteId);
    await archiveSite(db, project, site.siteId, audit);
    return json({ Message: SiteMessages.archived });
  },

  async unarchiveSite({ db, caller, scope, body, audit, json }) {
    const { site, project } = await siteInSight(db, caller, scope, body.siteId);
    await unarchiveSite(db, project, site.siteId, body.includeChildren, audit);
    return json({ Message: SiteMessages.unarchived });
  },

  async getBarcodeLabels({ body, query, json }) {
    return json(await barcodeLabels(body, query.asBase64));
  },
});
