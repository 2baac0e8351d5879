/**
 * The API's layering stays as ARCHITECTURE.md draws it: no import cycle among its modules
 * (seed, bootstrap and routes included), found with the TypeScript compiler's own scanner.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { cyclesOf, resolveImport, runtimeImports, sourceFiles } from '../../scripts/import-cycles.mjs';

const SRC = path.resolve('src');

/** Every cycle, as the list of files around it: type imports count here (layering), unlike lint's run-time check. */
function cycles(): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles.map((i) => resolveImport(file, i.fileName)).filter((f): f is string => f !== undefined),
    );
  }
  return cyclesOf(graph).map((cycle) => cycle.map((f) => path.relative(SRC, f)));
}

describe('the API’s module graph', () => {
  it('has no import cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('finds a cycle in a graph, and lint’s run-time check leaves out what is erased or read later', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      runtimeImports(
        "import { a } from './a';\nimport type { B } from './b';\nimport { type C } from './c';\nexport { d } " +
          "from './d';\nexport type { E } from './e';\nconst f = () => import('./f');",
      ),
    ).toEqual(['./a', './d']);
  });

  it('would notice one', () => {
    // The scanner sees the imports this very file would need to form a cycle.
    const { importedFiles } = ts.preProcessFile("import { a } from './x';\nimport type { B } from '../y';\nconst c = await import('./z');", true, true);
    expect(importedFiles.map((i) => i.fileName)).toEqual(['./x', '../y', './z']);
  });
});
