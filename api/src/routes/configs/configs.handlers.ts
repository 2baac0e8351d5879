/**
 * What the config calls do (configs.routes.ts has their definitions): each resolves whose
 * configs it touches — a project the caller sees (root project 1: the defaults) or a licence in
 * the caller's scope — and configs.service.ts does the rest, the same for both owners.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { ConfigMessages } from 'contracts/licensing/model';
import { configs, projects, resourceTypes } from '../../db/schema';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import { badRequest } from '../../http/errors';
import { implement } from '../../http/route';
import { ROOT_PROJECT_ID } from '../../seed/reference';
import { configSpecs, MATERIAL_STATUS_OPTIONS } from './configs.routes';
import {
  addConfig,
  assertOwnerOfBody,
  configNamed,
  configsOf,
  defaultsOf,
  deleteConfig,
  licenseOwner,
  listConfigs,
  projectConfigRow,
  projectOwner,
  updateConfig,
} from './configs.service';

export const configRoutes = implement(configSpecs, {
  async getProjectConfigs({ db, caller, scope, params, json }) {
    return json(await configsOf(db, await projectOwner(db, caller, scope, params.projectId, 'read')));
  },

  async addProjectConfig({ db, caller, scope, body, audit, json }) {
    if (body.projectId == null) throw badRequest(ConfigMessages.projectRequired, { errors: { projectId: ConfigMessages.projectRequired } });
    const owner = await projectOwner(db, caller, scope, body.projectId, 'write');
    assertOwnerOfBody(owner, body);
    return json(await addConfig(db, scope, owner, body, audit), 201);
  },

  async updateProjectConfig({ db, caller, scope, body, audit, json }) {
    if (body.id === undefined) throw badRequest(ConfigMessages.whichToUpdate, { errors: { id: ConfigMessages.whichToUpdate } });
    const row = await projectConfigRow(db, body.id);
    const owner = await projectOwner(db, caller, scope, row.projectId, 'write');
    assertOwnerOfBody(owner, body);
    return json(await updateConfig(db, scope, owner, row.configId, body, audit));
  },

  async deleteProjectConfig({ db, caller, scope, params, audit, json }) {
    const row = await projectConfigRow(db, params.configId);
    await deleteConfig(db, scope, await projectOwner(db, caller, scope, row.projectId, 'write'), row.configId, audit);
    return json({ Message: ConfigMessages.deleted });
  },

  async getConfigsByName({ db, caller, scope, params, body, json }) {
    const listed = [...new Set(body)];
    if (listed.length === 0) return json([]);
    // The projects the caller sees among those listed, and root project 1's defaults, readable by all.
    const visible = db
      .select({ projectId: projects.projectId })
      .from(projects)
      .where(and(inArray(projects.projectId, listed), await visibleProjectsWhere(db, caller, scope)));
    const root = listed.includes(ROOT_PROJECT_ID) ? eq(configs.projectId, ROOT_PROJECT_ID) : undefined;
    const rows = await listConfigs(db, and(eq(configs.name, params.configName), or(inArray(configs.projectId, visible), root))!);
    return json(rows.sort((a, b) => a.projectId! - b.projectId!));
  },

  async getProjectConfig({ db, caller, scope, params, json }) {
    return json(await configNamed(db, await projectOwner(db, caller, scope, params.projectId, 'read'), params.configName));
  },

  getMaterialStatusOptions({ json }) {
    return json({ materialStatusOptions: MATERIAL_STATUS_OPTIONS });
  },

  async getDefaultLicenseConfigs({ db, json }) {
    return json(await listConfigs(db, defaultsOf('license')));
  },

  async getLicenseConfigs({ db, scope, params, json }) {
    return json(await configsOf(db, await licenseOwner(db, scope, params.licenseId)));
  },

  async addLicenseConfig({ db, scope, params, body, audit, json }) {
    const owner = await licenseOwner(db, scope, params.licenseId);
    assertOwnerOfBody(owner, body);
    return json(await addConfig(db, scope, owner, body, audit), 201);
  },

  async updateLicenseConfig({ db, scope, params, body, audit, json }) {
    const owner = await licenseOwner(db, scope, params.licenseId);
    assertOwnerOfBody(owner, body);
    // A licence config's systemConfigId is its own id: either names it.
    const configId = body.systemConfigId ?? body.id;
    if (configId === undefined) throw badRequest(ConfigMessages.whichToUpdate, { errors: { systemConfigId: ConfigMessages.whichToUpdate } });
    return json(await updateConfig(db, scope, owner, configId, body, audit));
  },

  async deleteLicenseConfig({ db, scope, params, audit, json }) {
    await deleteConfig(db, scope, await licenseOwner(db, scope, params.licenseId), params.systemConfigId, audit);
    return json({ Message: ConfigMessages.licenseRemoved });
  },

  async getResourceTypes({ db, json }) {
    return json(
      await db.select({ typeName: resourceTypes.typeName, typeNumber: resourceTypes.typeNumber }).from(resourceTypes).orderBy(asc(resourceTypes.typeNumber)),
    );
  },
});
