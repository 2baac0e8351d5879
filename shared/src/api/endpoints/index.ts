/** One typed function per call of the contract (contract/endpoints.tsv), by area. */
export * from './auth.api';
export * from './host.api';
export * from './identity.api';
export * from './licensing.api';
export * from './projects-sites.api';
export * from './workflows.api';
export * from './contract';
export * from '../entities';
