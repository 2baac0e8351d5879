/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { KERNEL_VERSION, majorOf } from './version';

describe('KERNEL_VERSION', () => {
  it('is the package version, so the federation manifest and the host agree', () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
    expect(KERNEL_VERSION).toBe(pkg.version);
  });

  it('reads the major of a version or a range', () => {
    expect([majorOf('1.0.0'), majorOf('^2.1.0'), majorOf('~3'), majorOf('*')]).toEqual([1, 2, 3, null]);
  });
});
