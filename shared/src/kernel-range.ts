/**
 * Whether a remote built for a kernel range can run on a kernel, as a pure function of both
 * (no build defines, no React): the API refuses a release channel's build with it at
 * registration, with the same rule and words the host applies before loading a remote
 * (host/src/federation/remotes.store.ts, kernelProblem): the same major, and at least the
 * minor (and patch) it was built against.
 */
import { kernelIncompatible } from './messages';

/** [major, minor, patch] of a version or range ('^1.2.0' → [1, 2, 0]); null when there is none. */
export function versionOf(versionOrRange: string): [number, number, number] | null {
  const match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(versionOrRange);
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
}

/** Why a build for `required` cannot run on `kernel` ('built for console kernel 5, this console runs 4'); undefined when it can. */
export function kernelRangeProblem(required: string | undefined, kernel: string): string | undefined {
  if (!required) return undefined;
  const wanted = versionOf(required);
  const runs = versionOf(kernel);
  if (!wanted || !runs) return undefined;
  if (wanted[0] !== runs[0]) return kernelIncompatible(wanted[0], runs[0]);
  if (wanted[1] > runs[1] || (wanted[1] === runs[1] && wanted[2] > runs[2])) return kernelIncompatible(wanted.join('.'), runs.join('.'));
  return undefined;
}
