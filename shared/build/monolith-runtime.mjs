// The host's federation runtime (host/src/federation/runtime.ts) in the monolith build that
// `npm run bench` compares the federated console with: each remote's routes and exposed parts
// come from its own source, bundled into the host as lazy chunks, not from a remote entry.
// Nothing else uses this file.

const routes = {
  remote_identity: () => import('../../remote-identity/src/routes.tsx'),
  remote_licensing: () => import('../../remote-licensing/src/routes.tsx'),
  remote_projects_sites: () => import('../../remote-projects-sites/src/routes.tsx'),
  remote_workflows: () => import('../../remote-workflows/src/routes.tsx'),
};

/** The parts a remote exposes beside ./routes (its webpack config's `exposes`), by `name/part`. */
const parts = {
  'remote_workflows/ProjectResourceTabs': () => import('../../remote-workflows/src/features/project-tabs/ProjectResourceTabs.tsx'),
  'remote_workflows/LicenseResourceWorkflows': () => import('../../remote-workflows/src/features/resource-configs/LicenseResourceWorkflows.tsx'),
  'remote_projects_sites/ConfigsPanel': () => import('../../remote-projects-sites/src/features/configs/ConfigsPanel.tsx'),
  'remote_projects_sites/ResourcePropertiesPanel': () => import('../../remote-projects-sites/src/features/configs/ResourcePropertiesPanel.tsx'),
};

export const federation = {
  registerRemotes() {},
  async loadRemote(id) {
    const [name, exposed] = id.split('/');
    const load = exposed === 'routes' ? routes[name] : parts[id];
    if (!load) throw new Error(`The monolith build has no ${id} (add it to shared/build/monolith-runtime.mjs).`);
    return load();
  },
};
