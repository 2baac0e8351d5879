// `npm test`: installs, then typecheck and every test suite.
import { pnpmCommand, run, step } from './lib.mjs';

const pnpm = pnpmCommand();
step('Installing dependencies');
run(pnpm, ['install', '--frozen-lockfile']);
step('Typecheck');
run(pnpm, ['-r', 'typecheck']);
step('API tests (jest, real database)');
run(pnpm, ['--dir', 'api', 'test']);
console.log('\n✓ All tests passed.');
