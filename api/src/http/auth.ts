/**
 * Authentication: the bearer token must verify (signature, exp) and name a live session of
 * an active, unlocked user. The session, the user and the user's roles come from ONE indexed
 * query per request on PostgreSQL, and on PGlite from what the server read before while the
 * auth_epoch number (one row, raised by every change to them) is unchanged; either way a
 * logout, lockout, deactivation or role change applies at the very next request.
 */
import { and, Column, eq, isNull, lt, or, sql, type Placeholder } from 'drizzle-orm';
import type { Context } from 'hono';
import { AuthMessages } from 'contracts/auth/model';
import { ApiKeyMessages } from 'contracts/identity/model';
import type { Db } from '../db/client';
import { roleHeldBy } from '../domain/grants';
import { apiKeys, roles, sessions, users } from '../db/schema';
import { keyMatches, prefixOf } from '../domain/api-key-secrets';
import type { AppDeps } from '../deps';
import { Limits } from '../services/throttle';
import type { SessionClaims, TokenService, VerifyResult } from '../services/tokens';
import { clientAddress } from './client-address';

export interface Caller {
  userId: number;
  userName: string;
  licenseId: number;
  sessionId: string;
  roles: ReadonlySet<string>;
  /** The token's exp, in seconds. */
  exp: number;
  isSsoUser: boolean;
  /** A session opened only to set up the second factor the licence requires (issue 40): only `setupAllowed` routes answer it. */
  setupOnly?: boolean;
  /**
   * Set when an API key authenticated the call: the caller is the key, with exactly its own
   * roles, projects and licence (no user, no session: `userId` 0 and the nil session id).
   */
  apiKey?: { apiKeyId: number; keyPrefix: string; allProjects: boolean };
}

export type AuthOutcome =
  | { kind: 'none' }
  /** Credentials that do not sign anyone in; `message` when the caller may be told why (an inactive API key). */
  | { kind: 'invalid'; message?: string }
  /** The token was good but its session is over: the console logs out and shows `message`. */
  | { kind: 'ended'; message: string }
  | { kind: 'caller'; caller: Caller };

/** Kept here too for callers that read roles with the session (domain/grants.ts holds the rule). */
export { rolesOfUser } from '../domain/grants';

/** lastActivityDate is written at most this often per user. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** `Bearer <token>`: the scheme in any case, one space or more, a token68 (RFC 7235 §2.1); nothing else. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * The token of an `Authorization: Bearer <token>` header: undefined without the header,
 * null when the header is there but is not a bearer token (a bare token, another scheme).
 */
export function bearerToken(c: Context): string | null | undefined {
  const header = c.req.header('authorization')?.trim();
  if (!header) return undefined;
  return BEARER.exec(header)?.[1] ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the one query selects, in this order. */
const sessionFields = {
  revokedAt: sessions.revokedAt,
  expiresAt: sessions.expiresAt,
  setupOnly: sessions.setupOnly,
  userId: users.userId,
  userName: users.userName,
  licenseId: users.licenseId,
  isApproved: users.isApproved,
  isLockedOut: users.isLockedOut,
  isSsoUser: users.isSsoUser,
  lastActivityDate: users.lastActivityDate,
  sessionActiveAt: sessions.lastActiveAt,
  roles: sql<string[]>`array(select ${roles.name} from ${roles} where ${roleHeldBy(users.userId)})`,
};

/** The one query: the session (by the sessions primary key), its user and the user's roles. */
function sessionQuery(db: Db, sessionId: string | Placeholder, userId: number | Placeholder) {
  return db
    .select(sessionFields)
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .where(and(eq(sessions.sessionId, sessionId), eq(sessions.userId, userId)));
}

type SessionRow = Awaited<ReturnType<typeof sessionQuery>>[number];

/** The one authentication query, for EXPLAIN in tests. */
export const authenticationQuery = (db: Db, sessionId: string, userId: number) => sessionQuery(db, sessionId, userId);

/** The statement's name on PGlite, where it is prepared once per database. */
const PREPARED = 'authenticate_session';

/** The part of PGlite's client used here: drizzle's `$client` of a PGlite database. */
interface PgliteClient {
  exec(query: string): Promise<unknown>;
  query<T>(query: string, params?: unknown[], options?: { rowMode: 'array' }): Promise<{ rows: T[] }>;
}

const preparedOnPglite = new WeakMap<PgliteClient, Promise<unknown>>();
const preparedOnPostgres = new WeakMap<Db, ReturnType<ReturnType<typeof sessionQuery>['prepare']>>();

/**
 * The one query, planned once. Planning is most of its cost and PGlite plans every statement it
 * is sent, so on PGlite it is an SQL prepared statement: PREPARE once per database, then EXECUTE
 * with the two values written in (checked here to be a uuid and a positive int4: nothing else can
 * reach the statement). On PostgreSQL, drizzle's named statement keeps the plan on each
 * connection.
 */
async function sessionOfToken(deps: AppDeps, sessionId: string, userId: number): Promise<SessionRow | undefined> {
  if (!UUID.test(sessionId) || !Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647) return undefined;
  if (deps.database.kind === 'pglite') return keptSessionOnPglite(deps.db, sessionId, userId);
  let query = preparedOnPostgres.get(deps.db);
  if (!query) {
    query = sessionQuery(deps.db, sql.placeholder('sessionId'), sql.placeholder('userId')).prepare(PREPARED);
    preparedOnPostgres.set(deps.db, query);
  }
  return (await query.execute({ sessionId, userId }))[0];
}

/** The most sessions, and API keys, a PGlite server keeps between requests; past it, it starts again. */
const SESSIONS_KEPT = 10_000;
/**
 * What a PGlite server read, valid while auth_epoch's number is `epoch`: sessions with their
 * user (by session and token user) and API keys with their roles (by prefix).
 */
interface Kept {
  epoch: number;
  sessions: Map<string, SessionRow>;
  keys: Map<string, ApiKeyRow>;
}
const keptOnPglite = new WeakMap<PgliteClient, Kept>();
const EPOCH = 'read_auth_epoch';
const epochPrepared = new WeakMap<PgliteClient, Promise<unknown>>();

/**
 * On PGlite (one server per database: the data folder's lock), a session with its user and
 * roles, and an API key with its roles, are read once and kept while auth_epoch's number stays
 * the same (issue 38): every change to what they hold raises it in its own transaction
 * (migrations 0026 and 0030), and the number is read at every request, so a session ended, a
 * user locked, a key deactivated or a role taken applies at the very next request, as without
 * keeping anything. Reading the one-row number costs about a quarter of the full query. What
 * is read after the number is kept under it: PGlite runs one statement at a time, and a change
 * committed in between raised the number, so that row is dropped at the next request.
 */
async function keptOnThisRequest(db: Db, retry = true): Promise<Kept> {
  const client = (db as unknown as { $client: PgliteClient }).$client;
  let prepared = epochPrepared.get(client);
  if (!prepared) {
    prepared = client.exec(`prepare ${EPOCH} as select epoch from auth_epoch where id = 1`);
    prepared.catch(() => epochPrepared.delete(client));
    epochPrepared.set(client, prepared);
  }
  await prepared;
  let read: { rows: unknown[][] };
  try {
    read = await client.query<unknown[]>(`execute ${EPOCH}`, undefined, { rowMode: 'array' });
  } catch (error) {
    epochPrepared.delete(client);
    // The statement is gone (DEALLOCATE or DISCARD ALL): prepare it again, once.
    if (!retry || (error as { code?: string }).code !== '26000') throw error;
    return keptOnThisRequest(db, false);
  }
  const epoch = Number(read.rows[0]?.[0] ?? -1);
  let kept = keptOnPglite.get(client);
  if (!kept || kept.epoch !== epoch) {
    kept = { epoch, sessions: new Map(), keys: new Map() };
    keptOnPglite.set(client, kept);
  }
  return kept;
}

/** `read(key)`, or what `kept` holds of it; what it reads is kept (`keptOnThisRequest`). */
async function keptRow<R>(kept: Map<string, R>, key: string, read: () => Promise<R | undefined>): Promise<R | undefined> {
  const hit = kept.get(key);
  if (hit) return hit;
  const row = await read();
  if (row) {
    if (kept.size >= SESSIONS_KEPT) kept.clear();
    kept.set(key, row);
  }
  return row;
}

async function keptSessionOnPglite(db: Db, sessionId: string, userId: number): Promise<SessionRow | undefined> {
  const kept = await keptOnThisRequest(db);
  return keptRow(kept.sessions, `${sessionId}:${userId}`, () => sessionOnPglite(db, sessionId, userId));
}

/** After recordActivity: what a PGlite server keeps of the session shows the new activity times. */
function keptActivity(db: Db, sessionId: string, userId: number, now: Date): void {
  const client = (db as unknown as { $client?: PgliteClient }).$client;
  const row = client && keptOnPglite.get(client)?.sessions.get(`${sessionId}:${userId}`);
  if (row) {
    row.lastActivityDate = now;
    row.sessionActiveAt = now;
  }
}

/** A raw value of a selected field as Drizzle maps it: a column's `mapFromDriverValue`, an SQL expression's as is. */
function fromDriver(field: unknown, value: unknown): unknown {
  return value !== null && field instanceof Column ? field.mapFromDriverValue(value) : value;
}

async function sessionOnPglite(db: Db, sessionId: string, userId: number, retry = true): Promise<SessionRow | undefined> {
  const client = (db as unknown as { $client: PgliteClient }).$client;
  let prepared = preparedOnPglite.get(client);
  if (!prepared) {
    const { sql: text } = sessionQuery(db, sql.placeholder('sessionId'), sql.placeholder('userId')).toSQL();
    prepared = client.exec(`prepare ${PREPARED}(uuid, integer) as ${text}`);
    prepared.catch(() => preparedOnPglite.delete(client));
    preparedOnPglite.set(client, prepared);
  }
  await prepared;
  try {
    const { rows } = await client.query<unknown[]>(`execute ${PREPARED}('${sessionId}', ${userId})`, undefined, { rowMode: 'array' });
    const row = rows[0];
    // Each column read as Drizzle reads it (dates come as text: db/client.ts, AS_TEXT).
    return row && (Object.fromEntries(Object.entries(sessionFields).map(([name, field], i) => [name, fromDriver(field, row[i])])) as SessionRow);
  } catch (error) {
    if (!retry || (error as { code?: string }).code !== '26000') throw error;
    // The statement is gone (DEALLOCATE or DISCARD ALL): prepare it again.
    preparedOnPglite.delete(client);
    return sessionOnPglite(db, sessionId, userId, false);
  }
}

/** How many verified tokens each token service remembers; the oldest goes first. */
const VERIFIED_TOKENS_KEPT = 10_000;
const verifiedTokens = new WeakMap<TokenService, Map<string, { claims: SessionClaims; exp: number }>>();

/**
 * `tokens.verify`, with the signature checked once per token: a token's signature and claims
 * never change, and the check (WebCrypto HMAC through jose) costs about as much as the session
 * query. exp is compared with the clock at every request, as jose does (expired when exp <= now);
 * whether the session is still live is the query's business, never this memory's.
 */
async function verifyToken(deps: AppDeps, token: string): Promise<VerifyResult> {
  let known = verifiedTokens.get(deps.tokens);
  if (!known) {
    known = new Map();
    verifiedTokens.set(deps.tokens, known);
  }
  const hit = known.get(token);
  if (hit) {
    if (hit.exp > Math.floor(deps.clock.now().getTime() / 1000)) return { ok: true, claims: hit.claims, exp: hit.exp };
    known.delete(token);
    return { ok: false, reason: 'expired' };
  }
  const verified = await deps.tokens.verify(token);
  if (verified.ok) {
    if (known.size >= VERIFIED_TOKENS_KEPT) known.delete(known.keys().next().value!);
    known.set(token, { claims: verified.claims, exp: verified.exp });
  }
  return verified;
}

/** Whether a last-activity time is missing or older than the write interval. */
const isStale = (at: Date | null, now: Date) => !at || now.getTime() - at.getTime() > ACTIVITY_WRITE_INTERVAL_MS;

/**
 * Records the user's and the session's activity after the reply, at most once a minute each:
 * the request does not wait for it, and of concurrent requests only the first changes a row.
 */
function recordActivity(
  deps: AppDeps,
  row: { userId: number; lastActivityDate: Date | null; sessionActiveAt: Date | null },
  sessionId: string,
  now: Date,
): void {
  deps.background.run('last activity', async () => {
    const stale = new Date(now.getTime() - ACTIVITY_WRITE_INTERVAL_MS);
    if (isStale(row.lastActivityDate, now)) {
      await deps.db
        .update(users)
        .set({ lastActivityDate: now })
        .where(and(eq(users.userId, row.userId), or(isNull(users.lastActivityDate), lt(users.lastActivityDate, stale))));
    }
    if (isStale(row.sessionActiveAt, now)) {
      await deps.db
        .update(sessions)
        .set({ lastActiveAt: now })
        .where(and(eq(sessions.sessionId, sessionId), or(isNull(sessions.lastActiveAt), lt(sessions.lastActiveAt, stale))));
    }
  });
}

/** `ApiKey <key>`: the scheme in any case, then the key. */
const API_KEY_SCHEME = /^ApiKey +(\S+)$/i;

/** A session id no session has: an API key caller's, so session queries find nothing. */
export const NO_SESSION = '00000000-0000-0000-0000-000000000000';

/** An API key's row and roles, by its prefix. */
function readApiKey(db: Db, prefix: string) {
  return db
    .select({
      apiKeyId: apiKeys.apiKeyId,
      keyPrefix: apiKeys.keyPrefix,
      secretHash: apiKeys.secretHash,
      name: apiKeys.name,
      licenseId: apiKeys.licenseId,
      isActive: apiKeys.isActive,
      allProjects: apiKeys.allProjects,
      lastUsedDate: apiKeys.lastUsedDate,
      // Qualified by hand: drizzle leaves columns of a one-table select unqualified, which the subquery would misread.
      roles: sql<string[]>`array(select r.name from api_key_roles kr join roles r on r.role_id = kr.role_id where kr.api_key_id = api_keys.api_key_id)`,
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyPrefix, prefix))
    .then((rows) => rows[0]);
}

type ApiKeyRow = NonNullable<Awaited<ReturnType<typeof readApiKey>>>;

/** `readApiKey`, kept on PGlite while auth_epoch's number stays the same (`keptOnThisRequest`). */
async function apiKeyOf(deps: AppDeps, prefix: string): Promise<ApiKeyRow | undefined> {
  if (deps.database.kind !== 'pglite') return readApiKey(deps.db, prefix);
  const kept = await keptOnThisRequest(deps.db);
  return keptRow(kept.keys, prefix, () => readApiKey(deps.db, prefix));
}

/**
 * An `Authorization: ApiKey <key>` call: the key must be well formed, known, match its hash
 * and be active. A malformed, unknown or wrong key gets the one generic answer; a key that
 * matches but is inactive is told so ('This API key is inactive.': only its holder can send
 * it, so this tells nothing new). Every failure counts against the address and the key's
 * prefix like a failed sign-in (429 past the limit). Use is recorded (last used, at most once
 * a minute, after the reply).
 */
async function authenticateApiKey(c: Context, deps: AppDeps, key: string): Promise<AuthOutcome> {
  const address = clientAddress(c, deps.config.trustProxy);
  const prefix = prefixOf(key) ?? 'malformed';
  await deps.throttle.assertUnder([Limits.apiKeyFailuresPerAddress, address], [Limits.apiKeyFailuresPerKey, prefix]);
  const row = prefix === 'malformed' ? undefined : await apiKeyOf(deps, prefix);
  const matches = row !== undefined && keyMatches(key, row.secretHash);
  if (!matches || !row.isActive) {
    await deps.throttle.hit(Limits.apiKeyFailuresPerAddress, address);
    await deps.throttle.hit(Limits.apiKeyFailuresPerKey, prefix);
    return matches ? { kind: 'invalid', message: ApiKeyMessages.inactive } : { kind: 'invalid' };
  }
  const now = deps.clock.now();
  if (!row.lastUsedDate || now.getTime() - row.lastUsedDate.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    // A kept row (PGlite) shows it too, so the next calls of the minute do not write again.
    row.lastUsedDate = now;
    deps.background.run('api key last used', async () => {
      const stale = new Date(now.getTime() - ACTIVITY_WRITE_INTERVAL_MS);
      await deps.db
        .update(apiKeys)
        .set({ lastUsedDate: now })
        .where(and(eq(apiKeys.apiKeyId, row.apiKeyId), or(isNull(apiKeys.lastUsedDate), lt(apiKeys.lastUsedDate, stale))));
    });
  }
  return {
    kind: 'caller',
    caller: {
      userId: 0,
      userName: `API key ${row.keyPrefix} (${row.name})`,
      licenseId: row.licenseId,
      sessionId: NO_SESSION,
      roles: new Set(row.roles),
      exp: 0,
      isSsoUser: false,
      apiKey: { apiKeyId: row.apiKeyId, keyPrefix: row.keyPrefix, allProjects: row.allProjects },
    },
  };
}

/** The SCIM service provider's paths (routes/scim): a directory sends the licence's API key as `Bearer <key>` (RFC 7644 §2). */
const SCIM_PATH = /^\/api\/scim\/v2(\/|$)/;
const BEARER_KEY = /^Bearer +(\S+)$/i;

export async function authenticate(c: Context, deps: AppDeps): Promise<AuthOutcome> {
  const header = c.req.header('authorization')?.trim() ?? '';
  const apiKey = API_KEY_SCHEME.exec(header) ?? (SCIM_PATH.test(c.req.path) ? BEARER_KEY.exec(header) : null);
  if (apiKey) return authenticateApiKey(c, deps, apiKey[1]!);
  const token = bearerToken(c);
  if (token === undefined) return { kind: 'none' };
  if (token === null) return { kind: 'invalid' };
  const verified = await verifyToken(deps, token);
  if (!verified.ok) {
    return verified.reason === 'expired' ? { kind: 'ended', message: AuthMessages.sessionExpired } : { kind: 'invalid' };
  }
  const { claims } = verified;
  const row = await sessionOfToken(deps, claims.sessionId, claims.userId);
  if (!row) return { kind: 'invalid' };
  const now = deps.clock.now();
  // Why first: a deactivated or locked account's sessions were also ended for good (domain/ceiling.ts).
  if (!row.isApproved) return { kind: 'ended', message: AuthMessages.accountInactive };
  if (row.isLockedOut) return { kind: 'ended', message: AuthMessages.accountLocked };
  if (row.revokedAt) return { kind: 'ended', message: AuthMessages.sessionEnded };
  if (row.expiresAt <= now) return { kind: 'ended', message: AuthMessages.sessionExpired };

  if (isStale(row.lastActivityDate, now) || isStale(row.sessionActiveAt, now)) {
    recordActivity(deps, { ...row }, claims.sessionId, now);
    if (deps.database.kind === 'pglite') keptActivity(deps.db, claims.sessionId, claims.userId, now);
  }
  return {
    kind: 'caller',
    caller: {
      userId: row.userId,
      userName: row.userName,
      licenseId: row.licenseId,
      sessionId: claims.sessionId,
      roles: new Set(row.roles),
      exp: verified.exp,
      isSsoUser: row.isSsoUser,
      ...(row.setupOnly ? { setupOnly: true } : {}),
    },
  };
}

/** Sessions of a user that are still live, for revoking them all (password reset, deactivation). */
export function liveSessionsOf(userId: number) {
  return and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`);
}
