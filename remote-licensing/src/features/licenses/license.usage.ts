/** Seat arithmetic of the spec: a negative maximum is unlimited; usage shows only when the maximum is above 0. */
export const isUnlimited = (max: number) => max < 0;

/** Percent used, or null when there is no positive maximum to measure against. */
export function usagePercent(used: number, max: number): number | null {
  return max > 0 ? (100 * used) / max : null;
}

const DAY_MS = 86_400_000;

/** Whole days until expiry (negative once past); null when the licence never expires. */
export function daysLeft(expiryDate: number | null, now = Date.now()): number | null {
  return expiryDate === null ? null : Math.ceil((expiryDate - now) / DAY_MS);
}

/** Expiring: fewer than 61 days remain (spec 1 §4). */
export const EXPIRY_WARNING_DAYS = 61;
export const isExpiring = (days: number | null) => days !== null && days >= 0 && days < EXPIRY_WARNING_DAYS;
