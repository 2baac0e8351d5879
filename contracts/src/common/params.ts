/**
 * The path and query parameters every call uses, written once with their messages. The API
 * validates them (a bad path parameter is a 404, a bad query parameter a 400 naming it); the
 * console's call functions take their values (numbers and flags as such, see `QueryInput`).
 */
import * as v from 'valibot';
import { ParamMessages } from './common.messages';

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

/** A list's free-text `filter`, trimmed, at most 200 characters. */
export const filterQuery = { filter: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, ParamMessages.filter)), '') };

/** An optional `licenseId` to narrow a list to one licence (the handler checks its scope). */
export const licenseIdQuery = { licenseId: v.optional(wholeNumber(ParamMessages.licenseId)) };

/** A `true`/`false` query flag, false when absent. */
export const flagQuery = (name: string) =>
  v.optional(
    v.pipe(
      v.picklist(['true', 'false'], ParamMessages.flag(name)),
      v.transform((value) => value === 'true'),
    ),
    'false',
  );

/** `sort` among a list's columns and `dir`. */
export const sortQuery = <S extends string>(columns: readonly [S, ...S[]], fallback: S) => ({
  sort: v.optional(v.picklist(columns, ParamMessages.sort(columns)), fallback),
  dir: v.optional(v.picklist(['asc', 'desc'] as const, ParamMessages.dir), 'asc'),
});
