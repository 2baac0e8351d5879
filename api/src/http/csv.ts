/**
 * CSV exports: RFC 4180 quoting, a byte-order mark so spreadsheets read UTF-8, and cells
 * that a spreadsheet would run as a formula (starting with = + - @, also after leading spaces
 * or invisible characters, or with a tab or a carriage return) prefixed with an apostrophe
 * (OWASP's advice against formula injection). Rows are streamed as the database yields them,
 * so an export of a million rows never sits in memory.
 */
import type { Context } from 'hono';
import { stream } from 'hono/streaming';

/** A tab or carriage return first, or = + - @ after any spaces, control and format characters (U+200B, U+FEFF…), which a spreadsheet may skip or not show. */
const FORMULA_START = /^(?:[\t\r]|[\s\p{Cc}\p{Cf}]*[=+\-@])/u;

/** One cell, quoted when it must be, defused when it could be a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** Streams a CSV download: the header line, then each chunk of rows as it comes. */
export function csvResponse(c: Context, fileName: string, header: readonly string[], chunks: AsyncIterable<readonly (readonly unknown[])[]>): Response {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`);
  return stream(c, async (out) => {
    await out.write('\uFEFF' + csvLine(header));
    for await (const rows of chunks) {
      if (rows.length) await out.write(rows.map(csvLine).join(''));
    }
  });
}

/** Rows an export reads at a time. */
const EXPORT_CHUNK = 1000;

/**
 * A list read `size` rows at a time in its order (`read(limit, offset)`), each chunk turned
 * into CSV rows by `toRows`, until a chunk comes back short: what csvResponse streams.
 */
export async function* exportChunks<R>(
  read: (limit: number, offset: number) => Promise<R[]>,
  toRows: (rows: R[]) => Promise<unknown[][]> | unknown[][],
  size = EXPORT_CHUNK,
): AsyncGenerator<unknown[][]> {
  for (let offset = 0; ; offset += size) {
    const rows = await read(size, offset);
    yield await toRows(rows);
    if (rows.length < size) return;
  }
}

/** A record of a CSV file: its cells and the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A CSV file that cannot be read (an unclosed quote), with the line its record starts on. */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`Line ${line}: a quoted cell is not closed.`);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * Reads CSV text (RFC 4180: quoted cells with "" for a quote, line breaks inside quotes; CRLF,
 * LF or CR between records) into records, skipping a byte-order mark. The delimiter is a comma,
 * or the header line's semicolon or tab when it has no comma (a spreadsheet saved in another
 * locale). Cells are as written: `readCell` undoes what an export added.
 */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = /^[^\r\n]*/.exec(source)![0];
  const delimiter = firstLine.includes(',') ? ',' : firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  while (i < source.length) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && source[i + 1] !== '\n')) line++;
        cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
    i++;
  }
  if (quoted) throw new CsvSyntaxError(start);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** A cell as read back: trimmed, and without the apostrophe an export put before a would-be formula. */
export function readCell(cell: string | undefined): string {
  const text = (cell ?? '').trim();
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
