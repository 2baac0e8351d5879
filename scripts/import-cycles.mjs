// No import cycle in any package's source (issue 37: lint refuses real cycles). A cycle makes a
// module read another's export before it is set (an `undefined` at run time, in the bundle
// order of the day) and ties two parts that should be layered. Found with the TypeScript
// compiler's parser: the imports that run (static imports and re-exports; not `import type`,
// erased, nor `import()`, read later), relative paths within a package (packages import each
// other only by name, and lint keeps those directions). `npm run lint` runs it; exits 1 naming
// each cycle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PACKAGES = ['api', 'contracts', 'shared', 'kit', 'host', 'remote-identity', 'remote-licensing', 'remote-projects-sites', 'remote-workflows'];
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

/** The source files below `dir`, not tests or declarations. */
export function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative import names, or undefined (a package import). */
export function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => SOURCE.test(candidate) && fs.existsSync(candidate),
  );
}

/**
 * What `text` imports when it runs: static imports and re-exports, not `import type` or a
 * type-only re-export (erased), and not `import()` (a route's lazy page, which imports the
 * route back for its links, is read after both modules have run: no cycle at evaluation).
 */
export function runtimeImports(text, fileName = 'x.ts') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const typeOnly =
        statement.isTypeOnly ||
        (statement.exportClause &&
          ts.isNamedExports(statement.exportClause) &&
          statement.exportClause.elements.length > 0 &&
          statement.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** The files each file of `files` imports when it runs (relative imports only). */
export function importGraph(files, read = (file) => fs.readFileSync(file, 'utf8')) {
  const graph = new Map();
  for (const file of files)
    graph.set(
      file,
      runtimeImports(read(file), file)
        .map((specifier) => resolveImport(file, specifier))
        .filter(Boolean),
    );
  return graph;
}

/** Every cycle of `graph`, as the files around it (the first repeated at the end). */
export function cyclesOf(graph) {
  const found = [];
  const state = new Map();
  const stack = [];
  const visit = (file) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/** Every cycle in the source of `pkg` (a folder of the workspace), paths relative to the root. */
export function cyclesIn(pkg) {
  const files = [...sourceFiles(path.join(root, pkg, 'src')), ...(pkg === 'api' ? sourceFiles(path.join(root, pkg, 'test')) : [])];
  return cyclesOf(importGraph(files)).map((cycle) => cycle.map((file) => path.relative(root, file)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = PACKAGES.flatMap(cyclesIn);
  if (cycles.length > 0) {
    console.error(`✗ ${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}:\n${cycles.map((c) => `  ${c.join(' → ')}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`✓ No import cycle in ${PACKAGES.join(', ')}.`);
}
