import { createAppConfig } from 'shared/build/webpack';

// The host: built without the federation plugin; it loads the runtime after sign-in
// (src/federation/runtime.ts).
export default createAppConfig({ dir: import.meta.dirname, kind: 'host' });
