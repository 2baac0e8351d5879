/** The spec's date formats (en-US names, the browser's time zone). */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A value the formatters accept: an ISO string, epoch milliseconds or a Date. */
export type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A bare 'yyyy-mm-dd' is a calendar day: read it as local midnight, not UTC, so it never shifts a day.
  const day = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function time(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes}${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * Formats a date and time the spec's way: long 'dddd MMM d, yyyy h:mmtt' ('Sunday Nov 22, 2026 4:05PM')
 * or short 'd/M/yyyy h:mmtt' ('22/11/2026 4:05PM'). '' when the value is missing or invalid.
 */
export function formatDate(value: DateInput, style: 'long' | 'short' = 'short'): string {
  const date = toDate(value);
  if (!date) return '';
  if (style === 'long') {
    return `${WEEKDAYS[date.getDay()]} ${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} ${time(date)}`;
  }
  return `${date.getDate()}/${date.getMonth() + 1}/${date.getFullYear()} ${time(date)}`;
}

/** Formats a calendar day: 'Nov 22, 2026'. '' when the value is missing or invalid. */
export function formatDay(value: DateInput): string {
  const date = toDate(value);
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : '';
}

/**
 * A moment soon to come or just past: its time 'h:mmtt' ('2:32PM') when it falls on the same
 * day as `now`, otherwise the short date and time. '' when the value is missing or invalid.
 */
export function formatTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  return date.toDateString() === now.toDateString() ? time(date) : formatDate(date);
}
