/**
 * Each request's trace id, for its log lines, its reply's `traceparent` header and a server
 * error's body (`traceId`), so a user's screenshot of an error leads to the request's log lines and, with tracing on, its trace.
 * With tracing on it is the request's span's trace id; otherwise the caller's W3C
 * `traceparent` trace id when one came (a balancer's, a gateway's), else a new random one of
 * the same shape (32 hex digits).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { trace } from '@opentelemetry/api';

const storage = new AsyncLocalStorage<{ traceId: string }>();

/** `00-<trace id>-<span id>-<flags>` (W3C Trace Context, version 00); an all-zero trace id is invalid. */
const ZERO_TRACE = '00000000000000000000000000000000';
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * A request's trace id, and the `traceparent` its reply carries: the active span's (tracing
 * on), else the caller's traceparent's trace id with a span id of our own, else new random ones.
 * The flags say sampled only when a span records the request.
 */
export function traceContextFor(given: string | undefined): { traceId: string; traceparent: string } {
  const span = trace.getActiveSpan()?.spanContext();
  if (span && span.traceId !== ZERO_TRACE) {
    return { traceId: span.traceId, traceparent: `00-${span.traceId}-${span.spanId}-${(span.traceFlags & 1).toString(16).padStart(2, '0')}` };
  }
  const theirs = TRACEPARENT.exec(given?.trim().toLowerCase() ?? '')?.[1];
  const traceId = theirs && !/^0+$/.test(theirs) ? theirs : randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-00` };
}

/** Runs `work` with `traceId` as the current request's. */
export function withTraceId<T>(traceId: string, work: () => T): T {
  return storage.run({ traceId }, work);
}

/** The current request's trace id, if any (log lines read it). */
export function currentTraceId(): string | undefined {
  return storage.getStore()?.traceId;
}
