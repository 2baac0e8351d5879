/**
 * A line diff of two JSON values (ours: a config's History and its comparison with the
 * default): each value pretty-printed, then the longest common subsequence of their lines.
 * React-free, so it is tested alone.
 */

/** One line of a diff: kept, or only in the first value (removed), or only in the second (added). */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** A run of unchanged lines left out of a diff shown with context. */
export interface DiffGap {
  kind: 'gap';
  count: number;
}

/** Above this many cells the LCS table costs too much: the diff is then all removed, then all added. */
const MAX_CELLS = 4_000_000;

/** A value as the diff reads it: JSON text is parsed (the audit trail stores text), anything else printed with two-space indents. */
export function prettyJson(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

const linesOf = (text: string) => (text === '' ? [] : text.split('\n'));

/** The line diff of two texts, in order: common lines kept, the rest removed (first text) or added (second). */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  // Lines both share at the start and the end are kept without a table.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: DiffLine[] = a.slice(0, start).map((text) => ({ kind: 'same', text }));
  const tail: DiffLine[] = a.slice(endA).map((text) => ({ kind: 'same', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_CELLS) {
    return [...head, ...midA.map((text): DiffLine => ({ kind: 'removed', text })), ...midB.map((text): DiffLine => ({ kind: 'added', text })), ...tail];
  }
  // lcs[i][j]: the longest common subsequence of midA[i..] and midB[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const middle: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (midA[i] === midB[j]) {
      middle.push({ kind: 'same', text: midA[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      middle.push({ kind: 'removed', text: midA[i++]! });
    } else {
      middle.push({ kind: 'added', text: midB[j++]! });
    }
  }
  while (i < n) middle.push({ kind: 'removed', text: midA[i++]! });
  while (j < m) middle.push({ kind: 'added', text: midB[j++]! });
  return [...head, ...middle, ...tail];
}

/**
 * The diff with only `context` unchanged lines around each change; longer runs of unchanged
 * lines become a gap that says how many lines it hides.
 */
export function withContext(lines: DiffLine[], context: number): (DiffLine | DiffGap)[] {
  const near = lines.map(() => false);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) near[k] = true;
  });
  const out: (DiffLine | DiffGap)[] = [];
  let hidden = 0;
  lines.forEach((line, index) => {
    if (line.kind !== 'same' || near[index]) {
      if (hidden > 0) out.push({ kind: 'gap', count: hidden });
      hidden = 0;
      out.push(line);
    } else {
      hidden++;
    }
  });
  if (hidden > 0) out.push({ kind: 'gap', count: hidden });
  return out;
}
