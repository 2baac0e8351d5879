/**
 * What a remote's routes module may take from the kernel when its build reads it in Node to
 * write the remote's declaration (shared/build/declare.mjs): the route and remote contract and
 * the roles — nothing that needs a browser. The build resolves 'shared' to this file, so a
 * routes module that reaches for anything else fails at build time, not in a user's browser.
 */
export * from './roles';
export * from './federation/route';
export * from './federation/types';
export * from './paths';
