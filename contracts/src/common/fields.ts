/**
 * Building blocks of the entity and form schemas. Internal to the contracts (not re-exported),
 * so short names like `int` never reach the package index.
 */
import * as v from 'valibot';
import { IsoDate } from '../common/page';
import { jsonDepthOf } from './json';

/** An integer id or count. */
export const int = v.pipe(v.number(), v.integer());

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
export const IdsBodySchema = v.pipe(v.array(int, 'Send a list of ids.'), v.maxLength(5000, 'Send a list of ids.'));

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
