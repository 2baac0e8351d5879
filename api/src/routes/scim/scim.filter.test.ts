import { PgDialect } from 'drizzle-orm/pg-core';
import { ScimSchemas } from 'contracts/identity/model';
import { HttpError } from '../../http/errors';
import { filterToSql, sortColumn } from './scim.filter';
import { GROUP_ATTRIBUTES, USER_ATTRIBUTES } from './scim.resources';

const dialect = new PgDialect();
const query = (sql: Parameters<PgDialect['sqlToQuery']>[0]) => {
  const { sql: text, params } = dialect.sqlToQuery(sql);
  return { sql: text, params };
};
const user = (filter: string) => query(filterToSql(filter, USER_ATTRIBUTES, ScimSchemas.user));
const group = (filter: string) => query(filterToSql(filter, GROUP_ATTRIBUTES, ScimSchemas.group));

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, scimType: error.extra.scimType };
    throw error;
  }
  return undefined;
}

describe('SCIM filter to SQL (RFC 7644 §3.4.2.2)', () => {
  it('compares userName ignoring case through lower(user_name), which the unique index serves', () => {
    expect(user('userName eq "BJensen"')).toEqual({ sql: 'lower("users"."user_name") = $1', params: ['bjensen'] });
    // Attribute names ignore case, and the core schema's URN may prefix them.
    expect(user(`${ScimSchemas.user}:USERNAME eq "a"`).sql).toBe('lower("users"."user_name") = $1');
  });

  it('maps each operator: eq ne co sw ew gt ge lt le pr, escaping LIKE’s own characters', () => {
    expect(user('userName ne "a"').sql).toBe('("users"."user_name" is null or lower("users"."user_name") <> $1)');
    expect(user('userName co "50%_x"').params).toEqual(['%50\\%\\_x%']);
    expect(user('userName sw "ab"').params).toEqual(['ab%']);
    expect(user('userName ew "ab"').params).toEqual(['%ab']);
    for (const [op, sign] of [
      ['gt', '>'],
      ['ge', '>='],
      ['lt', '<'],
      ['le', '<='],
    ])
      expect(user(`userName ${op} "m"`).sql).toBe(`lower("users"."user_name") ${sign} $1`);
    expect(user('title pr').sql).toBe('("users"."position" is not null and "users"."position" <> \'\')');
    // externalId is caseExact.
    expect(user('externalId eq "AbC"')).toEqual({ sql: '"users"."external_id" = $1', params: ['AbC'] });
  });

  it('combines and, or, not and parentheses with SQL’s precedence kept', () => {
    const { sql, params } = user('not (active eq true) and (userName sw "a" or emails.value co "@x")');
    expect(sql).toBe('(not "users"."is_approved" = $1 and (lower("users"."user_name") like $2 or lower("users"."email") like $3))');
    expect(params).toEqual([true, 'a%', '%@x%']);
  });

  it('reads value paths and the sub-attributes of multi-valued attributes', () => {
    expect(user('emails[type eq "work" and value ew "@example.test"]').sql).toBe('(("users"."email" <> \'\') and lower("users"."email") like $1)');
    expect(user('emails[type eq "home"]').sql).toBe('false');
    expect(user('emails co "x"').sql).toBe('lower("users"."email") like $1');
    expect(group('members[value eq "12"]')).toEqual({
      sql: 'exists (select 1 from user_group_users m where m.user_group_id = "user_groups"."user_group_id" and m.user_id = $1)',
      params: [12],
    });
  });

  it('takes booleans (also as "True"/"False" text), dates and ids by their type', () => {
    expect(user('active eq "False"').params).toEqual([false]);
    expect(user('meta.lastModified gt "2026-01-01T00:00:00Z"')).toEqual({
      sql: 'coalesce("users"."updated_date", "users"."create_date") > $1::timestamptz',
      params: ['2026-01-01T00:00:00.000Z'],
    });
    expect(user('id eq "17"')).toEqual({ sql: '"users"."user_id" = $1', params: [17] });
    expect(user('id eq "not-ours"').sql).toBe('false');
    expect(group('displayName eq "Crew"')).toEqual({ sql: 'lower("user_groups"."name") = $1', params: ['crew'] });
  });

  it('refuses what it cannot translate as invalidFilter, never a server error', () => {
    for (const bad of [
      'userName eq',
      'userName xx "a"',
      '(userName eq "a"',
      'password eq "x"',
      'active co "t"',
      'active eq "maybe"',
      'meta.created gt "soon"',
      'userName eq 12',
      'id gt "1"',
    ]) {
      expect({ bad, refused: refusal(() => user(bad)) }).toEqual({ bad, refused: { status: 400, scimType: 'invalidFilter' } });
    }
  });

  it('sorts by a mapped attribute, ignoring case for text; anything else is invalidValue', () => {
    expect(dialect.sqlToQuery(sortColumn('userName', USER_ATTRIBUTES, ScimSchemas.user)).sql).toBe('lower("users"."user_name")');
    expect(dialect.sqlToQuery(sortColumn('meta.lastModified', USER_ATTRIBUTES, ScimSchemas.user)).sql).toBe(
      'coalesce("users"."updated_date", "users"."create_date")',
    );
    expect(refusal(() => sortColumn('password', USER_ATTRIBUTES, ScimSchemas.user))).toEqual({ status: 400, scimType: 'invalidValue' });
  });
});
