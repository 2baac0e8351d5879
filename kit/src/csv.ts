/**
 * CSV in the browser, for a list the console holds whole (DataTable's Export CSV), written the
 * way the API's exports are (api/src/http/csv.ts): RFC 4180 quoting, a byte-order mark so
 * spreadsheets read UTF-8, and cells a spreadsheet would run as a formula (starting with
 * = + - @, also after leading spaces or invisible characters, or with a tab or a carriage
 * return) prefixed with an apostrophe.
 */
/** A tab or carriage return first, or = + - @ after any spaces, control and format characters (U+200B, U+FEFF…), which a spreadsheet may skip or not show. */
const FORMULA_START = /^(?:[\t\r]|[\s\p{Cc}\p{Cf}]*[=+\-@])/u;

/** One cell, quoted when it must be, defused when it could be a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the header line, then one line per row. */
export function csvText(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return '\uFEFF' + [header, ...rows].map((cells) => cells.map(csvCell).join(',') + '\r\n').join('');
}
