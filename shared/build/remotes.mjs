// The four remotes: federation name, folder and dev port. The paths each owns are written in its
// own routes module; the host learns them at run time.
// The host's remotes.json (remote → manifest URL) is made from this at build time; a deployment
// may edit that file to move a remote without rebuilding the host.

/** @type {{ id: string; name: string; folder: string; devPort: number }[]} */
export const REMOTES = [
  { id: 'identity', name: 'remote_identity', folder: 'remote-identity', devPort: 3001 },
  { id: 'licensing', name: 'remote_licensing', folder: 'remote-licensing', devPort: 3002 },
  { id: 'projects-sites', name: 'remote_projects_sites', folder: 'remote-projects-sites', devPort: 3003 },
  { id: 'workflows', name: 'remote_workflows', folder: 'remote-workflows', devPort: 3004 },
];

export const HOST_DEV_PORT = 3000;
export const API_DEV_PORT = 8080;

/** remotes.json: what the host loads at run time. `base` is where each remote's manifest lives. */
export function remotesMap(manifestUrl) {
  return {
    remotes: REMOTES.map(({ id, name }) => ({ id, name, entry: manifestUrl(id) })),
  };
}
