import { formatCount } from './number.format';

describe('formatCount', () => {
  it('groups whole numbers as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 1320, 10_000, 999_999, 1_000_000, 123_456_789, -1, -1234, -1_000_000]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('rounds a fraction to the whole number', () => {
    expect(formatCount(1234.6)).toBe('1,235');
  });

  it('writes what is not a number as JavaScript does', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
