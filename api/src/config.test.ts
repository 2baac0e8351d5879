import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      dataDir: path.resolve('/srv/app/data'),
      databaseUrl: undefined,
      seed: 'none',
      nodeEnv: 'production',
      demo: false,
      demoIdp: false,
    });
  });

  it('turns the demo on only when asked (DEMO=true, as npm start does)', () => {
    expect(loadConfig({ DEMO: 'true' }, '/srv/app')).toMatchObject({ demo: true, nodeEnv: 'development', seed: 'demo', demoIdp: true });
  });

  it('names every bad value at once, without echoing secrets', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({
        NODE_ENV: 'development',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://user:hunter2@db/x',
        SEED: 'lots',
        TOKEN_SECRET: 'short',
        ADMIN_PASSWORD: 'pw',
        DEMO_IDP: 'maybe',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toEqual([
      "PORT must be a whole number from 0 to 65535 (got 'eighty').",
      'TOKEN_SECRET must be at least 32 characters.',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://.',
      'ADMIN_PASSWORD must be at least 8 characters.',
      "SEED must be one of demo, none (got 'lots').",
      "DEMO_IDP must be true or false (got 'maybe').",
    ]);
    expect(error!.message).not.toContain('hunter2');
  });

  it('takes an https tile URL template for the site map, and leaves it unset by default', () => {
    expect(loadConfig({}).mapTileUrl).toBeUndefined();
    expect(loadConfig({ MAP_TILE_URL: ' https://tiles.example.com/{z}/{x}/{y}.png ' }).mapTileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ MAP_TILE_URL: 'http://tiles.example.com/{z}/{x}/{y}.png' })).toEqual([
      "MAP_TILE_URL must be a URL starting with https:// (got 'http://tiles.example.com/{z}/{x}/{y}.png').",
    ]);
    expect(problems({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}.png' })).toEqual([
      "MAP_TILE_URL must hold {z}, {x} and {y} (got 'https://tiles.example.com/{z}/{x}.png').",
    ]);
  });

  it('takes the site map’s default centre as latitude,longitude, Sydney’s Circular Quay when unset', () => {
    expect(loadConfig({}).mapDefaultCenter).toEqual({ lat: -33.8609, lon: 151.2108 });
    expect(loadConfig({ MAP_DEFAULT_CENTER: ' 48.8566, 2.3522 ' }).mapDefaultCenter).toEqual({ lat: 48.8566, lon: 2.3522 });
    for (const raw of ['Paris', '48.8566', '95,2', '48,200', '48;2']) {
      expect(() => loadConfig({ MAP_DEFAULT_CENTER: raw })).toThrow(
        `MAP_DEFAULT_CENTER must be latitude,longitude in degrees, such as -33.8609,151.2108 (got '${raw}').`,
      );
    }
  });

  it('reads the operations settings: a shutdown bound, metrics off unless a token or a port, tracing off unless an endpoint', () => {
    expect(loadConfig({})).toMatchObject({
      shutdownTimeoutSeconds: 25,
      metricsToken: undefined,
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      otlpEndpoint: undefined,
    });
    expect(
      loadConfig({
        SHUTDOWN_TIMEOUT_SECONDS: '40',
        METRICS_TOKEN: 'a-token-of-sixteen+',
        METRICS_PORT: '9464',
        METRICS_HOST: '0.0.0.0',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      }),
    ).toMatchObject({
      shutdownTimeoutSeconds: 40,
      metricsToken: 'a-token-of-sixteen+',
      metricsPort: 9464,
      metricsHost: '0.0.0.0',
      otlpEndpoint: 'http://collector:4318',
    });
    let error: ConfigError | undefined;
    try {
      loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0', METRICS_TOKEN: 'short-secret', METRICS_PORT: '8080', OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error!.problems).toEqual([
      "SHUTDOWN_TIMEOUT_SECONDS must be a whole number from 1 to 600 (got '0').",
      "OTEL_EXPORTER_OTLP_ENDPOINT must be a URL starting with http:// or https:// (got 'collector:4318').",
      'METRICS_TOKEN must be at least 16 characters.',
      'METRICS_PORT must differ from PORT (both are 8080).',
    ]);
    expect(error!.message).not.toContain('short-secret');
  });

  it('refuses the demo identity provider in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_IDP: 'true' })).toThrow(/DEMO_IDP cannot be on/);
    expect(loadConfig({ NODE_ENV: 'production' }).demoIdp).toBe(false);
  });
});
