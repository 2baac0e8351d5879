/**
 * Builds everything the server needs from its configuration: database (migrated, with its
 * reference data and, on an empty database, the demo seed), services, and the app.
 */
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import { consoleLayout, consoleVersionReader } from './console/layout';
import { openDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createLogger, type AppDeps, type Logger } from './deps';
import { API_VERSION } from './version';
import { createBackground } from './services/background';
import { createLifecycle } from './services/lifecycle';
import { countingMailer, createMetrics, type Metrics } from './services/metrics';
import { systemClock, type Clock } from './services/clock';
import { createThrottle } from './services/throttle';
import { createMailer, type Mailer } from './services/mail';
import { createPasswordHasher, type PasswordHasher } from './services/passwords';
import { serverSecret } from './services/server-secrets';
import { createSsoService } from './services/sso';
import { createTokenService } from './services/tokens';
import { createFactorCrypto, factorKey } from './services/factor-crypto';
import { ensureReferenceData } from './seed/reference';

export interface BuildOptions {
  database?: Database;
  clock?: Clock;
  mailer?: Mailer;
  passwords?: PasswordHasher;
  log?: Logger;
  metrics?: Metrics;
}

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openDatabase({ databaseUrl: config.databaseUrl }) : openDatabase({ dataDir: config.dataDir });
}

/** Migrates and writes the reference data; safe on every start. */
export async function prepareDatabase(database: Database): Promise<void> {
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  // PGlite has no autovacuum: without this its planner would never learn the tables' sizes
  // and would, for one, scan a licence's users rather than use the search index. All tables:
  // PGlite keeps no change counters across restarts to tell which ones changed (about 0.6 s
  // at 10,000 users, a few ms on the demo data).
  if (database.kind === 'pglite') {
    await database.db.execute(sql`analyze`);
    // The access ledgers' queue (migrations 0010, 0012) is empty between transactions; what they left is reclaimed here.
    await database.db.execute(sql`vacuum access_refresh_queue`);
  }
}

export async function buildDeps(config: Config, options: BuildOptions = {}): Promise<AppDeps> {
  const database = options.database ?? (await openConfiguredDatabase(config));
  const clock = options.clock ?? systemClock;
  const tokenSecret = config.tokenSecret ?? (await serverSecret(database.db, 'token-signing-key'));
  // Production has FACTOR_ENCRYPTION_KEY (server.ts refuses to start without it); the demo and tests keep one in the database.
  const factorKeyValue = config.factorEncryptionKey ?? (await serverSecret(database.db, 'factor-encryption-key'));
  const layout = consoleLayout(config.consoleDir);
  const outboxKey = config.demo && !config.smtpUrl ? (config.outboxKey ?? (await serverSecret(database.db, 'outbox-key')).slice(0, 32)) : undefined;
  const log = options.log ?? createLogger(config.nodeEnv === 'test');
  // Node's own process metrics only in a server: tests make many apps in one process.
  const metrics = options.metrics ?? createMetrics({ processMetrics: config.nodeEnv !== 'test' });
  // Each query is timed only when someone can read the metrics: off, the driver runs untouched.
  if (config.metricsToken !== undefined || config.metricsPort !== undefined) database.observeQueries((seconds, ok) => metrics.query(seconds, ok));
  metrics.observePool(() => database.poolStats());
  return {
    config,
    database,
    db: database.db,
    clock,
    mailer: countingMailer(options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }), metrics),
    passwords: options.passwords ?? createPasswordHasher(),
    tokens: createTokenService(tokenSecret, clock),
    factorCrypto: createFactorCrypto(factorKey(factorKeyValue)),
    sso: createSsoService({ redirectUri: `${config.publicUrl}/login`, clock }),
    outboxKey,
    log,
    // PGlite: one server per data folder, the only one counting.
    throttle: createThrottle(database.db, clock, { soleWriter: database.kind === 'pglite' }),
    background: createBackground(log, metrics),
    metrics,
    lifecycle: createLifecycle(),
    consoleVersion: config.consoleVersion ? async () => config.consoleVersion! : consoleVersionReader(layout.hostDir, API_VERSION),
  };
}
