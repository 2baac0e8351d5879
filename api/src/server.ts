/**
 * The server process: configuration, database (migrated and seeded), the API, the built
 * console, and the demo identity provider when it is on. `pnpm --dir api start`.
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import { buildDeps, openConfiguredDatabase, prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { serveConsole } from './console/static';
import { DataDirInUseError } from './db/lock';
import { listenForMetrics } from './services/metrics-listener';
import { traceContextFor } from './services/trace-context';
import { startExpiryNotices } from './domain/expiry-notices';
import { startReviewReminders } from './domain/access-review-reminders';
import { startChannelJobs } from './domain/release-channels';
import { startSearchIndexMerge } from './db/search-index';
import { createPasswordHasher } from './services/passwords';
import { DEMO_SSO_CLIENT_ID } from './seed/demo';
import { credentialsFile, keepOutboxKey, printSeedReport, runSeed } from './seed/run';

/** Headers for the demo identity provider's pages (its login form posts to itself). */
const DEMO_IDP_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export interface RunningServer {
  url: string;
  /** The address and port it listens on (`127.0.0.1:8080`). */
  listening: string;
  /** Where the metrics are served, when they are on. */
  metricsAt: string | undefined;
  /** The key that reads the demo outbox, when there is one. */
  outboxKey: string | undefined;
  /** Stops at once: open connections are cut (tests). */
  close(): Promise<void>;
  /**
   * Stops the way an orchestrator wants (SIGTERM): accepts no new connection, answers a request
   * arriving on an open connection 503 with `Connection: close`, lets the requests in flight
   * finish for at most `timeoutMs` (then cuts them), stops the background jobs, waits for their
   * work, and closes the database. Answers how many requests had to be cut.
   */
  drain(timeoutMs: number): Promise<{ cut: number }>;
}

/** The answer to a request that arrives while the server drains. */
const SHUTTING_DOWN = { Message: 'The server is shutting down: try again, another server will answer.' };

/** What an operator should know about a production start: safe, but worth fixing. */
export function startWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.nodeEnv !== 'production') return warnings;
  if (!config.tokenSecret) {
    warnings.push(
      'TOKEN_SECRET is not set: sessions are signed with a secret generated and kept in the database. Set ' +
        'TOKEN_SECRET (32+ characters) to manage and rotate it yourself.',
    );
  }
  if (!config.smtpUrl) warnings.push('SMTP_URL is not set: two-factor codes, reset links and generated passwords cannot be e-mailed.');
  if (!config.publicUrl.startsWith('https:')) warnings.push(`PUBLIC_URL is ${config.publicUrl}: serve the console over https in production.`);
  return warnings;
}

/**
 * What stops a production start although each value parses: authenticator-app secrets need
 * FACTOR_ENCRYPTION_KEY (a key generated into the database would sit beside what it protects).
 */
export function startRefusals(config: Config): string[] {
  if (config.nodeEnv !== 'production' || config.factorEncryptionKey) return [];
  return [
    'FACTOR_ENCRYPTION_KEY is not set: production needs it to encrypt authenticator-app secrets. Make one ' +
      'with `openssl rand -base64 32` and keep it (losing it means every user sets up their app again).',
  ];
}

export async function startServer(config: Config): Promise<RunningServer> {
  const refusals = startRefusals(config);
  if (refusals.length > 0) throw new ConfigError(refusals);
  const database = await openConfiguredDatabase(config);
  try {
    const passwords = createPasswordHasher();
    // Two servers starting at once on an empty database: one migrates and seeds, the other waits and finds it done.
    const seeded = await database.exclusive(async () => {
      await prepareDatabase(database);
      return runSeed(database.db, config, passwords);
    });
    printSeedReport(seeded, config);
    const deps = await buildDeps(config, { database, passwords });
    // Loaded only when on: production never imports the demo provider.
    const demoIdp = config.demoIdp
      ? await (
          await import('./services/demo-idp')
        ).createDemoIdp({ issuer: `${config.publicUrl}/demo-idp`, clientId: DEMO_SSO_CLIENT_ID, redirectUris: [`${config.publicUrl}/login`] })
      : undefined;
    const { app } = createApp(deps, { extend: (hono) => serveConsole(hono, config) });
    const api = getRequestListener(app.fetch);
    /** Requests whose answer has not finished yet. */
    let inFlight = 0;
    const server = http.createServer((req, res) => {
      if (deps.lifecycle.draining) {
        // Arrived on a connection that was open when the drain began: the client goes elsewhere.
        // A server error like any other: its trace id in the traceparent header and the body.
        const { traceId, traceparent } = traceContextFor(String(req.headers.traceparent ?? ''));
        res.writeHead(503, {
          'content-type': 'application/json',
          connection: 'close',
          'retry-after': '1',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          traceparent,
        });
        res.end(JSON.stringify({ ...SHUTTING_DOWN, traceId }));
        return;
      }
      inFlight++;
      res.once('close', () => {
        inFlight--;
        // While draining, a connection whose last answer went out is closed rather than kept alive.
        if (deps.lifecycle.draining) setImmediate(() => server.closeIdleConnections());
      });
      if (demoIdp && req.url && (req.url === demoIdp.mountPath || req.url.startsWith(`${demoIdp.mountPath}/`))) {
        // The demo provider's pages are served outside Hono: they get the same protective headers.
        for (const [name, value] of Object.entries(DEMO_IDP_HEADERS)) res.setHeader(name, value);
        demoIdp.handle(req, res);
      } else void api(req, res);
    });
    // An idle kept-alive connection stays open longer than a load balancer's (60 s is the common
    // idle timeout): Node's 5 s default closes it while a balancer or a client reuses it, and the
    // request sent on it fails with a reset (a 502 behind a balancer).
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const metricsListener =
      config.metricsPort === undefined
        ? undefined
        : await listenForMetrics(deps.metrics, { port: config.metricsPort, host: config.metricsHost, token: config.metricsToken });
    const jobs = [
      // Licence expiry notices: now, then hourly; the database makes them once per licence per day across servers.
      startExpiryNotices(deps),
      // Access review reminders (issue 41): the same way, once per review per day across servers.
      startReviewReminders(deps),
      // Release channels: the pilots' rollback rules and the reports' retention, every minute.
      startChannelJobs(deps),
      // The users' search index's pending list: PostgreSQL's autovacuum merges it, PGlite has none.
      ...(database.kind === 'pglite' ? [startSearchIndexMerge(deps)] : []),
    ];
    const stopJobs = () => jobs.forEach((job) => job.stop());
    const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
    const finish = async () => {
      await deps.background.settled();
      await metricsListener?.close();
      await database.close();
    };
    return {
      url: `http://localhost:${port}`,
      listening: `${config.host}:${port}`,
      metricsAt: metricsListener ? `http://${metricsListener.address}/metrics` : config.metricsToken ? `${config.publicUrl}/api/metrics` : undefined,
      outboxKey: deps.outboxKey,
      close: async () => {
        deps.lifecycle.drain();
        stopJobs();
        server.close();
        server.closeAllConnections();
        await closed;
        await finish();
      },
      drain: async (timeoutMs) => {
        deps.lifecycle.drain();
        stopJobs();
        // Stops listening and closes the idle kept-alive connections; `closed` follows the last open one.
        server.close();
        let timer: NodeJS.Timeout | undefined;
        const cut = await Promise.race([
          closed.then(() => 0),
          new Promise<number>((resolve) => {
            timer = setTimeout(() => resolve(inFlight), timeoutMs);
          }),
        ]);
        clearTimeout(timer);
        if (cut > 0) {
          server.closeAllConnections();
          await closed;
        }
        await finish();
        return { cut };
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Runs the server until SIGTERM or SIGINT (start.ts calls it; so does `tsx src/server.ts`).
 * `beforeExit` runs once the server has stopped, before the process exits (tracing's flush).
 */
export async function main(options: { beforeExit?: () => Promise<void> } = {}) {
  const exit = async (code: number) => {
    await options.beforeExit?.();
    process.exit(code);
  };
  let config: Config;
  try {
    config = loadConfig();
    const refusals = startRefusals(config);
    if (refusals.length > 0) throw new ConfigError(refusals);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  try {
    for (const warning of startWarnings(config)) console.warn(`Warning: ${warning}`);
    const server = await startServer(config);
    if (server.outboxKey) keepOutboxKey(config, server.outboxKey);
    const file = credentialsFile(config);
    console.log(
      [
        config.demo ? 'DEMO mode is on (DEMO=true): demo data, the mail outbox and the demo identity provider. Never expose it to the internet.' : '',
        `Listening on ${server.listening}.`,
        `The console is at ${config.publicUrl}/ (API ${config.publicUrl}/api/, reference ${config.publicUrl}/api/docs).`,
        `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}.`,
        server.metricsAt ? `Metrics: ${server.metricsAt}${config.metricsToken ? ' (with METRICS_TOKEN as a bearer token)' : ''}.` : '',
        config.seed === 'demo'
          ? `Demo sign-in: admin (super administrator) or licadmin (licence administrator)${file ? `; passwords in ${file}` : ''}.`
          : 'Sign in as admin.',
        server.outboxKey ? `Mail outbox (the demo's e-mail): ${config.publicUrl}/api/dev/outbox?key=${server.outboxKey}` : '',
        config.demoIdp ? `Single sign-on demo: dana.lee@harbourbridge.example through ${config.publicUrl}/demo-idp.` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    let stopping = false;
    const stop = (signal: string) => {
      // A second signal while draining: stop now.
      if (stopping) process.exit(1);
      stopping = true;
      const seconds = config.shutdownTimeoutSeconds;
      // The listener closes before drain's first await: the line below is said once it is true.
      const drained = server.drain(seconds * 1000);
      console.log(`${signal}: draining (no new connections; requests in flight get up to ${seconds} s).`);
      drained.then(
        ({ cut }) => {
          if (cut === 0) {
            console.log('Stopped: drained: every request finished; the database is closed.');
            return exit(0);
          }
          console.error(`Stopped: ${cut === 1 ? '1 request' : `${cut} requests`} still running after ${seconds} s: cut; the database is closed.`);
          return exit(1);
        },
        (error: unknown) => {
          console.error('Stopping failed:', error);
          return exit(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  } catch (error) {
    if (error instanceof DataDirInUseError) console.error(error.message);
    else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(`Port ${config.port} is in use. Stop what uses it, or set PORT.`);
    else console.error(error);
    process.exit(1);
  }
}

// Run directly (`tsx src/server.ts`, or a bundle of this file alone as the bench makes): start.
// In the production bundle this module is a chunk that start.ts imports and runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
