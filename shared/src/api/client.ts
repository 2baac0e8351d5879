/**
 * The one API client (ky): base URL, Accept JSON, the Authorization header from the
 * session, and the session rule: any 412 (and a 401 to a signed-in caller) logs out and
 * goes to Login with the status and the server's message. Each call's response is parsed
 * with a valibot schema, so a contract drift shows up as an error, not as bad data.
 */
import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import * as v from 'valibot';
import { KernelMessages } from '../messages';
import { useSession } from '../session/session.store';

export interface ApiConfig {
  /** Base of every call; '/api/' by default (the console and the API share an origin). */
  baseUrl: string;
  /** Where the console goes when the server ends the session; the host sets it to its router. */
  onSessionEnded: (status: number, message: string) => void;
}

const defaultSessionEnded = (status: number, message: string) => {
  const query = new URLSearchParams({ status: String(status), message });
  window.location.assign(`/login?${query}`);
};

let config: ApiConfig = { baseUrl: '/api/', onSessionEnded: defaultSessionEnded };

/** Calls whose failures never end the session (logging out ignores 412 and 0). */
const SESSION_NEUTRAL = /\/(logout|login|login\/2fa)$/;

/** The server's message in an error body: Message, or ExceptionMessage where the contract says so. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (body && typeof body === 'object') {
    const { Message, ExceptionMessage, message } = body as Record<string, unknown>;
    for (const candidate of [Message, ExceptionMessage, message]) if (typeof candidate === 'string' && candidate.trim()) return candidate;
  }
  return undefined;
}

/** A failed call: its status (0 when the server was not reached), the server's message and body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly body: unknown,
    readonly path: string,
  ) {
    super(serverMessage ?? `The call to ${path} failed (${status || 'no answer'}).`);
    this.name = 'ApiError';
  }

  /** Per-field messages the server sent with a 400 (`errors`), keyed like the form's fields. */
  get fieldErrors(): Record<string, string> {
    const errors = (this.body as { errors?: unknown } | undefined)?.errors;
    return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
  }
}

/** The response did not match the contract's schema. */
export class ApiContractError extends Error {
  constructor(
    readonly path: string,
    readonly issues: readonly v.BaseIssue<unknown>[],
  ) {
    super(
      `The answer of ${path} does not match the contract: ${issues.map((i) => `${(i.path ?? []).map((p) => String(p.key)).join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
    this.name = 'ApiContractError';
  }
}

/** The server's message when it sent one, otherwise `fallback` (the spec's fixed text). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

function build(): KyInstance {
  return ky.create({
    prefixUrl: config.baseUrl,
    timeout: 30_000,
    retry: 0,
    headers: { Accept: 'application/json' },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = useSession.getState().token;
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        async (request, _options, response) => {
          const path = new URL(request.url).pathname;
          if (SESSION_NEUTRAL.test(path)) return;
          const sentToken = request.headers.has('Authorization');
          if (response.status === 412 || (response.status === 401 && sentToken)) {
            const body = await response
              .clone()
              .json()
              .catch(() => undefined);
            // Login signs out when it arrives with a status; signing out here first would let
            // the guard send the user to Login without the server's message.
            config.onSessionEnded(response.status, messageOf(body) ?? KernelMessages.sessionExpired);
          }
        },
      ],
    },
  });
}

let instance = build();

export function configureApi(changes: Partial<ApiConfig>): void {
  config = { ...config, ...changes };
  instance = build();
}

export function apiBaseUrl(): string {
  return config.baseUrl;
}

/** Runs a call and turns ky's errors into ApiError. */
async function send(path: string, options: Options): Promise<Response> {
  try {
    return await instance(path.replace(/^\/+/, ''), options);
  } catch (error) {
    if (error instanceof HTTPError) {
      const text = await error.response.text().catch(() => '');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // A plain-text body stays text.
      }
      throw new ApiError(error.response.status, messageOf(body), body, path);
    }
    throw new ApiError(0, undefined, undefined, path);
  }
}

async function parsed<S extends v.GenericSchema>(schema: S, response: Response, path: string): Promise<v.InferOutput<S>> {
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      // A plain-text answer (a 210 warning may be one) is the text itself.
      data = text;
    }
  }
  const result = v.safeParse(schema, data);
  if (!result.success) throw new ApiContractError(path, result.issues);
  return result.output;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

function searchParams(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  return out;
}

export interface CallOptions {
  query?: Query;
  body?: unknown;
  /** Sends `body`, a string, as it is with this Content-Type (a CSV file) instead of as JSON. */
  contentType?: string;
  signal?: AbortSignal;
}

/** The request's body: JSON, or the text as it is with its own Content-Type. */
function bodyOptions(options: CallOptions): Options {
  if (options.contentType === undefined || options.body === undefined) return { json: options.body };
  return { body: String(options.body), headers: { 'Content-Type': options.contentType } };
}

/**
 * GETs started before their screen asked (issue 38: the landing screen's first calls, started
 * with the session's answer while the screen's code downloads). Each is taken once, by the first
 * identical call of the same session within EARLY_MS; an unclaimed one is dropped.
 */
const early = new Map<string, { token: string | null; at: number; response: Promise<Response> }>();
const EARLY_MS = 15_000;

const earlyKey = (path: string, query: Query | undefined) => {
  // In code-unit order: localeCompare would load the browser's collation data (tens of ms) on the signed-in start's first call.
  const params = Object.entries(searchParams(query) ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path.replace(/^\/+/, '')}?${new URLSearchParams(params)}`;
};

/** Starts a GET now whose answer the first identical call takes (the host starts the landing screen's first calls). */
export function startEarly(path: string, query?: Query): void {
  const now = Date.now();
  for (const [key, entry] of early) if (now - entry.at > EARLY_MS) early.delete(key);
  const key = earlyKey(path, query);
  if (early.has(key)) return;
  const response = send(path, { method: 'get', searchParams: searchParams(query) });
  // The rejection is the claiming call's to meet; unclaimed, it is dropped silently.
  response.catch(() => undefined);
  early.set(key, { token: useSession.getState().token, at: now, response });
}

/** The early answer to this GET, once; only for the session that started it and while fresh. */
function takeEarly(path: string, query: Query | undefined): Promise<Response> | undefined {
  const key = earlyKey(path, query);
  const entry = early.get(key);
  if (!entry) return undefined;
  early.delete(key);
  return entry.token === useSession.getState().token && Date.now() - entry.at <= EARLY_MS ? entry.response : undefined;
}

/** A call answered with a body of `schema`. */
export async function call<S extends v.GenericSchema>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<v.InferOutput<S>> {
  const response = await ((method === 'get' && takeEarly(path, options.query)) ||
    send(path, {
      method,
      searchParams: searchParams(options.query),
      ...bodyOptions(options),
      signal: options.signal,
    }));
  return parsed(schema, response, path);
}

/** A call whose status matters too (210 carries a warning body). */
export async function callWithStatus<S extends v.GenericSchema>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<{ status: number; body: v.InferOutput<S> }> {
  const response = await send(path, { method, searchParams: searchParams(options.query), ...bodyOptions(options), signal: options.signal });
  return { status: response.status, body: await parsed(schema, response, path) };
}

/**
 * A file the server sends (a CSV export): its bytes and the name the server gives it. No time
 * limit: an export of every filtered row may take a while to stream.
 */
export async function callFile(path: string, options: { query?: Query; accept?: string } = {}): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await send(path, { method: 'get', searchParams: searchParams(options.query), timeout: false, headers: { Accept: options.accept ?? '*/*' } });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName };
}

/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Encodes one path segment (user names may hold '@', '.', spaces). */
export const seg = (value: string | number) => encodeURIComponent(String(value));

/** Accepts any JSON answer (a call whose body the console ignores). */
export const Anything = v.unknown();

/** `{ Message }`: the answer of most writes. */
export const MessageReply = v.looseObject({ Message: v.optional(v.string()) });
