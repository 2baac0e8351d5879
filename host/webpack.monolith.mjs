import { createAppConfig } from 'shared/build/webpack';

// `npm run bench`'s comparison: the same host and screens in one build, without federation
// (into dist-monolith). Not deployed.
export default createAppConfig({ dir: import.meta.dirname, kind: 'host', monolith: true });
