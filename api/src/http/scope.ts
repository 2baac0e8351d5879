/**
 * Licence scope: ACCESS_ALL_CUSTOMER_LICENCES sees every licence; every other caller only
 * their own licence's data. Outside the scope is 404, so a caller cannot tell whether
 * another licence's entity exists.
 */
import { Role } from 'shared/roles';
import type { Caller } from './auth';
import { notFound } from './errors';

export interface Scope {
  /** True for a super administrator. */
  readonly all: boolean;
  /** The licences the caller may see: 'all', or their own. */
  readonly licenseIds: 'all' | readonly number[];
  canSee(licenseId: number | null | undefined): boolean;
  /** Throws 404 unless the caller may see `licenseId`'s data. */
  assert(licenseId: number | null | undefined): void;
  /**
   * The licence a list shows: the one asked for (404 outside the scope), else the caller's own,
   * else (a super administrator asking for none) undefined: every licence.
   */
  listLicense(licenseId: number | undefined): number | undefined;
}

export function scopeOf(caller: Caller): Scope {
  // An API key stays in its own licence whatever roles it holds.
  const all = !caller.apiKey && caller.roles.has(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const canSee = (licenseId: number | null | undefined) => licenseId !== null && licenseId !== undefined && (all || licenseId === caller.licenseId);
  return {
    all,
    licenseIds: all ? 'all' : [caller.licenseId],
    canSee,
    assert(licenseId) {
      if (!canSee(licenseId)) throw notFound();
    },
    listLicense(licenseId) {
      if (licenseId === undefined) return all ? undefined : caller.licenseId;
      if (!canSee(licenseId)) throw notFound();
      return licenseId;
    },
  };
}
