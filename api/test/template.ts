/**
 * The test database template: migrated, with reference data. PGlite: a data-folder dump
 * that each suite loads into its own in-memory database. PostgreSQL (DATABASE_URL set): a
 * template database each suite copies with CREATE DATABASE … TEMPLATE.
 */
import os from 'node:os';
import path from 'node:path';

export const TEMPLATE_DUMP = path.join(os.tmpdir(), `console-api-test-template-${process.ppid}-${process.pid}.tar`);
export const TEMPLATE_DB = 'console_test_template';

export function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
