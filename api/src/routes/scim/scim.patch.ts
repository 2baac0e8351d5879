/**
 * SCIM PATCH (RFC 7644 §3.5.2) over a resource's document: the operations add, replace and
 * remove, with and without `path`, paths with a sub-attribute (`name.givenName`), a schema URN
 * (`urn:…:enterprise:2.0:User:organization`) or a value filter (`emails[type eq "work"].value`,
 * `members[value eq "12"]`), and the forms real directories send: Entra ID's capitalised
 * `Replace`/`Add`, a path-less `value` whose keys are paths, members removed by a `value` list.
 * The handler maps the patched document back to our columns (scim.mapping.ts) and saves it with
 * the console's own rules. Attributes we do not hold are ignored, never refused.
 */
import { filter as matcher, parse } from 'scim2-parse-filter';
import { ScimMessages, ScimSchemas } from 'contracts/identity/model';
import { scimError } from './scim.errors';

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path?: string;
  value?: unknown;
}

type Doc = Record<string, unknown>;

const isObject = (value: unknown): value is Doc => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The key of `object` named `name`, ignoring case (RFC 7643 §2.1). */
export const keyIn = (object: Doc, name: string) => Object.keys(object).find((key) => key.toLowerCase() === name.toLowerCase());

/** The value of `object`'s attribute `name`, ignoring case. */
export function attr(object: unknown, name: string): unknown {
  if (!isObject(object)) return undefined;
  const key = keyIn(object, name);
  return key === undefined ? undefined : object[key];
}

/** The operations of a PatchOp body; 400 invalidSyntax when it has none, invalidValue for an unknown op. */
export function readOperations(body: unknown): PatchOperation[] {
  const list = attr(body, 'Operations');
  if (!Array.isArray(list) || list.length === 0) throw scimError(400, 'invalidSyntax', ScimMessages.patchOpsRequired);
  return list.map((item) => {
    const op = attr(item, 'op');
    const lower = typeof op === 'string' ? op.toLowerCase() : '';
    if (lower !== 'add' && lower !== 'replace' && lower !== 'remove') throw scimError(400, 'invalidValue', ScimMessages.unknownOp(String(op)));
    const path = attr(item, 'path');
    if (path !== undefined && path !== null && typeof path !== 'string') throw scimError(400, 'invalidPath', ScimMessages.invalidPath(String(path)));
    return { op: lower, path: typeof path === 'string' && path.trim() ? path.trim() : undefined, value: attr(item, 'value') };
  });
}

interface ParsedPath {
  /** The object the attribute is in: the document, or its extension's object. */
  extension?: string;
  name: string;
  filter?: string;
  sub?: string;
}

/** `attr`, `attr.sub`, `attr[filter]`, `attr[filter].sub`, each maybe after a schema URN. */
export function parsePath(path: string, coreSchema: string): ParsedPath {
  let rest = path.trim();
  let extension: string | undefined;
  const lower = rest.toLowerCase();
  const enterprise = ScimSchemas.enterpriseUser.toLowerCase();
  if (lower.startsWith(enterprise + ':')) {
    extension = ScimSchemas.enterpriseUser;
    rest = rest.slice(enterprise.length + 1);
  } else if (lower === enterprise) {
    return { name: ScimSchemas.enterpriseUser };
  } else if (lower.startsWith(coreSchema.toLowerCase() + ':')) {
    rest = rest.slice(coreSchema.length + 1);
  }
  const match = /^([A-Za-z$][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z$][\w$-]*))?$/.exec(rest);
  if (!match) throw scimError(400, 'invalidPath', ScimMessages.invalidPath(path));
  return { extension, name: match[1]!, filter: match[2], sub: match[3] };
}

/** Attributes a PATCH may not touch: the service provider sets them. */
const READ_ONLY = new Set(['id', 'meta', 'groups', 'schemas']);

/** The values an add or replace of a multi-valued attribute brings: a list, or one value. */
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** The `eq` comparisons of a value filter, as the attributes of an element it would match (`type eq "work"` → { type: 'work' }). */
function equalities(filterText: string): Doc {
  const out: Doc = {};
  const walk = (f: ReturnType<typeof parse>) => {
    if (f.op === 'eq') out[f.attrPath] = f.compValue;
    else if (f.op === 'and') f.filters.forEach(walk);
  };
  walk(parse(filterText));
  return out;
}

/** Element matcher of a value filter, ignoring case in attribute names and string values (our values are not caseExact). */
function matcherOf(filterText: string, path: string): (item: unknown) => boolean {
  let test: (r: unknown) => boolean;
  try {
    test = matcher(parse(filterText));
  } catch {
    throw scimError(400, 'invalidPath', ScimMessages.invalidPath(path));
  }
  const lowered = (item: unknown): unknown =>
    isObject(item) ? Object.fromEntries(Object.entries(item).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v])) : item;
  return (item) => test(lowered(item));
}

/** Applies one operation at `path` of `doc` (which holds every attribute we keep, under its canonical name). */
function applyAt(doc: Doc, op: PatchOperation['op'], path: string, value: unknown, coreSchema: string): void {
  const parsed = parsePath(path, coreSchema);
  let container: Doc = doc;
  if (parsed.extension) {
    const key = keyIn(doc, parsed.extension);
    if (!key) return;
    if (!isObject(doc[key])) doc[key] = {};
    container = doc[key] as Doc;
  }
  const name = keyIn(container, parsed.name);
  if (!parsed.extension && READ_ONLY.has(parsed.name.toLowerCase())) {
    // Okta repeats the id in a path-less replace of a group: the same value changes nothing.
    if (op !== 'remove' && name !== undefined && !parsed.filter && !parsed.sub && JSON.stringify(container[name]) === JSON.stringify(value)) return;
    throw scimError(400, 'mutability', ScimMessages.readOnly(parsed.name));
  }
  // An attribute we do not hold: ignored, as directories send more than we keep.
  if (name === undefined) return;
  const current = container[name];

  if (parsed.filter !== undefined) {
    const list = Array.isArray(current) ? current : [];
    const matches = matcherOf(parsed.filter, path);
    const hits = list.filter(matches);
    if (op === 'remove') {
      container[name] = parsed.sub
        ? list.map((item) => (hits.includes(item) && isObject(item) ? withoutKey(item, parsed.sub!) : item))
        : list.filter((item) => !hits.includes(item));
      return;
    }
    if (hits.length === 0) {
      // Entra ID replaces phoneNumbers[type eq "work"].value on a user without one: add the element the filter describes.
      const made = { ...equalities(parsed.filter), ...(parsed.sub ? { [parsed.sub]: value } : isObject(value) ? value : { value }) };
      container[name] = [...list, made];
      return;
    }
    container[name] = list.map((item) => {
      if (!hits.includes(item)) return item;
      if (parsed.sub) return { ...(item as Doc), [keyIn(item as Doc, parsed.sub) ?? parsed.sub]: value };
      return isObject(value) ? { ...(item as Doc), ...value } : value;
    });
    return;
  }

  if (parsed.sub) {
    if (Array.isArray(current)) {
      // emails.value without a filter: every element's.
      container[name] = current.map((item) =>
        isObject(item) ? (op === 'remove' ? withoutKey(item, parsed.sub!) : { ...item, [keyIn(item, parsed.sub!) ?? parsed.sub!]: value }) : item,
      );
      return;
    }
    const object = isObject(current) ? { ...current } : {};
    const sub = keyIn(object, parsed.sub) ?? parsed.sub;
    if (op === 'remove') delete object[sub];
    else object[sub] = value;
    container[name] = object;
    return;
  }

  if (op === 'remove') {
    if (Array.isArray(current) && value !== undefined) {
      // Members removed by a value list ({ "op": "remove", "path": "members", "value": [{ "value": "12" }] }).
      const gone = new Set(asList(value).map((item) => String(attr(item, 'value') ?? item)));
      container[name] = current.filter((item) => !gone.has(String(attr(item, 'value'))));
      return;
    }
    container[name] = Array.isArray(current) ? [] : undefined;
    return;
  }
  if (Array.isArray(current)) {
    const values = asList(value);
    if (op === 'replace') {
      container[name] = values;
      return;
    }
    // add: appended, without repeating a value already there; a new primary ends the old one's (RFC 7643 §2.4: one primary).
    const known = new Set(current.map((item) => String(attr(item, 'value'))));
    const fresh = values.filter((item) => !known.has(String(attr(item, 'value'))));
    const newPrimary = fresh.some((item) => attr(item, 'primary') === true || String(attr(item, 'primary')).toLowerCase() === 'true');
    const kept = newPrimary
      ? current.map((item) => (isObject(item) && keyIn(item, 'primary') ? { ...item, [keyIn(item, 'primary')!]: false } : item))
      : current;
    container[name] = [...kept, ...fresh];
    return;
  }
  if (isObject(current) && isObject(value)) {
    container[name] = { ...current, ...value };
    return;
  }
  container[name] = value;
}

function withoutKey(item: Doc, name: string): Doc {
  const copy = { ...item };
  const key = keyIn(copy, name);
  if (key) delete copy[key];
  return copy;
}

/**
 * Applies `operations` to a copy of `doc` and answers it. An operation without a path takes an
 * object whose keys are paths (`{ "active": false }`, `{ "name.givenName": "Ann" }`, an
 * extension's URN with its object).
 */
export function applyPatch(doc: Doc, operations: readonly PatchOperation[], coreSchema: string): Doc {
  const out: Doc = structuredClone(doc);
  for (const operation of operations) {
    if (operation.path) {
      applyAt(out, operation.op, operation.path, operation.value, coreSchema);
      continue;
    }
    if (operation.op === 'remove') throw scimError(400, 'noTarget', ScimMessages.removeNeedsPath);
    if (!isObject(operation.value)) throw scimError(400, 'invalidValue', ScimMessages.bodyNotObject);
    for (const [key, value] of Object.entries(operation.value)) {
      if (key.toLowerCase() === 'schemas') continue;
      if (key.toLowerCase() === ScimSchemas.enterpriseUser.toLowerCase() && isObject(value)) {
        for (const [sub, inner] of Object.entries(value)) applyAt(out, operation.op, `${ScimSchemas.enterpriseUser}:${sub}`, inner, coreSchema);
        continue;
      }
      applyAt(out, operation.op, key, value, coreSchema);
    }
  }
  return out;
}
