/**
 * Server-paged lists (their reply, page and order) and the path and query parameters every
 * area uses (written once in contracts/common/params.ts, with the endpoints). A bad path
 * parameter is a 404 (registerRoutes answers so: the entity cannot exist); a bad query
 * parameter is a 400 naming it.
 */
import { sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { int } from 'contracts/common/fields';

export {
  DEFAULT_PAGE_SIZE,
  filterQuery,
  flagQuery,
  idParam,
  licenseIdQuery,
  MAX_PAGE_SIZE,
  pageQuery,
  sortQuery,
  tokenParam,
  userNameParam,
  WHOLE_NUMBER,
  wholeNumber,
} from 'contracts/common/params';

/** The answer of a server-paged list (GET x/page): the page's items and the count of every row. */
export const pageReply = <S extends v.GenericSchema>(item: S) =>
  v.object({ items: v.array(item), total: int, totalExact: v.boolean(), page: int, pageSize: int });

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
