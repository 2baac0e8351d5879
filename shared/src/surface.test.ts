/**
 * The kernel's surface, pinned: every name it exports at run time, per version (surface.json).
 * A remote built for 4.x takes these names from the one kernel the host provides, so a name
 * cannot appear, go or change without the version saying so: a new name is a new minor (its
 * list a superset of the one before), a name removed is a new major. Types are checked by each
 * remote's compiler against the kernel it declares; this pins what exists at run time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as kernel from './index';
import { KERNEL_VERSION, versionOf } from './version';

const pinned = JSON.parse(readFileSync(path.join(__dirname, '..', 'surface.json'), 'utf8')) as Record<string, string[]>;

describe('the kernel’s surface', () => {
  it('is the list pinned for this version: a change of export needs a new version and its list', () => {
    expect(Object.keys(pinned)).toContain(KERNEL_VERSION);
    expect(Object.keys(kernel).sort()).toEqual([...pinned[KERNEL_VERSION]!].sort());
  });

  it('only grows within a major: each minor keeps every name of the one before', () => {
    const versions = Object.keys(pinned).sort((a, b) => {
      const [x, y] = [versionOf(a)!, versionOf(b)!];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
    const lost = versions.slice(1).flatMap((version, i) => {
      const before = versions[i]!;
      if (versionOf(before)![0] !== versionOf(version)![0]) return [];
      return pinned[before]!.filter((name) => !pinned[version]!.includes(name)).map((name) => `${name} (in ${before}, gone in ${version})`);
    });
    expect(lost).toEqual([]);
  });
});
