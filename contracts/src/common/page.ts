/** A page of a server-paged list, and the date as the server sends it: shared by every area. */
import * as v from 'valibot';
import { int } from './fields';

export { IsoDate } from './fields';

/**
 * A page of a server-paged list; `page` is zero-based. `totalExact` false: a search matched
 * more rows than the server counts, and `total` is a lower bound ('more than 10,000').
 */
export function pageOf<S extends v.GenericSchema>(item: S) {
  return v.looseObject({ items: v.array(item), total: int, totalExact: v.optional(v.boolean(), true), page: int, pageSize: int });
}
