const keys = new WeakMap<object, number>();
let last = 0;

/**
 * A React key for an editor that starts from a query's data: the same while the query answers
 * the same data, a new one when the data changes. TanStack Query keeps the data object when a
 * refetch brings nothing new (structural sharing), so a refetch in the background no longer
 * throws away what the user ticked and had not saved (a key of `dataUpdatedAt` did), and a save
 * still starts the editor again from what was saved.
 */
export function dataKey(data: object): number {
  let key = keys.get(data);
  if (key === undefined) keys.set(data, (key = ++last));
  return key;
}
