/**
 * The server's metrics in Prometheus' text format (prom-client), one registry per app (tests
 * make many apps; the library's global registry is never used). Served at `/api/metrics`
 * with METRICS_TOKEN, or on a listener of its own at METRICS_PORT; never by default.
 *
 * A label never holds a user name, an id or a path with ids: a request is labelled with its
 * route's declared template (`users/{username}`), never its URL; a remote's id and version,
 * which browsers report, are checked and bounded here.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Mailer } from './mail';

export type SignInStep = 'password' | 'sso' | 'two_factor' | 'passkey';
/**
 * How a sign-in step ended: a session (`success`), a code sent for the second step
 * (`second_step`), wrong or unknown credentials (`failure`), too many attempts (`throttled`),
 * a locked account (`locked`), another refusal such as an inactive account or an expired
 * licence (`refused`), or a server error (`error`).
 */
export type SignInOutcome = 'success' | 'second_step' | 'failure' | 'throttled' | 'locked' | 'refused' | 'error';

/** The size of the database's connection pool (PostgreSQL; PGlite has none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its method, route template (never the URL), status and duration. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One database query's duration. */
  query(seconds: number, ok: boolean): void;
  signIn(step: SignInStep, outcome: SignInOutcome): void;
  mail(outcome: 'sent' | 'failed'): void;
  /** One run of a scheduled job (the hourly expiry notices). */
  job(name: string, outcome: 'success' | 'failure', seconds: number): void;
  /** One piece of background work (mail the reply does not wait for, last-activity stamps). */
  background(name: string, outcome: 'success' | 'failure'): void;
  /** A remote that a browser could not load (reported by the console; issue 42 calls this). */
  remoteLoadFailure(remote: string, version: string): void;
  /** Reads the pool's size at each scrape. */
  observePool(stats: () => PoolStats | undefined): void;
  /** The exposition: `text()` in the format `contentType` names. */
  text(): Promise<string>;
  readonly contentType: string;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A job or work name as a label value: lower case words joined by underscores. */
const nameLabel = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60) || 'unnamed';

/** A remote's id as remotes.json spells it; anything else is not a label value. */
const REMOTE_ID = /^[a-z][a-z0-9-]{0,39}$/;
/** A build version (semver, a build time): letters, digits, dots, dashes and pluses. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,39}$/;
/** Browsers may report anything: past this many remote/version pairs, new ones are counted as 'other'. */
export const MAX_REMOTE_SERIES = 50;

/** Request durations: 5 ms to 10 s (a site file import, a labels PDF). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Query durations: 0.5 ms to 5 s. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/**
 * A registry with the console's metrics. `processMetrics` adds Node's own (CPU, memory, event
 * loop lag, garbage collection): the server turns it on, tests leave it off.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'console_' });

  const requests = new Counter({
    name: 'console_http_requests_total',
    help: 'Requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'console_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route template and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const querySeconds = new Histogram({
    name: 'console_db_query_duration_seconds',
    help: 'Database query time, by outcome.',
    labelNames: ['outcome'],
    buckets: QUERY_BUCKETS,
    registers,
  });
  const signIns = new Counter({
    name: 'console_sign_ins_total',
    help: 'Sign-in steps, by step (password, sso, two_factor, passkey) and outcome.',
    labelNames: ['step', 'outcome'],
    registers,
  });
  const mail = new Counter({
    name: 'console_mail_total',
    help: 'Mail handed to SMTP (or the demo outbox), by outcome (sent, failed).',
    labelNames: ['outcome'],
    registers,
  });
  const jobs = new Counter({ name: 'console_job_runs_total', help: 'Runs of scheduled jobs, by job and outcome.', labelNames: ['job', 'outcome'], registers });
  const jobSeconds = new Histogram({
    name: 'console_job_duration_seconds',
    help: 'Time a scheduled job run took.',
    labelNames: ['job'],
    buckets: [0.01, 0.1, 1, 10, 60, 600],
    registers,
  });
  const background = new Counter({
    name: 'console_background_work_total',
    help: 'Background work (mail after the reply, activity stamps), by work and outcome.',
    labelNames: ['work', 'outcome'],
    registers,
  });
  const remoteFailures = new Counter({
    name: 'console_remote_load_failures_total',
    help: 'Remotes that browsers reported they could not load, by remote id and build version.',
    labelNames: ['remote', 'version'],
    registers,
  });
  const remoteSeries = new Set<string>();
  let poolStats: (() => PoolStats | undefined) | undefined;
  new Gauge({
    name: 'console_db_pool_connections',
    help: 'PostgreSQL connection pool: connections open (total), idle, requests waiting for one, and the most it opens (max).',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = poolStats?.();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
    },
  });

  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    query: (seconds, ok) => querySeconds.observe({ outcome: ok ? 'ok' : 'error' }, seconds),
    signIn: (step, outcome) => signIns.inc({ step, outcome }),
    mail: (outcome) => mail.inc({ outcome }),
    job(name, outcome, seconds) {
      jobs.inc({ job: nameLabel(name), outcome });
      jobSeconds.observe({ job: nameLabel(name) }, seconds);
    },
    background: (name, outcome) => background.inc({ work: nameLabel(name), outcome }),
    remoteLoadFailure(remote, version) {
      let labels = { remote: REMOTE_ID.test(remote) ? remote : 'other', version: VERSION.test(version) ? version : 'other' };
      const series = `${labels.remote} ${labels.version}`;
      if (!remoteSeries.has(series)) {
        if (remoteSeries.size >= MAX_REMOTE_SERIES) labels = { remote: 'other', version: 'other' };
        else remoteSeries.add(series);
      }
      remoteFailures.inc(labels);
    },
    observePool: (stats) => void (poolStats = stats),
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/** The mailer, counting each message sent or failed. */
export function countingMailer(mailer: Mailer, metrics: Metrics): Mailer {
  const counted: Mailer = {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mail('failed');
        throw error;
      }
      metrics.mail('sent');
    },
  };
  // The demo's outbox is the same array: tests and the outbox route read what was sent.
  if (mailer.outbox) counted.outbox = mailer.outbox;
  return counted;
}

/** What an unknown API call answers; the metrics answer the same where they are off. */
export const NO_SUCH_CALL = 'There is no such API call.';

/** The scrape's answer. */
export async function metricsResponse(metrics: Metrics): Promise<Response> {
  return new Response(await metrics.text(), { headers: { 'content-type': metrics.contentType } });
}
