/** Test data: four declared remotes with their nav entries as ours declare them (roles simplified). */
import { Role, useSession, type NavEntry, type RemoteDeclaration } from 'shared';
import { useRemotes, type RemoteState } from '../federation/remotes.store';

/** A declared remote with its nav entries and a route per entry's path (its owned prefixes); its code not loaded. */
function ready(id: string, nav: NavEntry[], paths: string[]): RemoteState {
  const definition: RemoteDeclaration = {
    id,
    kernel: '^4.0.0',
    basePath: paths[0]!,
    version: 'test',
    federation: { name: `remote_${id}`, entry: 'remoteEntry.js' },
    nav,
    routes: paths.map((path) => ({ id: path, path, handle: { roles: 'signedIn' } })),
    parts: ['./routes'],
  };
  return {
    status: 'ready',
    attempt: 1,
    definition,
    prefixes: [...new Set(paths.map((p) => `/${p.split('/')[1]}`))],
    details: {},
    code: { status: 'idle', attempt: 0 },
  };
}

const ALL = [Role.ACCESS_ALL_CUSTOMER_LICENCES];

/** Four remotes as ours declare their entries (roles simplified), in no particular order. */
export function loadRemotes() {
  useRemotes.setState({
    remotes: [],
    states: {
      licensing: ready(
        'licensing',
        [
          { label: 'Licenses', to: '/license/list', roles: ALL, order: 40, group: 'licensing' },
          { label: 'License', to: '/license/:licenseId/view', roles: [Role.ACCESS_MY_CUSTOMER_LICENCE], order: 41, group: 'licensing' },
          { label: 'Mobile Admin', to: '/mobile', roles: ALL, order: 43, group: 'licensing' },
        ],
        ['/license/list', '/license/:id/view', '/mobile', '/reports'],
      ),
      identity: ready(
        'identity',
        [
          { label: 'Users', to: '/users', roles: [Role.MENU_ADMIN_TOOL_ACCESS, ...ALL], order: 10, group: 'access' },
          { label: 'API Keys', to: '/apikeys', roles: [Role.ADMINISTER_API_KEYS, ...ALL], order: 42, group: 'access' },
          { label: 'Audit Log', to: '/audit', roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, ...ALL], order: 44, group: 'access' },
        ],
        ['/users', '/user/:name', '/apikeys', '/audit'],
      ),
      'projects-sites': ready(
        'projects-sites',
        [
          { label: 'Projects', to: '/projects', roles: [Role.MENU_ADMIN_TOOL_ACCESS, ...ALL], order: 20, group: 'projects' },
          { label: 'Sites', to: '/sites', roles: [Role.MENU_ADMIN_TOOL_ACCESS, ...ALL], order: 21, group: 'projects' },
          { label: 'Imports', to: '/imports', roles: [Role.ADMINISTER_IMPORT_SYSTEM_DETAILS, ...ALL], order: 22, group: 'projects' },
        ],
        ['/projects', '/sites', '/imports'],
      ),
      workflows: ready(
        'workflows',
        [
          { label: 'Workflows', to: '/workflow', roles: [Role.ADMINISTER_WORKFLOW, ...ALL], order: 30, group: 'workflows' },
          { label: 'Preservations', to: '/preservations', roles: [Role.ADMINISTER_PRESERVATION, ...ALL], order: 31, group: 'workflows' },
        ],
        ['/workflow', '/preservations', '/preservation/:projectId/:id/view'],
      ),
    },
  });
}

/** Signs `roles` in (user ann of licence 5) and loads the four remotes. */
export function signInWithRemotes(roles: string[]) {
  useSession.setState({ token: 't', sessionId: 's', userName: 'ann', licenseId: 5, roles, exp: Math.floor(Date.now() / 1000) + 600 });
  loadRemotes();
}

/** Undoes signInWithRemotes. */
export function resetNavFixtures() {
  useSession.getState().signOut();
  useRemotes.setState({ remotes: null, states: {} });
}
