/** Types of import-cycles.mjs, for the tests that use it. */
export const PACKAGES: string[];
export function sourceFiles(dir: string): string[];
export function resolveImport(from: string, specifier: string): string | undefined;
export function runtimeImports(text: string, fileName?: string): string[];
export function importGraph(files: string[], read?: (file: string) => string): Map<string, string[]>;
export function cyclesOf(graph: Map<string, string[]>): string[][];
export function cyclesIn(pkg: string): string[][];
