// The front-end packages' jest suites in one run (`npm test`): one pool of workers for all of
// them, so no package waits for its last suite while a core idles, and jest starts once. Each
// package's own configuration (shared/build/jest.config.mjs) still applies, and `pnpm test` in a
// package runs its suites alone. The API has its own (ES modules, a database per suite).
export default {
  projects: ['shared', 'contracts', 'kit', 'host', 'remote-identity', 'remote-licensing', 'remote-projects-sites', 'remote-workflows'].map(
    (dir) => `<rootDir>/${dir}`,
  ),
  maxWorkers: 2,
};
