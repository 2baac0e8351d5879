/**
 * SCIM filters (RFC 7644 §3.4.2.2) as SQL over our columns: scim2-parse-filter parses the
 * grammar (eq, ne, co, sw, ew, gt, ge, lt, le, pr, and, or, not, parentheses, value paths);
 * this file maps each attribute to a column and each operator to a condition. Attribute names
 * ignore case, as RFC 7643 §2.1 says; a string attribute that is not caseExact (userName,
 * emails, names) compares ignoring case, through lower(column) so that the users' lower(user_name)
 * index serves `userName eq "…"`. An attribute we do not map, or a comparison its type cannot
 * take, is an invalidFilter error, never a 500.
 */
import { and, not, or, sql, type SQL } from 'drizzle-orm';
import { parse, type Filter } from 'scim2-parse-filter';
import { ScimMessages, ScimSchemas } from 'contracts/identity/model';
import { scimError } from './scim.errors';

/** What a filterable attribute is over our columns. */
export interface ScimAttribute {
  /** The column or expression. */
  sql: SQL;
  type: 'string' | 'boolean' | 'dateTime' | 'id';
  /** Compared as written (externalId, id); other strings ignore case. */
  caseExact?: boolean;
  /** Takes only eq, ne and pr (a multi-valued attribute's `type`, which we hold one of). */
  custom?: (op: string, value: unknown) => SQL;
}

/** Attributes by lower-cased name (`username`, `emails.value`, `meta.lastmodified`). */
export type ScimAttributes = ReadonlyMap<string, ScimAttribute>;

/** The name as our maps key it: lower case, without the core schema's URN. */
export function attributeKey(path: string, coreSchema: string): string {
  const lower = path.toLowerCase();
  const core = coreSchema.toLowerCase() + ':';
  if (lower.startsWith(core)) return lower.slice(core.length);
  const enterprise = ScimSchemas.enterpriseUser.toLowerCase() + ':';
  if (lower.startsWith(enterprise)) return 'enterprise:' + lower.slice(enterprise.length);
  return lower;
}

const invalid = (why: string) => scimError(400, 'invalidFilter', ScimMessages.invalidFilter(why));

/** A LIKE pattern's own characters, escaped (`\` is PostgreSQL's default escape). */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function stringCondition(attr: ScimAttribute, op: string, value: unknown, name: string): SQL {
  if (typeof value !== 'string') throw invalid(`${name} ${op} needs a quoted text.`);
  const column = attr.caseExact ? attr.sql : sql`lower(${attr.sql})`;
  const v = attr.caseExact ? value : value.toLowerCase();
  switch (op) {
    case 'eq':
      return sql`${column} = ${v}`;
    case 'ne':
      return sql`(${attr.sql} is null or ${column} <> ${v})`;
    case 'co':
      return sql`${column} like ${'%' + likeEscaped(v) + '%'}`;
    case 'sw':
      return sql`${column} like ${likeEscaped(v) + '%'}`;
    case 'ew':
      return sql`${column} like ${'%' + likeEscaped(v)}`;
    case 'gt':
      return sql`${column} > ${v}`;
    case 'ge':
      return sql`${column} >= ${v}`;
    case 'lt':
      return sql`${column} < ${v}`;
    case 'le':
      return sql`${column} <= ${v}`;
  }
  throw invalid(`unknown operator ${op}.`);
}

/** A boolean as directories send it: true, false, or the text "True"/"False" (Entra ID). */
export function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  return undefined;
}

function booleanCondition(attr: ScimAttribute, op: string, value: unknown, name: string): SQL {
  const b = asBoolean(value);
  if (b === undefined) throw invalid(`${name} is true or false.`);
  if (op === 'eq') return sql`${attr.sql} = ${b}`;
  if (op === 'ne') return sql`${attr.sql} <> ${b}`;
  throw invalid(`${name} takes eq, ne or pr.`);
}

function dateCondition(attr: ScimAttribute, op: string, value: unknown, name: string): SQL {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw invalid(`${name} needs a date and time (RFC 3339).`);
  const at = date.toISOString();
  const ops: Record<string, SQL> = {
    eq: sql`${attr.sql} = ${at}::timestamptz`,
    ne: sql`${attr.sql} <> ${at}::timestamptz`,
    gt: sql`${attr.sql} > ${at}::timestamptz`,
    ge: sql`${attr.sql} >= ${at}::timestamptz`,
    lt: sql`${attr.sql} < ${at}::timestamptz`,
    le: sql`${attr.sql} <= ${at}::timestamptz`,
  };
  const out = ops[op];
  if (!out) throw invalid(`${name} takes eq, ne, gt, ge, lt, le or pr.`);
  return out;
}

function idCondition(attr: ScimAttribute, op: string, value: unknown, name: string): SQL {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') throw invalid(`${name} needs a quoted text.`);
  const id = /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined;
  if (op === 'eq') return id === undefined ? sql`false` : sql`${attr.sql} = ${id}`;
  if (op === 'ne') return id === undefined ? sql`true` : sql`${attr.sql} <> ${id}`;
  throw invalid(`${name} takes eq, ne or pr.`);
}

function condition(attributes: ScimAttributes, coreSchema: string, filter: Filter, prefix: string): SQL {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = filter.filters.map((f) => condition(attributes, coreSchema, f, prefix));
      return (filter.op === 'and' ? and(...parts) : or(...parts))!;
    }
    case 'not':
      return not(condition(attributes, coreSchema, filter.filter, prefix));
    case '[]':
      // emails[type eq "work" and value co "@x"]: the inner filter over the attribute's sub-attributes.
      return condition(attributes, coreSchema, filter.valFilter, `${prefix}${filter.attrPath}.`);
  }
  const name = `${prefix}${filter.attrPath}`;
  const key = attributeKey(name, coreSchema);
  // A multi-valued attribute named alone (`emails co "x"`) means its value.
  const attr = attributes.get(key) ?? attributes.get(`${key}.value`);
  if (!attr) throw scimError(400, 'invalidFilter', ScimMessages.unknownAttribute(name));
  if (filter.op === 'pr') {
    if (attr.custom) return attr.custom('pr', null);
    return attr.type === 'string' ? sql`(${attr.sql} is not null and ${attr.sql} <> '')` : sql`${attr.sql} is not null`;
  }
  const value = filter.compValue;
  if (attr.custom) return attr.custom(filter.op, value);
  if (value === null) {
    if (filter.op === 'eq') return attr.type === 'string' ? sql`(${attr.sql} is null or ${attr.sql} = '')` : sql`${attr.sql} is null`;
    if (filter.op === 'ne') return attr.type === 'string' ? sql`(${attr.sql} is not null and ${attr.sql} <> '')` : sql`${attr.sql} is not null`;
    throw invalid(`${name} ${filter.op} null.`);
  }
  if (attr.type === 'boolean') return booleanCondition(attr, filter.op, value, name);
  if (attr.type === 'dateTime') return dateCondition(attr, filter.op, value, name);
  if (attr.type === 'id') return idCondition(attr, filter.op, value, name);
  return stringCondition(attr, filter.op, value, name);
}

/** Parses a filter; a syntax error is an invalidFilter error. */
export function parseFilter(text: string): Filter {
  try {
    return parse(text);
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : 'it cannot be read.');
  }
}

/** The filter as a condition over `attributes` (400 invalidFilter when it cannot be). */
export function filterToSql(text: string, attributes: ScimAttributes, coreSchema: string): SQL {
  return condition(attributes, coreSchema, parseFilter(text), '');
}

/** The column a `sortBy` names (400 invalidValue when it is not one we sort on). */
export function sortColumn(sortBy: string, attributes: ScimAttributes, coreSchema: string): SQL {
  const key = attributeKey(sortBy, coreSchema);
  const attr = attributes.get(key) ?? attributes.get(`${key}.value`);
  if (!attr || attr.custom) throw scimError(400, 'invalidValue', ScimMessages.sortNotSupported(sortBy));
  return attr.type === 'string' && !attr.caseExact ? sql`lower(${attr.sql})` : attr.sql;
}
