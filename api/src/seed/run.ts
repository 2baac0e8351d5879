/** Runs the seed the configuration asks for, and reports generated passwords once. */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PasswordHasher } from '../services/passwords';
import { seedAdministrator, seedDemo, type SeedReport } from './demo';

export function runSeed(db: Db, config: Config, passwords: PasswordHasher): Promise<SeedReport> {
  return config.seed === 'demo' ? seedDemo(db, config, passwords) : seedAdministrator(db, config, passwords);
}

const CREDENTIALS_FILE = 'demo-credentials.txt';

/** Prints generated passwords (once, when they were made) and keeps them beside a PGlite database. */
export function printSeedReport(report: SeedReport, config: Config): void {
  if (!report.seeded) return;
  const lines = [`The database was empty: seeded ${config.seed === 'demo' ? 'the demo data' : 'a super administrator'}.`];
  if (report.adminPassword) lines.push(`  admin password (generated): ${report.adminPassword}`);
  if (report.demoPassword) lines.push(`  password of licadmin and the other demo users (generated): ${report.demoPassword}`);
  if (report.adminPassword || report.demoPassword) {
    lines.push('  Set ADMIN_PASSWORD / DEMO_PASSWORD before the first start to choose them.');
    if (!config.databaseUrl) {
      const file = path.join(config.dataDir, CREDENTIALS_FILE);
      fs.writeFileSync(file, lines.slice(1).join('\n') + '\n', { mode: 0o600 });
      lines.push(`  Kept in ${file} (readable by you only).`);
    }
  }
  console.log(lines.join('\n'));
}

/** Where the generated demo passwords were kept, if they were. */
export function credentialsFile(config: Config): string | undefined {
  if (config.databaseUrl) return undefined;
  const file = path.join(config.dataDir, CREDENTIALS_FILE);
  return fs.existsSync(file) ? file : undefined;
}

/** Keeps the demo outbox key beside a PGlite database, with the demo passwords (owner-only file). */
export function keepOutboxKey(config: Config, key: string): void {
  if (config.databaseUrl) return;
  const file = path.join(config.dataDir, CREDENTIALS_FILE);
  const line = `mail outbox key: ${key}`;
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (existing.includes(line)) return;
  const kept = existing.split('\n').filter((l) => l && !l.startsWith('mail outbox key:'));
  fs.writeFileSync(file, [...kept, line].join('\n') + '\n', { mode: 0o600 });
}
