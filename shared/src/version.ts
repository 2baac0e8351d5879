/**
 * The kernel's version (semver): what the host provides to every remote at run time. A
 * remote declares the major it was built for (its manifest's requiredVersion of `shared`);
 * the host refuses a remote built for another major. Written once, in package.json: the
 * build defines __KERNEL_VERSION__ from it (shared/build/webpack.mjs, and jest.config.mjs).
 */
export const KERNEL_VERSION: string = __KERNEL_VERSION__;

/** [major, minor, patch] of a version or range ('^1.2.0' → [1, 2, 0]); null when there is none. */
export function versionOf(versionOrRange: string): [number, number, number] | null {
  const match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(versionOrRange);
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
}
