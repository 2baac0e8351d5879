/**
 * Configuration from environment variables, validated once at start. Every bad value is
 * named with what was expected, and the server refuses to start until all are right.
 * Secrets are never echoed.
 */
import path from 'node:path';
import { isFactorKey } from './services/factor-crypto';

export type AppEnv = 'production' | 'uat' | 'development';

export interface Config {
  port: number;
  host: string;
  /** Where users reach the console; links in e-mails and the single sign-on redirect use it. */
  publicUrl: string;
  /** PostgreSQL server; unset means PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Token signing secret; unset means one generated on first start and kept in the database. */
  tokenSecret: string | undefined;
  tokenTtlMinutes: number;
  twoFactorTtlMinutes: number;
  /**
   * The key that encrypts authenticator-app secrets (32 bytes as 64 hex digits or base64):
   * required in production (server.ts refuses to start without it); unset elsewhere, one is
   * generated and kept in the database.
   */
  factorEncryptionKey: string | undefined;
  adminPassword: string | undefined;
  demoPassword: string | undefined;
  seed: 'demo' | 'none';
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The server behaves as production unless told otherwise: no outbox, no demo identity
   * provider, no generated demo passwords. `npm start` and `npm run dev` set DEMO=true.
   */
  nodeEnv: 'production' | 'development' | 'test';
  /** The demo: seeds demo data, keeps mail in an outbox readable with `outboxKey`, mounts the demo identity provider. */
  demo: boolean;
  /** The key that reads the demo outbox (`?key=` or `X-Outbox-Key`); unset: generated and kept in the database. */
  outboxKey: string | undefined;
  /** Behind a load balancer: the client address is the last X-Forwarded-For entry, not the socket's. */
  trustProxy: boolean;
  /** Pages opened at another host than PUBLIC_URL's are redirected there (single sign-on and log-out need one origin). */
  canonicalRedirect: boolean;
  /** Serve the bundles' source maps (.map); off by default so the sources are not public. */
  serveSourceMaps: boolean;
  /** The console's own environment: development and UAT show the test banner. */
  appEnv: AppEnv;
  /** Mounts an OpenID provider at /demo-idp for trying single sign-on without one. */
  demoIdp: boolean;
  /** Folder with the built console (host/ and one folder per remote); unset: the workspace's dist folders. */
  consoleDir: string | undefined;
  /** Product name used in the hand-off toast and in e-mails. */
  productName: string;
  /** The console version to report instead of the host build's version.json (the dev servers use 'dev'). */
  consoleVersion: string | undefined;
  /**
   * The site map's base-map tiles: an https URL template with {z}, {x} and {y} (XYZ tiles).
   * Unset, the map draws on a plain background and the console loads nothing from another host.
   */
  mapTileUrl: string | undefined;
  /** Where the site map opens for a site without a zone (spec 1 §9: 'Map default zoom 14 with a default centre'), in degrees. */
  mapDefaultCenter: { lat: number; lon: number };
  /**
   * On SIGTERM the server stops accepting, lets the requests in flight finish for at most this
   * long, then closes the database pool and exits (an orchestrator's grace period must be longer).
   */
  shutdownTimeoutSeconds: number;
  /** `/api/metrics` answers only with `Authorization: Bearer <this>`; unset (and no METRICS_PORT): no metrics at all. */
  metricsToken: string | undefined;
  /** Serves the metrics at `/metrics` on a listener of their own, not on the public port. */
  metricsPort: number | undefined;
  /** The address the metrics listener binds to. */
  metricsHost: string;
  /** Where traces go (OTLP over HTTP); unset: no tracing. Read by tracing.ts before anything loads. */
  otlpEndpoint: string | undefined;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const str = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got '${raw}').`);
      return fallback;
    }
    return n;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got '${raw}').`);
      return fallback;
    }
    return raw as T;
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = str(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got '${raw}').`);
    return fallback;
  };
  const url = (name: string, protocols: readonly string[], secret = false) => {
    const raw = str(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      const shown = secret ? '' : ` (got '${raw}')`;
      problems.push(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}${shown}.`);
      return undefined;
    }
  };
  // An XYZ tile template: https only (the CSP's img-src allows https:), and all three of {z}, {x}, {y}.
  const tileUrl = (name: string) => {
    const raw = url(name, ['https:']);
    if (raw === undefined) return undefined;
    if (!['{z}', '{x}', '{y}'].every((part) => raw.includes(part))) {
      problems.push(`${name} must hold {z}, {x} and {y} (got '${raw}').`);
      return undefined;
    }
    return raw;
  };
  // A point as people copy it from a map: latitude,longitude in degrees.
  const point = (name: string, fallback: { lat: number; lon: number }) => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const match = /^(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(raw);
    const lat = Number(match?.[1]);
    const lon = Number(match?.[2]);
    if (!match || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      problems.push(`${name} must be latitude,longitude in degrees, such as -33.8609,151.2108 (got '${raw}').`);
      return fallback;
    }
    return { lat, lon };
  };
  const password = (name: string) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    if (raw.trim().length < 8) problems.push(`${name} must be at least 8 characters.`);
    return raw.trim();
  };

  const port = int('PORT', 8080, 0, 65535);
  // Safe by default: only an explicit DEMO=true (npm start, npm run dev) turns the demo on.
  const demo = bool('DEMO', false);
  const nodeEnv = oneOf('NODE_ENV', ['production', 'development', 'test'] as const, demo ? 'development' : 'production');
  const outboxKey = str('OUTBOX_KEY');
  if (outboxKey !== undefined && outboxKey.length < 16) problems.push('OUTBOX_KEY must be at least 16 characters.');
  const tokenSecret = str('TOKEN_SECRET');
  if (tokenSecret !== undefined && tokenSecret.length < 32) problems.push('TOKEN_SECRET must be at least 32 characters.');
  const factorEncryptionKey = str('FACTOR_ENCRYPTION_KEY');
  if (factorEncryptionKey !== undefined && !isFactorKey(factorEncryptionKey))
    problems.push('FACTOR_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or base64 (openssl rand -base64 32).');
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;

  const config: Config = {
    port,
    host: str('HOST') ?? '0.0.0.0',
    publicUrl: publicUrl.replace(/\/+$/, ''),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:'], true),
    dataDir: path.resolve(cwd, str('DATA_DIR') ?? './data'),
    tokenSecret,
    tokenTtlMinutes: int('TOKEN_TTL_MINUTES', 480, 1, 60 * 24 * 30),
    twoFactorTtlMinutes: int('TWO_FACTOR_TTL_MINUTES', 10, 1, 60),
    factorEncryptionKey,
    adminPassword: password('ADMIN_PASSWORD'),
    demoPassword: password('DEMO_PASSWORD'),
    seed: oneOf('SEED', ['demo', 'none'] as const, demo ? 'demo' : 'none'),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:'], true),
    mailFrom: str('MAIL_FROM') ?? 'Admin Console <no-reply@localhost>',
    nodeEnv,
    demo,
    outboxKey,
    trustProxy: bool('TRUST_PROXY', false),
    canonicalRedirect: bool('CANONICAL_REDIRECT', true),
    serveSourceMaps: bool('SERVE_SOURCE_MAPS', false),
    appEnv: oneOf('APP_ENV', ['production', 'uat', 'development'] as const, 'production'),
    demoIdp: bool('DEMO_IDP', demo),
    consoleDir: str('CONSOLE_DIR') ? path.resolve(cwd, str('CONSOLE_DIR')!) : undefined,
    productName: str('PRODUCT_NAME') ?? 'SiteSense',
    consoleVersion: str('CONSOLE_VERSION'),
    mapTileUrl: tileUrl('MAP_TILE_URL'),
    // Sydney's Circular Quay, the console's centre before it was a setting.
    mapDefaultCenter: point('MAP_DEFAULT_CENTER', { lat: -33.8609, lon: 151.2108 }),
    shutdownTimeoutSeconds: int('SHUTDOWN_TIMEOUT_SECONDS', 25, 1, 600),
    metricsToken: str('METRICS_TOKEN'),
    metricsPort: str('METRICS_PORT') === undefined ? undefined : int('METRICS_PORT', 0, 1, 65535),
    metricsHost: str('METRICS_HOST') ?? '127.0.0.1',
    otlpEndpoint: url('OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']),
  };
  if (config.metricsToken !== undefined && config.metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters.');
  if (config.metricsPort !== undefined && config.metricsPort === port && port !== 0) problems.push(`METRICS_PORT must differ from PORT (both are ${port}).`);
  if (config.demoIdp && nodeEnv === 'production') problems.push('DEMO_IDP cannot be on when NODE_ENV is production.');
  if (demo && nodeEnv === 'production') problems.push('DEMO cannot be on when NODE_ENV is production.');
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
