/**
 * The server process: configuration, database (migrated and seeded), the API, the built
 * console, and the demo identity provider when it is on. `pnpm --dir api start`.
 */
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import { buildDeps, openConfiguredDatabase, prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { serveConsole } from './console/static';
import { DataDirInUseError } from './db/lock';
import { createPasswordHasher } from './services/passwords';
import { DEMO_SSO_CLIENT_ID } from './seed/demo';
import { credentialsFile, printSeedReport, runSeed } from './seed/run';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(database);
    const passwords = createPasswordHasher();
    printSeedReport(await runSeed(database.db, config, passwords), config);
    const deps = await buildDeps(config, { database, passwords });
    // Loaded only when on: production never imports the demo provider.
    const demoIdp = config.demoIdp
      ? await (await import('./services/demo-idp')).createDemoIdp({ issuer: `${config.publicUrl}/demo-idp`, clientId: DEMO_SSO_CLIENT_ID, redirectUris: [`${config.publicUrl}/login`] })
      : undefined;
    const { app } = createApp(deps, { extend: (hono) => serveConsole(hono, config) });
    const api = getRequestListener(app.fetch);
    const server = http.createServer((req, res) => {
      if (demoIdp && req.url && (req.url === demoIdp.mountPath || req.url.startsWith(`${demoIdp.mountPath}/`))) demoIdp.handle(req, res);
      else void api(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    return {
      url: `http://localhost:${port}`,
      close: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  try {
    const server = await startServer(config);
    const file = credentialsFile(config);
    console.log(
      [
        `The console is at ${config.publicUrl}/ (API ${config.publicUrl}/api/, reference ${config.publicUrl}/api/docs).`,
        `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}.`,
        config.seed === 'demo'
          ? `Demo sign-in: admin (super administrator) or licadmin (licence administrator)${file ? `; passwords in ${file}` : ''}.`
          : 'Sign in as admin.',
        config.demoIdp ? `Single sign-on demo: dana.lee@harbourbridge.example through ${config.publicUrl}/demo-idp.` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: stopping.`);
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
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

const entry = process.argv[1] ?? '';
if (/server\.(ts|js)$/.test(entry)) void main();
