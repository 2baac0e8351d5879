/** What every handler may use; built once at start (or per test suite). */
import type { Config } from './config';
import type { Logger } from './services/log';

export type { Logger } from './services/log';
export { createLogger } from './services/log';
import type { Database, Db } from './db/client';
import type { Background } from './services/background';
import type { Clock } from './services/clock';
import type { Lifecycle } from './services/lifecycle';
import type { Mailer } from './services/mail';
import type { Metrics } from './services/metrics';
import type { PasswordHasher } from './services/passwords';
import type { SsoService } from './services/sso';
import type { Throttle } from './services/throttle';
import type { TokenService } from './services/tokens';
import type { FactorCrypto } from './services/factor-crypto';

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  tokens: TokenService;
  /** Encrypts and decrypts authenticator-app secrets (FACTOR_ENCRYPTION_KEY). */
  factorCrypto: FactorCrypto;
  passwords: PasswordHasher;
  sso: SsoService;
  log: Logger;
  /** Sign-in, two-factor and recovery limits, counted in the database. */
  throttle: Throttle;
  /** The Prometheus metrics (services/metrics.ts): handlers count through its named methods. */
  metrics: Metrics;
  /** Whether the server is draining (SIGTERM): readiness answers 503 then. */
  lifecycle: Lifecycle;
  /** Work the reply does not wait for. */
  background: Background;
  /** The key that reads the demo outbox; undefined outside the demo. */
  outboxKey: string | undefined;
  /** The deployed console's version (the host build's), compared by the console after each navigation. */
  consoleVersion(): Promise<string>;
}
