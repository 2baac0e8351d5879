import { createAppConfig } from 'shared/build/webpack';

export default createAppConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  remoteId: 'projects-sites',
  // The config editors, written once here: the licence settings (remote-licensing) mount them with RemoteMount.
  exposes: {
    './ConfigsPanel': './src/features/configs/ConfigsPanel.tsx',
    './ResourcePropertiesPanel': './src/features/configs/ResourcePropertiesPanel.tsx',
  },
});
