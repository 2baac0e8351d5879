import { daysLeft, isExpiring, isUnlimited, usagePercent } from './license.usage';

describe('licence usage', () => {
  it('treats any negative maximum as unlimited and measures usage only against a positive one', () => {
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(-5)).toBe(true);
    expect(isUnlimited(0)).toBe(false);
    expect(usagePercent(5, 20)).toBe(25);
    expect(usagePercent(5, 0)).toBeNull();
    expect(usagePercent(5, -1)).toBeNull();
  });

  it('counts a licence as expiring when fewer than 61 days remain', () => {
    const now = Date.UTC(2026, 10, 22);
    const day = 86_400_000;
    expect(daysLeft(null, now)).toBeNull();
    expect(isExpiring(daysLeft(now + 60 * day, now))).toBe(true);
    expect(isExpiring(daysLeft(now + 61 * day, now))).toBe(false);
    expect(isExpiring(daysLeft(now - day, now))).toBe(false);
  });
});
