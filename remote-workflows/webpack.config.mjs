import { createAppConfig } from 'shared/build/webpack';

export default createAppConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  remoteId: 'workflows',
  // Parts the project view (remote-projects-sites) mounts with RemoteMount.
  exposes: { './ProjectResourceTabs': './src/features/project-tabs/ProjectResourceTabs.tsx' },
});
