/**
 * `pnpm --dir api seed [--users N] [--fixture FILE]`: migrates, writes the reference data
 * and the seed the configuration asks for (on an empty database); --users adds a licence of
 * N users for benchmarks; --fixture adds the users a JSON file describes (see fixture.ts).
 * Built as `node dist/seed/cli.js` too.
 * Uses the same DATABASE_URL / DATA_DIR as the server; stop a PGlite server first.
 */
import { loadConfig } from '../config';
import { openConfiguredDatabase, prepareDatabase } from '../bootstrap';
import { createPasswordHasher } from '../services/passwords';
import { printSeedReport, runSeed } from './run';
import fs from 'node:fs';
import { seedFixture } from './fixture';
import { seedLargeLicense } from './large';

function fixtureArgument(args: string[]): string | undefined {
  const at = args.findIndex((a) => a === '--fixture' || a.startsWith('--fixture='));
  if (at < 0) return undefined;
  const file = args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
  if (!file || !fs.existsSync(file)) {
    console.error(`--fixture takes a JSON file (got '${file ?? ''}').`);
    process.exit(2);
  }
  return file;
}

function usersArgument(args: string[]): number | undefined {
  const at = args.findIndex((a) => a === '--users' || a.startsWith('--users='));
  if (at < 0) return undefined;
  const raw = args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
    console.error(`--users takes a whole number from 1 to 1000000 (got '${raw ?? ''}').`);
    process.exit(2);
  }
  return n;
}

async function main() {
  const users = usersArgument(process.argv.slice(2));
  const fixture = fixtureArgument(process.argv.slice(2));
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const passwords = createPasswordHasher();
    // Under the start's lock, as a server's start: a server starting beside it waits for the seed.
    const seeded = await database.exclusive(async () => {
      await prepareDatabase(database);
      return runSeed(database.db, config, passwords);
    });
    printSeedReport(seeded, config);
    if (fixture) {
      const added = await seedFixture(database.db, passwords, JSON.parse(fs.readFileSync(fixture, 'utf8')));
      console.log(`Added ${added} users from ${fixture}.`);
    }
    if (users) {
      const started = Date.now();
      const report = await seedLargeLicense(database.db, passwords, users, config.demoPassword);
      console.log(
        `Added licence '${report.licenseName}' (id ${report.licenseId}) with ${report.users} users in ${((Date.now() - started) / 1000).toFixed(1)} s.` +
          (config.demoPassword ? '' : ` Their password: ${report.password}`),
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
