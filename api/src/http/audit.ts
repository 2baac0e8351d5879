/**
 * The audit trail: who, when, which call, which entity, before and after. A handler
 * records what it changed; a successful call that changes data and records nothing still
 * leaves a line naming the call. Secrets never reach the trail.
 */
import type { Context } from 'hono';
import { auditLog } from '../db/schema';
import type { AppDeps } from '../deps';
import type { Caller } from './auth';
import { safePath } from './safe-path';

export interface AuditEntry {
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Who acted when the call had no session (a login, a reset link). */
  actor?: { userId: number; userName: string };
}

const SECRET_KEY = /pass(word)?|secret|token|hash|code|jwt|guid|apikey$/i;

/** A copy without secret-looking fields, dates as ISO text; safe to store as JSON. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (depth > 8) return '[deep]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(item, depth + 1);
    }
    return out;
  }
  return value;
}

export async function writeAudit(
  deps: AppDeps,
  input: { route: { method: string; area: string }; c: Context; caller: Caller | null; status: number; entries: AuditEntry[] },
): Promise<void> {
  const { route, c, caller, status } = input;
  const entries: AuditEntry[] =
    input.entries.length > 0 ? input.entries : status < 400 ? [{ entity: route.area, entityId: null }] : [];
  if (entries.length === 0) return;
  await deps.db.insert(auditLog).values(
    entries.map((entry) => ({
      at: deps.clock.now(),
      // An API key has no user: its name and prefix say who acted.
      actorUserId: (caller?.apiKey ? null : caller?.userId) ?? entry.actor?.userId ?? null,
      actorName: caller?.userName ?? entry.actor?.userName ?? null,
      method: route.method,
      path: safePath(c),
      status,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before: redact(entry.before) ?? null,
      after: redact(entry.after) ?? null,
    })),
  );
}
