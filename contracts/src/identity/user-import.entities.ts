/**
 * Users from a CSV file (ours, issue 39): the file's columns, its bounds, and the answer of its
 * dry run and of its apply — each row new, changed (each field before and after), unchanged or
 * refused (its line, column and the user form's message), the seats it would take per product
 * licence against what is free, and the groups the file names that do not exist.
 */
import * as v from 'valibot';
import { int } from '../common/fields';

/** The columns of a user file, in the order the template and the export write them. */
export const USER_IMPORT_COLUMNS = [
  'userName',
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'companyName',
  'position',
  'userGroups',
  'productLicenses',
  'isSsoUser',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** What separates the names in the userGroups and productLicenses cells. */
export const USER_IMPORT_LIST_SEPARATOR = '|';

/** The most rows (users) one file imports, and its largest size in bytes. */
export const USER_IMPORT_MAX_ROWS = 10_000;
export const USER_IMPORT_MAX_BYTES = 4 * 1024 * 1024;

export const USER_IMPORT_STATUSES = ['new', 'changed', 'unchanged', 'refused'] as const;
export type UserImportStatus = (typeof USER_IMPORT_STATUSES)[number];

/** A field a row changes: its column, and its value before and after (lists joined with ', '). */
export const UserImportChangeSchema = v.looseObject({ field: v.string(), before: v.string(), after: v.string() });
export type UserImportChange = v.InferOutput<typeof UserImportChangeSchema>;

/** Why a row is refused: its column ('' for the whole row) and the message. */
export const UserImportProblemSchema = v.looseObject({ column: v.string(), message: v.string() });
export type UserImportProblem = v.InferOutput<typeof UserImportProblemSchema>;

/** One row of the file as the import sees it. */
export const UserImportRowSchema = v.looseObject({
  /** The 1-based line the row starts on (the header is line 1). */
  line: int,
  userName: v.string(),
  status: v.picklist(USER_IMPORT_STATUSES),
  changes: v.optional(v.array(UserImportChangeSchema), () => []),
  problems: v.optional(v.array(UserImportProblemSchema), () => []),
});
export type UserImportRow = v.InferOutput<typeof UserImportRowSchema>;

/** The seats the file's valid rows would take of one product licence, against what is free (`free` null: unlimited). */
export const UserImportSeatSchema = v.looseObject({
  addOnId: int,
  name: v.string(),
  needed: int,
  used: int,
  /** The licence's limit; negative: unlimited. */
  maxUsers: int,
  free: v.nullable(int),
  over: v.boolean(),
});
export type UserImportSeat = v.InferOutput<typeof UserImportSeatSchema>;

export const UserImportCountsSchema = v.looseObject({ rows: int, new: int, changed: int, unchanged: int, refused: int });
export type UserImportCounts = v.InferOutput<typeof UserImportCountsSchema>;

/** The answer of POST user-import/preview (applied false) and of POST user-import (applied true once written). */
export const UserImportReplySchema = v.looseObject({
  applied: v.boolean(),
  licenseId: int,
  counts: UserImportCountsSchema,
  rows: v.array(UserImportRowSchema),
  seats: v.array(UserImportSeatSchema),
  /** Group names the file gives that the licence has no group of (their rows are refused). */
  unknownGroups: v.array(v.string()),
  /** Whether an apply would write anything: some row new or changed, and no seat over. */
  canApply: v.boolean(),
  /** How many welcome mails (reset links) went out after the apply. */
  mailed: v.optional(int, 0),
  Message: v.optional(v.string()),
});
export type UserImportReply = v.InferOutput<typeof UserImportReplySchema>;
