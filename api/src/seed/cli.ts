/**
 * `pnpm --dir api seed [--users N]`: migrates, writes the reference data and the demo seed
 * (on an empty database), and with --users adds a licence of N users for benchmarks.
 * Uses the same DATABASE_URL / DATA_DIR as the server; stop a PGlite server first.
 */
import { loadConfig } from '../config';
import { openConfiguredDatabase, prepareDatabase } from '../bootstrap';
import { createPasswordHasher } from '../services/passwords';
import { printSeedReport, runSeed } from './run';
import { seedLargeLicence } from './large';

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
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(database);
    const passwords = createPasswordHasher();
    printSeedReport(await runSeed(database.db, config, passwords), config);
    if (users) {
      const started = Date.now();
      const report = await seedLargeLicence(database.db, passwords, users, config.demoPassword);
      console.log(
        `Added licence '${report.licenceName}' (id ${report.licenseId}) with ${report.users} users in ${((Date.now() - started) / 1000).toFixed(1)} s.` +
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
