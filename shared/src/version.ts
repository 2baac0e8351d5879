/**
 * The kernel's version (semver): what the host provides to every remote at run time. A
 * remote declares the major it was built for (its manifest's requiredVersion of `shared`);
 * the host refuses a remote built for another major. Written once, in package.json: the
 * build defines __KERNEL_VERSION__ from it (shared/build/webpack.mjs, and jest.config.mjs).
 */
export const KERNEL_VERSION: string = __KERNEL_VERSION__;

export { versionOf } from './kernel-range';
