/** The server's log: one JSON line per event on stdout (errors on stderr); a request's lines carry its `traceId`. */
import { DrizzleQueryError } from 'drizzle-orm';
import { currentTraceId } from './trace-context';

/** Where handlers and services write what happened; fields never carry secrets. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The longest error text a log line holds: a message may quote a value from the request. */
export const LOGGED_MESSAGE_MAX = 300;

const cut = (text: string) => (text.length > LOGGED_MESSAGE_MAX ? `${text.slice(0, LOGGED_MESSAGE_MAX - 1)}…` : text);

/** The errors an error wraps (drivers wrap the database's), outermost first. */
function* causes(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The database's own error in a chain: the innermost one with a SQLSTATE. */
function databaseError(error: unknown): { code: string; message: string } | undefined {
  let found: { code: string; message: string } | undefined;
  for (const current of causes(error)) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) found = { code, message: typeof message === 'string' ? message : '' };
  }
  return found;
}

/**
 * The first frames of an error's stack: only what follows its message (which may span lines,
 * and a line of a value may look like a frame), none when the message is not found.
 */
function framesOf(error: Error): string | undefined {
  const at = error.stack?.indexOf(error.message) ?? -1;
  if (!error.stack || at < 0) return undefined;
  const frames = error.stack
    .slice(at + error.message.length)
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 5)
    .map((line) => cut(line.trim()));
  return frames.length ? frames.join(' | ') : undefined;
}

/**
 * An unexpected error as a log line may hold it: its class, its code and its message cut to
 * LOGGED_MESSAGE_MAX characters, and the stack's frames. Never a request's values: a failed
 * query is logged as the database's error (drizzle's wrapper lists the query's parameters in
 * its message, and PGlite's and pg's errors carry them, with a `detail` that quotes them), and
 * the stack keeps only the frames after its head (which repeats the message).
 */
export function describeError(error: unknown): { error: string; stack?: string } {
  const database = databaseError(error);
  const frames = error instanceof Error ? framesOf(error) : undefined;
  if (database) return { error: cut(`DatabaseError ${database.code}: ${database.message}`), stack: frames };
  if (error instanceof DrizzleQueryError) {
    // A failed query without the database's error (a lost connection): its own message is the query and its parameters.
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { error: cut(`DrizzleQueryError: the query failed${cause}`), stack: frames };
  }
  if (error instanceof Error) return { error: cut(`${error.name}: ${error.message}`), stack: frames };
  return { error: cut(`thrown ${typeof error}`) };
}

/** One JSON line per event; fields never carry secrets (callers pass ids and names only). */
export function createLogger(quiet = false): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (quiet && level === 'info') return;
    const traceId = currentTraceId();
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...(traceId ? { traceId } : {}), ...fields });
    (level === 'error' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
