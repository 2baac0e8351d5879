/**
 * Errors a handler throws to answer a clear 4xx. The body is JSON the console can show:
 * `Message` (or `ExceptionMessage` where the contract says so), never a stack or an input echo.
 */
import { AuthMessages } from 'contracts/auth/model';
import { GenericMessages } from 'contracts/common';

export type MessageKey = 'Message' | 'ExceptionMessage';

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 423 | 429 | 502 | 503,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly key: MessageKey = 'Message',
  ) {
    super(message);
    this.name = 'HttpError';
  }

  body(): Record<string, unknown> {
    return { [this.key]: this.message, ...this.extra };
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message: string = AuthMessages.notAuthenticated) => new HttpError(401, message);
export const forbidden = (message: string = AuthMessages.forbidden) => new HttpError(403, message);
/** Also the answer for another licence's entity: the caller cannot tell it exists. */
export const notFound = (message: string = AuthMessages.notFound) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);
/** 412 makes the console log out and show the message on Login. */
export const sessionEnded = (message: string = AuthMessages.sessionEnded) => new HttpError(412, message);

/** PostgreSQL error codes that mean the input was wrong, not the server. */
const INPUT_ERRORS: Record<string, [HttpError['status'], string]> = {
  '23505': [409, 'This already exists.'],
  '23503': [409, 'This refers to something that does not exist or is still in use.'],
  '23514': [400, 'A value is out of the allowed range.'],
  '22P02': [400, 'A value has the wrong format.'],
  '22003': [400, 'A number is out of range.'],
  '22007': [400, 'A date has the wrong format.'],
  '22008': [400, 'A date is out of range.'],
  '22001': [400, 'A value is too long.'],
};

/** SQLSTATEs and socket errors that mean the database cannot be reached right now. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_TEXT =
  /Connection terminated|terminating connection|timeout exceeded when trying to connect|the database system is (starting up|shutting down)|Client has encountered a connection error/i;

/** The answer while the database is away (a restart, a failover): the caller may try again. */
export const databaseUnavailable = () => new HttpError(503, GenericMessages.databaseUnavailable);

/**
 * Maps a database error to an answer: bad input is a 4xx, an unreachable database a 503;
 * anything else stays a server error.
 */
/** A database error and the errors it wraps (drivers wrap the server's), outermost first. */
function* causes(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * Whether a database error is a unique violation (23505), of the named unique index when one is
 * given: the handler may answer its own 409 message, and let the index alone decide (no read first).
 */
export const isUniqueViolation = (error: unknown, index?: string) =>
  [...causes(error)].some((current) => {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    return code === '23505' && (index === undefined || constraint === index);
  });

export function fromDatabaseError(error: unknown): HttpError | undefined {
  for (const current of causes(error)) {
    const code = (current as { code?: unknown }).code;
    const message = (current as { message?: unknown }).message;
    if (
      (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) ||
      (typeof message === 'string' && UNAVAILABLE_TEXT.test(message))
    ) {
      return databaseUnavailable();
    }
    if (typeof code === 'string' && INPUT_ERRORS[code]) {
      const [status, message] = INPUT_ERRORS[code];
      return new HttpError(status, message);
    }
    // Class 22 is 'data exception': a value the database cannot take is the caller's input.
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return new HttpError(400, GenericMessages.invalidValue);
  }
  return undefined;
}
