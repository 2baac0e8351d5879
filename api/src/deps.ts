/** What every handler may use; built once at start (or per test suite). */
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Background } from './services/background';
import type { Clock } from './services/clock';
import type { Mailer } from './services/mail';
import type { PasswordHasher } from './services/passwords';
import type { SsoService } from './services/sso';
import type { Throttle } from './services/throttle';
import type { TokenService } from './services/tokens';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  tokens: TokenService;
  passwords: PasswordHasher;
  sso: SsoService;
  log: Logger;
  /** Sign-in, two-factor and recovery limits, counted in the database. */
  throttle: Throttle;
  /** Work the reply does not wait for. */
  background: Background;
  /** The key that reads the demo outbox; undefined outside the demo. */
  outboxKey: string | undefined;
  /** The deployed console's version (the host build's), compared by the console after each navigation. */
  consoleVersion(): Promise<string>;
}

/** One JSON line per event; fields never carry secrets (callers pass ids and names only). */
export function createLogger(quiet = false): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (quiet && level === 'info') return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
    (level === 'error' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
