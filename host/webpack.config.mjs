import { createAppConfig } from 'shared/build/webpack';

export default createAppConfig({
  dir: import.meta.dirname,
  kind: 'host',
  runtimePlugins: [new URL('./src/federation/offline-remote.plugin.ts', import.meta.url).pathname],
});
