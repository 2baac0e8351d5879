/**
 * Building blocks of the entity and form schemas. Internal to the contracts (not re-exported),
 * so short names like `int` never reach the package index.
 */
import * as v from 'valibot';
import { jsonDepthOf } from './json';

/** An integer id or count, as an answer holds it (tolerant: any whole number). */
export const int = v.pipe(v.number(), v.integer());

/** A date as the server sends it: ISO text. */
export const IsoDate = v.string();

/** The largest id a call takes: PostgreSQL's integer, so a larger one is the caller's 400, not the database's error. */
export const MAX_ID = 2_147_483_647;
const ID_MESSAGE = `An id is a whole number from 0 to ${MAX_ID}.`;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_ID;

/** An id a call takes (0 where the call means 'none' or 'new'), with `message` when it is not one. */
export const idIn = (message: string = ID_MESSAGE) => v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(MAX_ID, message));

/** An id the body must name, with the field's message for a missing, null or non-whole one. */
export const requiredId = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.number(message)), null),
    v.check((id) => isId(id), message),
    v.transform((id) => id as number),
    v.minValue(0, message),
    v.maxValue(MAX_ID, message),
  );

/** An id a call may leave out or send as null (none): a whole number from 1, with `message` when it is not one. */
export const optionalId = (message: string = ID_MESSAGE) =>
  v.optional(v.nullable(v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, message))));

/** A list of ids, at most 5,000, each with `message` when it is not one. */
export const idList = (message: string = ID_MESSAGE) => v.pipe(v.array(idIn(message), message), v.maxLength(5000, message));

/** A whole number from `min` to `max`, with `message` for anything else. */
export const wholeIn = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/** A GUID as text (phase and item ids, related keys, integration references). */
export const guid = v.string();

/** Text the server may leave out or send as null: '' then, so forms bind a string. */
export const text = () => v.nullish(v.string(), '');

/** Text where null means something (no value set). */
export const maybeText = () => v.nullish(v.string());

/** A flag the server may leave out. */
export const flag = (fallback = false) => v.optional(v.boolean(), fallback);

/** A list the server may leave out: [] then (a fresh array per parse). */
export const list = <S extends v.GenericSchema>(item: S) => v.optional(v.array(item), () => []);

/** An id that may be absent or null (an optional reference). */
export const maybeInt = () => v.nullish(int);

/** A date the server may leave out: ISO text or null. */
export const maybeDate = () => v.nullish(IsoDate);

/** Unicode control (Cc) and format (Cf) characters: invisible, or turning the text around (U+200B, U+202E). */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;

/**
 * Refuses a name holding an invisible or control character with the field's message: a name
 * must read as what it is (a key named `\u202Egnp.exe` shows as `exe.png`).
 */
export const visibleName = (message: string) => v.check((value: string) => !INVISIBLE_OR_CONTROL.test(value), message);

/** A body that is a list of ids (a key's roles, projects, product licences): at most 5,000. */
export const IdsBodySchema = idList('Send a list of ids.');

/**
 * A free-form JSON value the API stores as it is (a site's geometry, a preservation step's
 * fields): refused with `message` when it nests deeper than `depth` or its JSON text is longer
 * than `chars`, so nothing walks a value thousands of levels deep or stores a megabyte of it.
 */
export const freeJson = (limits: { depth: number; chars: number }, message: string) =>
  v.pipe(
    v.unknown(),
    v.check((value) => jsonDepthOf(value, limits.depth) <= limits.depth && (value === undefined || JSON.stringify(value).length <= limits.chars), message),
  );

/**
 * The fields the console reads more leniently than a strict reply states them: each must accept
 * what the strict field does; a field the strict reply lacks (the platform's, or one only some
 * calls send) must accept its absence.
 */
type Lenient<E extends v.ObjectEntries, L> = {
  readonly [K in keyof L]: K extends keyof E
    ? [v.InferInput<E[K]>] extends [v.InferInput<L[K] & v.GenericSchema>]
      ? L[K]
      : 'must accept what the strict reply sends'
    : undefined extends v.InferInput<L[K] & v.GenericSchema>
      ? L[K]
      : 'a field the strict reply lacks must be optional';
};

/** The strict entries with the lenient ones in their place (the order kept), then the lenient extras. */
type TolerantEntries<E extends v.ObjectEntries, L> = {
  [K in keyof E | keyof L]: K extends keyof L ? (L[K] extends v.GenericSchema ? L[K] : never) : K extends keyof E ? E[K] : never;
};

/**
 * The console's reading of a reply whose strict shape the API answers (`v.object`, written once
 * in the area's contract): the same fields, the object loose (the platform's own API may send
 * more), and the fields named in `lenient` read as given there — a text the platform may leave
 * null read as '', a flag it may leave out given its default, a field only the platform sends.
 * Each lenient field accepts what the strict one does (an extra one its absence), so what our
 * server answers always parses in the console: the route's compile-time fit check holds by
 * construction.
 */
export function tolerant<E extends v.ObjectEntries, const L extends Readonly<Record<string, v.GenericSchema>> = Record<never, never>>(
  strict: v.ObjectSchema<E, undefined> | v.LooseObjectSchema<E, undefined>,
  lenient?: L & Lenient<E, L>,
): v.LooseObjectSchema<TolerantEntries<E, L>, undefined> {
  return v.looseObject({ ...strict.entries, ...lenient } as v.ObjectEntries as TolerantEntries<E, L>);
}

/** A node of a tree: its own fields and `children`, nodes alike. */
export type Tree<N> = N & { children: Tree<N>[] };

/**
 * A recursive reply (a tree whose nodes hold `children` of their own shape) as the API answers
 * it: the node's strict fields, written once, and its children. `tolerant` cannot derive a
 * recursive schema from an object schema, so a tree's console reading is {@link tolerantTree}
 * of the same fields.
 */
export function strictTree<E extends v.ObjectEntries>(node: v.ObjectSchema<E, undefined>): v.GenericSchema<Tree<v.InferInput<v.ObjectSchema<E, undefined>>>> {
  const tree: v.GenericSchema = v.object({ ...node.entries, children: v.array(v.lazy(() => tree)) });
  return tree as never;
}

/**
 * The console's reading of a tree whose node's strict fields are `node`: `tolerant`'s rules for
 * those fields (the object loose, the `lenient` ones read as given there), the children read
 * the same way, and a node without `children` a leaf.
 */
export function tolerantTree<E extends v.ObjectEntries, const L extends Readonly<Record<string, v.GenericSchema>> = Record<never, never>>(
  node: v.ObjectSchema<E, undefined>,
  lenient?: L & Lenient<E, L>,
): v.GenericSchema<unknown, Tree<v.InferOutput<v.LooseObjectSchema<TolerantEntries<E, L>, undefined>>>> {
  const tree: v.GenericSchema = v.looseObject({ ...node.entries, ...lenient, children: v.optional(v.array(v.lazy(() => tree)), () => []) });
  return tree as never;
}
