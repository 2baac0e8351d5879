import { sql, type SQLWrapper } from 'drizzle-orm';

/** `%text%` for ILIKE, with LIKE's own characters (\ % _) taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A user's search text (users.search_text, in lower case) holds `text`, in any case: LIKE against
 * the pattern lowered by PostgreSQL's own lower(), which is what ILIKE does to both sides. The
 * trigram index (users_search_trgm) serves it.
 */
export const searchTextHolds = (searchText: SQLWrapper, text: string) => sql`${searchText} like lower(${containing(text)})`;
