/**
 * The path and query parameters every area uses, written once with their messages from the
 * catalogue. A bad path parameter is a 404 (registerRoutes answers so: the entity cannot
 * exist); a bad query parameter is a 400 naming it.
 */
import { sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { ParamMessages } from 'contracts/common';

/** The largest page a list serves. */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 25;

/** Up to 9 digits, so the number fits an int4. */
export const WHOLE_NUMBER = /^\d{1,9}$/;

/** A whole number in a path or query string, as a number (the OpenAPI document calls it an integer). */
export const wholeNumber = (message?: string) => v.pipe(v.string(), v.regex(WHOLE_NUMBER, message), v.transform(Number));

/** `{ [name]: id }` for a path like `licenses/{licenseId}`. */
export const idParam = <N extends string>(name: N) => v.object({ [name]: wholeNumber() } as { [K in N]: ReturnType<typeof wholeNumber> });

/** `{ username }` for a path like `users/{username}`: trimmed, never empty. */
export const userNameParam = v.object({ username: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(256)) });

/** `{ token }` for a path like `users/token/verify/{token}`. */
export const tokenParam = v.object({ token: v.pipe(v.string(), v.maxLength(200)) });

/** Zero-based `page` and `pageSize` (1 to 200, default 25). */
export const pageQuery = {
  page: v.optional(wholeNumber(ParamMessages.page), '0'),
  pageSize: v.optional(
    v.pipe(
      wholeNumber(ParamMessages.pageSize(MAX_PAGE_SIZE)),
      v.minValue(1, ParamMessages.pageSize(MAX_PAGE_SIZE)),
      v.maxValue(MAX_PAGE_SIZE, ParamMessages.pageSize(MAX_PAGE_SIZE)),
    ),
    String(DEFAULT_PAGE_SIZE),
  ),
};

const count = v.pipe(v.number(), v.integer());

/** The answer of a server-paged list (GET x/page): the page's items and the count of every row. */
export const pageReply = <S extends v.GenericSchema>(item: S) => v.object({ items: v.array(item), total: count, totalExact: v.boolean(), page: count, pageSize: count });

/**
 * Reads one page of an ordered list (`rows(limit, offset)`) beside the count of all its rows
 * (`counted`, a `select({ total: count() })`), for a pageReply.
 */
export async function readPage<T>(
  counted: PromiseLike<{ total: number }[]>,
  rows: (limit: number, offset: number) => PromiseLike<T[]>,
  query: { page: number; pageSize: number },
): Promise<{ rows: T[]; total: number }> {
  const [total, page] = await Promise.all([counted, rows(query.pageSize, query.page * query.pageSize)]);
  return { rows: page, total: total[0]?.total ?? 0 };
}

/**
 * The ORDER BY of a server-paged list: the sorted column, then tie-breakers that make the order
 * total (a name, the id), all the same way, so pages never overlap or skip a row; the page and
 * the export read the same order. `nullsLast` keeps empty values at the end either way.
 */
export function listOrder(keys: readonly SQL[], dir: 'asc' | 'desc', options: { nullsLast?: boolean } = {}): SQL[] {
  const direction = dir === 'desc' ? sql`desc` : sql`asc`;
  return keys.map((key, i) => (i === 0 && options.nullsLast ? sql`${key} ${direction} nulls last` : sql`${key} ${direction}`));
}

/**
 * The answer of a server-paged list (pageReply): one page of `rows(limit, offset)`, each page's
 * rows made into items by `toItems`, and the count of every row (`counted`).
 */
export async function listPage<T, I>(
  counted: PromiseLike<{ total: number }[]>,
  rows: (limit: number, offset: number) => PromiseLike<T[]>,
  query: { page: number; pageSize: number },
  toItems: (rows: T[]) => I[] | Promise<I[]>,
): Promise<{ items: I[]; total: number; totalExact: boolean; page: number; pageSize: number }> {
  const read = await readPage(counted, rows, query);
  return { items: await toItems(read.rows), total: read.total, totalExact: true, page: query.page, pageSize: query.pageSize };
}

/** A list's free-text `filter`, trimmed, at most 200 characters. */
export const filterQuery = { filter: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, ParamMessages.filter)), '') };

/** An optional `licenseId` to narrow a list to one licence (the handler checks its scope). */
export const licenseIdQuery = { licenseId: v.optional(wholeNumber(ParamMessages.licenseId)) };

/** A `true`/`false` query flag, false when absent. */
export const flagQuery = (name: string) => v.optional(v.pipe(v.picklist(['true', 'false'], ParamMessages.flag(name)), v.transform((value) => value === 'true')), 'false');

/** `sort` among a list's columns and `dir`. */
export const sortQuery = <S extends string>(columns: readonly [S, ...S[]], fallback: S) => ({
  sort: v.optional(v.picklist(columns, ParamMessages.sort(columns)), fallback),
  dir: v.optional(v.picklist(['asc', 'desc'] as const, ParamMessages.dir), 'asc'),
});
