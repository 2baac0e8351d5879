import { createAppConfig } from 'shared/build/webpack';

export default createAppConfig({ dir: import.meta.dirname, kind: 'remote', remoteId: 'licensing' });
