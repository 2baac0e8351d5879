/** One typed function per call of the contract (contract/endpoints.tsv), by area. */
export * from './auth.api';
export * from './host.api';
