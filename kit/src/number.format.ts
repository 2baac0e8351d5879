/**
 * A whole number as the console writes counts, in en-US grouping: 1,320 and 1,000,000. Written
 * out rather than through Intl.NumberFormat or toLocaleString: a page's first use of Intl loads
 * the browser's locale data (40–150 ms of one core on the 2-core bench machine), which a list's
 * pager would otherwise pay while the signed-in start draws its first screen.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.round(value);
  const digits = String(Math.abs(whole));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}
