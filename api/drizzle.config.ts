import { defineConfig } from 'drizzle-kit';

// Generates the one migration set that runs on PGlite and on PostgreSQL: `pnpm db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
