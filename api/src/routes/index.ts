/** Every route of the API. A new area adds its list here. */
import type { AnyRoute, RouteRegistry } from '../http/route';
import { authRoutes } from './auth/auth.routes';
import { environmentRoutes } from './environments/environments.routes';
import { licenseRoutes } from './licensing/licenses.routes';
import { projectRoutes } from './projects/projects.routes';
import { systemRoutes } from './system/system.routes';
import { passwordRoutes } from './users/password.routes';
import { userRoutes } from './users/users.routes';
import { workflowRoutes } from './workflows/workflows.routes';

export function allRoutes(registry: RouteRegistry, version: string): AnyRoute[] {
  return [
    ...systemRoutes(registry, version),
    ...authRoutes,
    ...environmentRoutes,
    ...passwordRoutes,
    ...userRoutes,
    ...licenseRoutes,
    ...projectRoutes,
    ...workflowRoutes,
  ];
}
