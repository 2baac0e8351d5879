/** Jest runs the API's tests as ES modules (jose and oidc-provider are ESM-only). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  // `npm test` runs every suite on PostgreSQL, and on PGlite (API_TESTS=pglite) those whose
  // behaviour depends on the embedded database: its layer and migrations, the seed, the start and
  // stop, sign-in and sessions (the auth epoch's cache), health (not the metrics: nothing of
  // theirs depends on the database). The tests
  // on PostgreSQL keep to PGlite's one connection (db/client.ts, oneConnectionRule), and the
  // browser suite runs the whole console on PGlite.
  testMatch:
    process.env.API_TESTS === 'pglite'
      ? [
          'src/db',
          'src/seed',
          'src/routes/auth',
          'src/routes/system/health.test.ts',
          'src/routes/system/system.test.ts',
          'src/shutdown.test.ts',
          'src/http/auth.test.ts',
        ].map((part) => (part.endsWith('.ts') ? `<rootDir>/${part}` : `<rootDir>/${part}/**/*.test.ts`))
      : ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 60_000,
  // On PostgreSQL the suites wait on the server and on processes they start, about a third of
  // the time: four workers on 2 cores finish the pass in 255 s against 308 s with two. PGlite's
  // work is the suite's own CPU (WebAssembly): two.
  maxWorkers: process.env.DATABASE_URL ? 4 : 2,
};
