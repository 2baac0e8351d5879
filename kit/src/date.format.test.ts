import { formatDate, formatDay, formatTime } from './date.format';

describe('formatDate', () => {
  const afternoon = new Date(2026, 10, 22, 16, 5);

  it('formats the long style as dddd MMM d, yyyy h:mmtt', () => {
    expect(formatDate(afternoon, 'long')).toBe('Sunday Nov 22, 2026 4:05PM');
  });

  it('formats the short style (the default) as d/M/yyyy h:mmtt', () => {
    expect(formatDate(afternoon)).toBe('22/11/2026 4:05PM');
    expect(formatDate(new Date(2026, 0, 3, 9, 30), 'short')).toBe('3/1/2026 9:30AM');
  });

  it('shows midnight and noon as 12', () => {
    expect(formatDate(new Date(2026, 0, 3, 0, 7))).toBe('3/1/2026 12:07AM');
    expect(formatDate(new Date(2026, 0, 3, 12, 0))).toBe('3/1/2026 12:00PM');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatDate(afternoon.toISOString())).toBe('22/11/2026 4:05PM');
    expect(formatDate(afternoon.getTime())).toBe('22/11/2026 4:05PM');
  });

  it('gives an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date', 'long')).toBe('');
  });
});

describe('formatDay', () => {
  it('formats a day as MMM d, yyyy', () => {
    expect(formatDay(new Date(2026, 10, 22, 16, 5))).toBe('Nov 22, 2026');
  });

  it('reads a bare yyyy-mm-dd as that calendar day in any time zone', () => {
    expect(formatDay('2026-11-01')).toBe('Nov 1, 2026');
  });

  it('gives an empty string for missing or invalid values', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay('2026-13-45x')).toBe('');
  });
});

describe('formatTime', () => {
  it('gives only the time h:mmtt on the same day, the short date and time on another', () => {
    const now = new Date(2026, 10, 22, 14, 0);
    expect(formatTime(new Date(2026, 10, 22, 14, 32), now)).toBe('2:32PM');
    expect(formatTime(new Date(2026, 10, 23, 0, 5), now)).toBe('23/11/2026 12:05AM');
    expect(formatTime(null, now)).toBe('');
  });
});
