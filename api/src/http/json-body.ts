/**
 * Reading a JSON body, once for every route: it must be sent as JSON (`application/json` or
 * a `+json` type; anything else is a 415, so a form post or a text body never reaches a route
 * as JSON), must parse, and may nest at most JSON_MAX_DEPTH levels. A body nested thousands
 * of levels deep used to overflow the stack of every walk over it (validation, redaction,
 * the audit trail): it is refused here, with a message, before anything walks it.
 */
import type { Context } from 'hono';
import { GenericMessages, jsonDepthOf } from 'contracts/common';
import { badRequest, HttpError } from './errors';

/**
 * The deepest a JSON body may nest: far beyond any call’s own shape (a workflow is about 8 levels; a
 * site tree two per level of sites, so 31 levels in one call).
 */
export const JSON_MAX_DEPTH = 64;

/** Whether a Content-Type names JSON: `application/json` or `application/<x>+json`, any parameters. */
export function isJsonType(header: string | undefined): boolean {
  const type = header?.split(';')[0]!.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type);
}

/** The request's JSON body; undefined when it sent none. 415 when it is not sent as JSON, 400 when it is not JSON or nests too deep. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  if (!isJsonType(c.req.header('content-type'))) throw new HttpError(415, GenericMessages.bodyType('application/json'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(GenericMessages.invalidBody);
  }
  if (jsonDepthOf(parsed, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) throw badRequest(GenericMessages.tooDeep(JSON_MAX_DEPTH));
  return parsed;
}

type AnySchema = { type: string; entries?: Record<string, AnySchema>; item?: AnySchema; wrapped?: AnySchema; value?: AnySchema; options?: AnySchema[] };

const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest', 'record']);

/**
 * Where `input` is a list where `schema` takes an object ('' for the body itself), or undefined.
 * valibot's objects and records take a list (a list is an object in JavaScript), so
 * `PUT license/{id}` with `[]` used to pass as an object with no fields; this walks the body
 * with its schema (objects' entries, lists' items, optional and nullable wrappers) and finds it.
 */
export function listForObject(schema: AnySchema, input: unknown, path = ''): string | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  if (schema.wrapped) return listForObject(schema.wrapped, input, path);
  if (OBJECT_TYPES.has(schema.type)) {
    if (Array.isArray(input)) return path;
    if (schema.type === 'record')
      return schema.value ? firstOf(Object.entries(input), ([key, inner]) => listForObject(schema.value!, inner, join(path, key))) : undefined;
    return firstOf(Object.entries(schema.entries ?? {}), ([key, inner]) => listForObject(inner, (input as Record<string, unknown>)[key], join(path, key)));
  }
  if (schema.type === 'array' && schema.item && Array.isArray(input))
    return firstOf(
      input.map((inner, index) => [String(index), inner] as const),
      ([index, inner]) => listForObject(schema.item!, inner, join(path, index)),
    );
  return undefined;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
function firstOf<T>(items: readonly T[], find: (item: T) => string | undefined): string | undefined {
  for (const item of items) {
    const found = find(item);
    if (found !== undefined) return found;
  }
  return undefined;
}
