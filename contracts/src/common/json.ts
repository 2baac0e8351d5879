/** JSON values as the API reads them. */

/** How deep `value` nests (a scalar 0, `{}` and `[]` 1), walked without recursion, stopping past `limit`. */
export function jsonDepthOf(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const inner of Array.isArray(item) ? item : Object.values(item)) stack.push([inner, depth + 1]);
  }
  return deepest;
}
