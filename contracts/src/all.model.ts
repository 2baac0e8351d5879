/** Every area's model at once: for the contract's own tests, never for a remote (it would bundle every area). */
export * from './common';
export * from './auth/model';
export * from './home/model';
export * from './identity/model';
export * from './licensing/model';
export * from './projects-sites/model';
export * from './workflows/model';
