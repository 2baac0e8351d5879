/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { KERNEL_VERSION, versionOf } from './version';

describe('KERNEL_VERSION', () => {
  it('is the package version, so the federation manifest and the host agree', () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
    expect(KERNEL_VERSION).toBe(pkg.version);
  });

  it('reads a version or a range', () => {
    expect([versionOf('1.0.0'), versionOf('^2.1.0'), versionOf('~3'), versionOf('*')]).toEqual([[1, 0, 0], [2, 1, 0], [3, 0, 0], null]);
  });
});
