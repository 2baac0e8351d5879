// One jest configuration for the front-end packages: jsdom, swc, and the build's constants.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The kernel's version, as the build defines it (package.json's). */
const KERNEL_VERSION = JSON.parse(readFileSync(path.join(here, '..', 'package.json'), 'utf8')).version;

/** ESM-only packages jest must transform (pnpm keeps them under node_modules/.pnpm). */
const ESM_PACKAGES = ['ky'];

export function jestConfig(dir) {
  const esm = ESM_PACKAGES.join('|');
  return {
    rootDir: dir,
    // Both cores: jest's default in CI is one worker fewer than the cores (one, on 2 cores), and
    // jsdom suites are CPU-bound (remote-workflows: 41 s with one worker, 28 s with two).
    maxWorkers: 2,
    testEnvironment: path.join(here, 'jest-environment.cjs'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
      ],
    },
    transformIgnorePatterns: [`node_modules/(?!(\\.pnpm/(${esm})@|(${esm})/))`],
    moduleNameMapper: { '\\.css$': path.join(here, 'jest-style-stub.cjs') },
    setupFiles: [path.join(here, 'jest-polyfills.cjs')],
    setupFilesAfterEnv: [path.join(here, 'jest-setup.cjs')],
    globals: { __BUILD_VERSION__: 'test-version', __APP_NAME__: 'test', __APP_ID__: 'test', __KERNEL_VERSION__: KERNEL_VERSION },
  };
}
