import { createAppConfig } from 'shared/build/webpack';

export default createAppConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  remoteId: 'workflows',
  // Parts other sections mount with RemoteMount: the project view (remote-projects-sites), the licence settings (remote-licensing).
  exposes: {
    './ProjectResourceTabs': './src/features/project-tabs/ProjectResourceTabs.tsx',
    './LicenseResourceWorkflows': './src/features/resource-configs/LicenseResourceWorkflows.tsx',
  },
});
