/** @jest-environment node */
/**
 * Every text a call takes has a length, every number a range (issue 36, item 5): the body and
 * query schemas of every endpoint are walked, so a new field cannot forget its bounds.
 */
import { ENDPOINTS } from './endpoints';

type Node = {
  type: string;
  kind?: string;
  pipe?: Node[];
  entries?: Record<string, Node>;
  item?: Node;
  wrapped?: Node;
  options?: Node[];
  value?: Node;
  key?: Node;
  getter?: () => Node;
  requirement?: unknown;
};

/** The actions of a schema's pipe, those of the pipes it is built on included (`v.pipe(requiredText(…), v.maxLength(…))`). */
function actionsOf(schema: Node): string[] {
  return (schema.pipe ?? []).flatMap((step) => (step.kind === 'schema' ? (step === schema ? [] : actionsOf(step)) : [step.type]));
}

/** The fields of `schema` (dot paths) whose text has no maximum length or whose number has no minimum and maximum. */
function unbounded(schema: Node, path: string, found: string[], seen: Set<Node>, outer: string[] = []): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  // A pipe over an optional text (`v.pipe(v.optional(v.string()), v.maxLength(…))`) bounds the text it wraps.
  const actions = [...outer, ...actionsOf(schema)];
  switch (schema.type) {
    case 'string':
      if (!actions.some((type) => ['max_length', 'length', 'max_bytes', 'max_graphemes', 'uuid', 'email', 'iso_date', 'iso_timestamp', 'regex'].includes(type)))
        found.push(`${path}: text without a maximum length`);
      return;
    case 'number':
      if (!(actions.includes('min_value') || actions.includes('gt_value')) || !(actions.includes('max_value') || actions.includes('lt_value')))
        found.push(`${path}: number without a range`);
      return;
    case 'object':
    case 'loose_object':
    case 'strict_object':
      for (const [key, inner] of Object.entries(schema.entries ?? {})) unbounded(inner, path ? `${path}.${key}` : key, found, seen);
      return;
    case 'array':
      if (!actions.includes('max_length') && !actions.includes('length')) found.push(`${path}: list without a maximum length`);
      unbounded(schema.item!, `${path}[]`, found, seen);
      return;
    case 'record':
      unbounded(schema.key!, `${path}{key}`, found, seen);
      unbounded(schema.value!, `${path}{}`, found, seen);
      return;
    case 'union':
    case 'variant':
      for (const option of schema.options ?? []) unbounded(option, path, found, seen);
      return;
    case 'lazy':
      unbounded(schema.getter!(), path, found, seen);
      return;
    default:
      if (schema.wrapped) unbounded(schema.wrapped, path, found, seen, actions);
  }
}

describe('the bounds of every input', () => {
  it('gives every text of every body and query a maximum length, and every number a range', () => {
    const found: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const name = `${endpoint.method} ${endpoint.path}`;
      if (endpoint.body && endpoint.bodyType === undefined) unbounded(endpoint.body as unknown as Node, `${name} body`, found, new Set());
      if (endpoint.query) unbounded(endpoint.query as unknown as Node, `${name} query`, found, new Set());
    }
    expect(found).toEqual([]);
  });
});
