/**
 * Throttling of sign-in, two-factor and recovery, per client address and per account, in
 * fixed windows counted in the database (so several servers share the counts). A caller
 * over a limit gets 429 with Retry-After; counting a hit and reading the count is one
 * statement, so concurrent requests cannot slip past a limit together.
 */
import { inArray, lt, sql } from 'drizzle-orm';
import { GenericMessages } from 'contracts/common';
import type { Db } from '../db/client';
import { throttles } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Clock } from './clock';
import { sha256 } from './secrets';

/** One limit: at most `max` counted events per `windowMs` for one subject. */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The limits. Failures are what is counted for sign-in and codes (a user who gets it right
 * is never slowed down); every request counts for recovery, since each one may send mail.
 */
export const Limits = {
  loginFailuresPerAddress: { name: 'login-fail:ip', max: 50, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { name: 'login-fail:user', max: 10, windowMs: 15 * MINUTE },
  codeFailuresPerAddress: { name: '2fa-fail:ip', max: 50, windowMs: 15 * MINUTE },
  codeFailuresPerAccount: { name: '2fa-fail:user', max: 10, windowMs: 15 * MINUTE },
  recoveryPerAddress: { name: 'recovery:ip', max: 20, windowMs: 15 * MINUTE },
  /** API keys that fail (unknown, wrong secret, inactive), like sign-in: per address and per key prefix. */
  apiKeyFailuresPerAddress: { name: 'apikey-fail:ip', max: 50, windowMs: 15 * MINUTE },
  apiKeyFailuresPerKey: { name: 'apikey-fail:key', max: 10, windowMs: 15 * MINUTE },
  /** Reset mails one account receives; past it the reply stays the same and no mail goes. */
  recoveryMailsPerAccount: { name: 'recovery-mail:user', max: 3, windowMs: 60 * MINUTE },
  /** The browsers' reports of a remote's loads and errors (issue 42), per session or API key. */
  remoteReportsPerSession: { name: 'remote-report:session', max: 20, windowMs: MINUTE },
} as const satisfies Record<string, Limit>;

export interface ThrottleState {
  hits: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

function windowOf(limit: Limit, now: Date) {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  return { start: new Date(start), retryAfter: Math.max(1, Math.ceil((start + limit.windowMs - now.getTime()) / 1000)) };
}

/** The longest subject stored as it is; a longer one (any text a caller sends) is stored as its hash. */
const MAX_PLAIN_SUBJECT = 200;

/**
 * The row's key: the limit and the subject, ignoring case. A long subject is hashed, so the
 * key always fits the primary key's index (a 2,800-character user name used to be a 500).
 */
const keyOf = (limit: Limit, subject: string) => {
  const lower = subject.toLowerCase();
  return `${limit.name}:${lower.length > MAX_PLAIN_SUBJECT ? `#${sha256(lower)}` : lower}`;
};

export interface Throttle {
  /** Counts one event and answers the count in the current window. */
  hit(limit: Limit, subject: string): Promise<ThrottleState>;
  /** The count in the current window, without counting. */
  peek(limit: Limit, subject: string): Promise<ThrottleState>;
  /** 429 when any of these (limit, subject) pairs is at its limit already. */
  assertUnder(...checks: [Limit, string][]): Promise<void>;
}

export function tooManyRequests(retryAfter: number): HttpError {
  return new HttpError(429, GenericMessages.tooManyRequests, { retryAfterSeconds: retryAfter });
}

/** The most keys a sole writer remembers (`createThrottle`); past it, it starts again. */
const KNOWN_KEPT = 10_000;

/**
 * `soleWriter`: this server is the only one counting in the database (PGlite: one server per
 * data folder), so what it read or counted of a key is what the database holds until it counts
 * again, and a check reads only keys it does not know yet: an API key's every call checked two
 * keys with a query before (issue 39: a SCIM sync). Several servers (PostgreSQL) read every time.
 */
export function createThrottle(db: Db, clock: Clock, options: { soleWriter?: boolean } = {}): Throttle {
  let lastSweep = 0;
  /** Per key, its row as last read or counted (window start, hits), or null for none. */
  const known = options.soleWriter ? new Map<string, { start: number; hits: number } | null>() : undefined;
  const remember = (key: string, row: { start: number; hits: number } | null) => {
    if (!known) return;
    const before = known.get(key);
    // A read and hits running together answer in any order: what a hit counted is never taken
    // back by a read from before it, and of one window the higher count is the later one.
    if (before && (!row || (before.start === row.start && before.hits > row.hits))) return;
    if (known.size >= KNOWN_KEPT && !known.has(key)) known.clear();
    known.set(key, row);
  };
  const sweep = async (now: Date) => {
    // Old windows are worthless; clear them now and then, never on every call.
    if (now.getTime() - lastSweep < 10 * MINUTE) return;
    lastSweep = now.getTime();
    await db.delete(throttles).where(lt(throttles.windowStart, new Date(now.getTime() - 24 * 60 * MINUTE)));
  };
  /** The counts in the current windows of these pairs, in one read (each request of an API key checks two). */
  const counts = async (checks: readonly [Limit, string][]): Promise<ThrottleState[]> => {
    if (checks.length === 0) return [];
    const now = clock.now();
    const wanted = checks.map(([limit, subject]) => ({ key: keyOf(limit, subject), ...windowOf(limit, now) }));
    const unknown = [...new Set(wanted.map((check) => check.key))].filter((key) => !known?.has(key));
    const rows = unknown.length
      ? await db.select({ key: throttles.key, windowStart: throttles.windowStart, hits: throttles.hits }).from(throttles).where(inArray(throttles.key, unknown))
      : [];
    const read = new Map(
      unknown.map((key) => {
        const row = rows.find((candidate) => candidate.key === key);
        return [key, row ? { start: row.windowStart.getTime(), hits: row.hits } : null];
      }),
    );
    for (const [key, state] of read) remember(key, state);
    return wanted.map(({ key, start, retryAfter }) => {
      const row = read.has(key) ? read.get(key) : known?.get(key);
      return { hits: row && row.start === start.getTime() ? row.hits : 0, retryAfter };
    });
  };
  const throttle: Throttle = {
    async hit(limit, subject) {
      const now = clock.now();
      const { start, retryAfter } = windowOf(limit, now);
      const [row] = await db
        .insert(throttles)
        .values({ key: keyOf(limit, subject), windowStart: start, hits: 1 })
        .onConflictDoUpdate({
          target: throttles.key,
          set: {
            hits: sql`case when ${throttles.windowStart} = excluded.window_start then ${throttles.hits} + 1 else 1 end`,
            windowStart: sql`excluded.window_start`,
          },
        })
        .returning({ hits: throttles.hits });
      remember(keyOf(limit, subject), { start: start.getTime(), hits: row!.hits });
      await sweep(now);
      return { hits: row!.hits, retryAfter };
    },
    async peek(limit, subject) {
      const [state] = await counts([[limit, subject]]);
      return state!;
    },
    async assertUnder(...checks) {
      const states = await counts(checks);
      checks.forEach(([limit], i) => {
        if (states[i]!.hits >= limit.max) throw tooManyRequests(states[i]!.retryAfter);
      });
    },
  };
  return throttle;
}
