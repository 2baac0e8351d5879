/**
 * When two names a user typed are the same: trimmed and in any case (spec 1 §5: site siblings;
 * the workflow designer's phases and items follow the same rule). One comparison for every name
 * that must be unique among its siblings.
 */

/** A name as uniqueness compares it. */
export const nameKey = (name: string): string => name.trim().toLocaleLowerCase('en-US');

/** True when no two of `names` are the same name (by nameKey). */
export const namesDistinct = (names: readonly string[]): boolean => new Set(names.map(nameKey)).size === names.length;
