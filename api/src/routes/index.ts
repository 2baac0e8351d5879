/** Every route of the API. A new area adds its list here. */
import type { AnyRoute, RouteRegistry } from '../http/route';
import { accessReviewRoutes } from './access-review/access-review.handlers';
import { apiKeyRoutes } from './api-keys/api-keys.handlers';
import { auditRoutes } from './audit/audit.handlers';
import { authRoutes } from './auth/auth.handlers';
import { factorRoutes } from './auth/factors.handlers';
import { secondFactorRoutes } from './licensing/second-factor.handlers';
import { passkeyRoutes } from './auth/passkeys.handlers';
import { countSignIns } from './auth/sign-in-metrics';
import { configRoutes } from './configs/configs.handlers';
import { environmentRoutes } from './environments/environments.handlers';
import { homeRoutes } from './home/home.handlers';
import { licenseEditRoutes } from './licensing/license-edit.handlers';
import { licenseSettingRoutes } from './licensing/license-settings.handlers';
import { licenseRoutes } from './licensing/licenses.handlers';
import { mobileReleaseRoutes } from './licensing/mobile-releases.handlers';
import { reportRoutes } from './licensing/reports.handlers';
import { seatRoutes } from './licensing/seats.handlers';
import { projectEditRoutes } from './projects/project-edit.handlers';
import { projectSettingRoutes } from './projects/project-settings.handlers';
import { importRoutes } from './projects/imports.handlers';
import { integrationReportRoutes } from './projects/integration-reports.handlers';
import { projectRoutes } from './projects/projects.handlers';
import { siteCsvRoutes } from './sites/site-csv.handlers';
import { siteSearchRoutes } from './sites/site-search.handlers';
import { siteRoutes } from './sites/sites.handlers';
import { systemRoutes } from './system/system.handlers';
import { passwordRoutes } from './users/password.handlers';
import { userGroupRoutes } from './user-groups/user-groups.handlers';
import { userAccessRoutes } from './users/user-access.handlers';
import { userEditRoutes } from './users/user-edit.handlers';
import { userImportRoutes } from './users/user-import.handlers';
import { userTabRoutes } from './users/user-tabs.handlers';
import { sessionRoutes } from './users/sessions.handlers';
import { userRoutes } from './users/users.handlers';
import { preservationRoutes } from './preservations/preservations.handlers';
import { resourceTypeLinkRoutes } from './resource-types/resource-type-links.handlers';
import { workflowRoutes } from './workflows/workflows.handlers';
import { scimRoutes } from './scim/scim.handlers';
import { remoteRoutes } from './remotes/remotes.handlers';

export function allRoutes(registry: RouteRegistry, version: string): AnyRoute[] {
  return [
    ...systemRoutes(registry, version),
    ...countSignIns(authRoutes),
    ...factorRoutes,
    ...countSignIns(secondFactorRoutes),
    ...countSignIns(passkeyRoutes),
    ...environmentRoutes,
    ...homeRoutes,
    ...passwordRoutes,
    ...userRoutes,
    ...userEditRoutes,
    ...userImportRoutes,
    ...userAccessRoutes,
    ...userTabRoutes,
    ...sessionRoutes,
    ...userGroupRoutes,
    ...apiKeyRoutes,
    ...licenseRoutes,
    ...licenseEditRoutes,
    ...licenseSettingRoutes,
    ...reportRoutes,
    ...seatRoutes,
    ...mobileReleaseRoutes,
    ...projectRoutes,
    // After projects/page, which `projects/{projectId}` would otherwise take.
    ...projectEditRoutes,
    ...projectSettingRoutes,
    ...siteRoutes,
    ...siteSearchRoutes,
    ...siteCsvRoutes,
    // Project and licence configs; license/default/configs before license/{licenseId}/configs (configSpecs' order).
    ...configRoutes,
    // Before imports/{configId}, which would otherwise take 'report', 'paths' and 'page' for an id.
    ...integrationReportRoutes,
    ...importRoutes,
    ...workflowRoutes,
    ...preservationRoutes,
    ...resourceTypeLinkRoutes,
    ...auditRoutes,
    // Who can do what and access reviews (issue 41).
    ...accessReviewRoutes,
    // The SCIM 2.0 service provider (issue 39), under /api/scim/v2/.
    ...scimRoutes,
    // Release channels of the remotes (issue 42).
    ...remoteRoutes,
  ];
}
