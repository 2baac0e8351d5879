/**
 * The kernel's version (semver): what the host provides to every remote at run time. A
 * remote declares the major it was built for (its manifest's requiredVersion of `shared`);
 * the host refuses a remote built for another major. version.test.ts keeps this equal to
 * package.json's version.
 */
export const KERNEL_VERSION = '2.2.0';

/** [major, minor, patch] of a version or range ('^1.2.0' → [1, 2, 0]); null when there is none. */
export function versionOf(versionOrRange: string): [number, number, number] | null {
  const match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(versionOrRange);
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
}

/** The major of a version or range ('^2.1.0' → 2); null when there is none. */
export function majorOf(versionOrRange: string): number | null {
  const match = /(\d+)(?:\.\d+){0,2}/.exec(versionOrRange);
  return match ? Number(match[1]) : null;
}
