/**
 * What a user file does (issue 39), worked out from the file and what the licence holds, with no
 * database access: the dry run answers it, and the apply writes it after working it out again
 * inside its transaction, under the seat lock — so the preview and the apply cannot disagree.
 *
 * Rules: a row is matched to a user by userName, ignoring case. A new user's row must pass the
 * user form (spec 1 §5: the same schema and messages as the console's form); a known user's row
 * changes only the columns the file has. The userGroups and productLicenses columns add: a row
 * never removes a user, a group membership or a product licence (those stay the user tabs').
 * A row is refused, with its line, column and message, when a field breaks the form's rules, a
 * group or product licence is unknown or not offered, the user belongs to another licence, or
 * the change is beyond the caller's privilege ceiling (domain/ceiling.ts): a user holding
 * administrative roles the caller does not, or a group granting such roles or projects the
 * caller does not see. Refused rows are left out; the others are written together or not at all.
 */
import * as v from 'valibot';
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_LIST_SEPARATOR,
  USER_IMPORT_MAX_ROWS,
  UserImportMessages,
  UserMessages,
  userDetailsEntries,
  userNameSchema,
  type UserImportChange,
  type UserImportColumn,
  type UserImportCounts,
  type UserImportProblem,
  type UserImportRow,
  type UserImportSeat,
} from 'contracts/identity/model';
import { readCell, type CsvRecord } from '../../http/csv';
import { badRequest } from '../../http/errors';

/** The user fields a file sets, as the users table names them. */
export const DETAIL_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'companyName', 'position'] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

/** What a user row holds that an import reads or sets. */
export interface KnownUser {
  userId: number;
  userName: string;
  licenseId: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  companyName: string;
  position: string;
  isSsoUser: boolean;
}

/** What the plan needs of the licence and of the users the file names. */
export interface ImportContext {
  licenseId: number;
  /** Users the file names (any licence), by lower-case userName. */
  users: Map<string, KnownUser>;
  /** Group ids each known user belongs to. */
  groupsOf: Map<number, Set<number>>;
  /** Product licences each known user holds directly. */
  directAddonsOf: Map<number, Set<number>>;
  /** Product licences each known user holds, directly or through a group (their seats). */
  heldAddonsOf: Map<number, Set<number>>;
  /** Why the caller may not change each known user (the privilege ceiling), when so. */
  aboveCaller: Map<number, string>;
  /** The licence's groups by lower-case name, with why the caller may not give each, when so. */
  groups: Map<string, { userGroupId: number; name: string; addOnIds: number[]; refusal?: (userName: string) => string }>;
  /** Every product licence by lower-case name and short name, with the licence's offer (undefined: not offered). */
  addons: Map<string, { addOnId: number; name: string; category: string | null; maxUsers: number | undefined }>;
  /** Seats in use per product licence in the licence. */
  seatsUsed: Map<number, number>;
}

/** A user the file creates. */
export interface PlannedCreate {
  line: number;
  userName: string;
  values: Record<DetailField, string> & { isSsoUser: boolean };
  groupIds: number[];
  addOnIds: number[];
}

/** A known user the file changes: the fields before and after, and the groups and product licences it adds. */
export interface PlannedUpdate {
  line: number;
  user: KnownUser;
  set: Partial<Record<DetailField, string> & { isSsoUser: boolean }>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  groupIds: number[];
  addOnIds: number[];
}

export interface ImportPlan {
  rows: UserImportRow[];
  counts: UserImportCounts;
  seats: UserImportSeat[];
  unknownGroups: string[];
  canApply: boolean;
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
}

/** Header names a spreadsheet may use for a column, beyond the column's own name (any case, spaces ignored). */
const ALIASES: Record<string, UserImportColumn> = {
  username: 'userName',
  company: 'companyName',
  phone: 'phoneNumber',
  groups: 'userGroups',
  // The spec's spelling, as a spreadsheet's header may have it.
  // eslint-disable-next-line no-restricted-syntax -- a header's text, not an identifier of ours
  productlicences: 'productLicenses',
  addons: 'productLicenses',
  ssouser: 'isSsoUser',
  singlesignonuser: 'isSsoUser',
};
const COLUMN_BY_KEY = new Map<string, UserImportColumn>([...USER_IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c] as const), ...Object.entries(ALIASES)]);
const keyOf = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

/** The file's header: which column each cell index holds. Not a user file: a 400. */
export function readHeader(records: CsvRecord[]): { columns: (UserImportColumn | null)[]; names: Map<UserImportColumn, string>; rows: CsvRecord[] } {
  const [head, ...rest] = records;
  if (!head || head.cells.every((cell) => readCell(cell) === '')) throw badRequest(UserImportMessages.empty);
  const names = new Map<UserImportColumn, string>();
  const columns = head.cells.map((cell, index) => {
    const name = readCell(cell);
    if (name === '' && index === head.cells.length - 1) return null;
    const column = COLUMN_BY_KEY.get(keyOf(name));
    if (!column) throw badRequest(UserImportMessages.unknownColumn(name || `#${index + 1}`));
    if (names.has(column)) throw badRequest(UserImportMessages.duplicateColumn(name));
    names.set(column, name);
    return column;
  });
  if (!names.has('userName')) throw badRequest(UserImportMessages.userNameColumn);
  const rows = rest.filter((record) => record.cells.some((cell) => readCell(cell) !== ''));
  if (rows.length > USER_IMPORT_MAX_ROWS) throw badRequest(UserImportMessages.tooManyRows(USER_IMPORT_MAX_ROWS));
  return { columns, names, rows };
}

/** The names in a list cell ('Crew A | Crew B'), trimmed, each once (any case). */
export function listCell(cell: string): string[] {
  const seen = new Set<string>();
  return cell
    .split(USER_IMPORT_LIST_SEPARATOR)
    .map((name) => name.trim())
    .filter((name) => name !== '' && !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()));
}

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/** The lower-case userNames of the rows (for reading the users they name). */
export function userNamesOf(records: CsvRecord[], columns: (UserImportColumn | null)[]): string[] {
  const at = columns.indexOf('userName');
  return [...new Set(records.map((record) => readCell(record.cells[at]).toLowerCase()).filter((name) => name !== ''))];
}

/** The first message of a field's schema for `value`; undefined when it passes. */
function fieldMessage(schema: v.GenericSchema, value: string): { message?: string; output?: string } {
  const result = v.safeParse(schema, value);
  return result.success ? { output: result.output as string } : { message: result.issues[0].message };
}

const listText = (names: string[]) => names.join(', ');

/** Works out what the file's rows do (see the file's comment). */
export function planImport(records: CsvRecord[], columns: (UserImportColumn | null)[], names: Map<UserImportColumn, string>, ctx: ImportContext): ImportPlan {
  const rows: UserImportRow[] = [];
  const creates: PlannedCreate[] = [];
  const updates: PlannedUpdate[] = [];
  const unknownGroups = new Map<string, string>();
  const lineOfName = new Map<string, number>();
  const gains = new Map<number, number>();
  const has = (column: UserImportColumn) => names.has(column);
  const columnName = (column: UserImportColumn) => names.get(column) ?? column;
  const groupById = new Map([...ctx.groups.values()].map((g) => [g.userGroupId, g]));
  const groupNameById = new Map([...groupById].map(([id, g]) => [id, g.name]));
  const addonNameById = new Map([...ctx.addons.values()].map((a) => [a.addOnId, a.name]));

  for (const record of records) {
    const cellOf = (column: UserImportColumn) => {
      const at = columns.indexOf(column);
      return at < 0 ? '' : readCell(record.cells[at]);
    };
    const problems: UserImportProblem[] = [];
    const problem = (column: UserImportColumn | '', message: string) => problems.push({ column: column === '' ? '' : columnName(column), message });

    const rawName = cellOf('userName');
    const nameCheck = fieldMessage(userNameSchema, rawName);
    const userName = nameCheck.output ?? rawName;
    if (nameCheck.message) problem('userName', nameCheck.message);
    if (record.cells.length > columns.length && record.cells.slice(columns.length).some((cell) => readCell(cell) !== ''))
      problem('', UserImportMessages.tooManyCells);
    const key = userName.toLowerCase();
    const earlier = key ? lineOfName.get(key) : undefined;
    if (earlier !== undefined) problem('userName', UserImportMessages.duplicateRow(earlier));
    else if (key) lineOfName.set(key, record.line);

    const known = key ? ctx.users.get(key) : undefined;
    if (known && known.licenseId !== ctx.licenseId) problem('userName', UserImportMessages.otherLicense);
    const inLicense = known && known.licenseId === ctx.licenseId ? known : undefined;

    // The details: a new user's every field by the form's rules (a missing column is empty); a known user's columns the file has.
    const details: Partial<Record<DetailField, string>> = {};
    for (const field of DETAIL_FIELDS) {
      if (!has(field) && inLicense) continue;
      const checked = fieldMessage(userDetailsEntries[field], cellOf(field));
      if (checked.message) problem(field, checked.message);
      else details[field] = checked.output!;
    }
    let isSsoUser: boolean | undefined;
    const sso = cellOf('isSsoUser').toLowerCase();
    if (TRUE.has(sso)) isSsoUser = true;
    else if (FALSE.has(sso)) isSsoUser = false;
    else if (sso !== '') problem('isSsoUser', UserImportMessages.ssoInvalid);
    else if (!inLicense) isSsoUser = false;

    const groupIds: number[] = [];
    for (const name of listCell(cellOf('userGroups'))) {
      const group = ctx.groups.get(name.toLowerCase());
      if (!group) {
        unknownGroups.set(name.toLowerCase(), name);
        problem('userGroups', UserImportMessages.groupUnknown(name));
      } else {
        const refusal = group.refusal?.(userName);
        if (refusal) problem('userGroups', refusal);
        groupIds.push(group.userGroupId);
      }
    }
    const addOnIds: number[] = [];
    for (const name of listCell(cellOf('productLicenses'))) {
      const addon = ctx.addons.get(name.toLowerCase());
      if (!addon) problem('productLicenses', UserImportMessages.addonUnknown(name));
      else if (addon.category === 'VENDOR') problem('productLicenses', UserImportMessages.vendorAddon(addon.name));
      else if (addon.maxUsers === undefined || addon.maxUsers === 0) problem('productLicenses', UserMessages.addonNotOffered(addon.name));
      else addOnIds.push(addon.addOnId);
    }

    // What the row changes of a known user: only what differs; groups and product licences only added.
    const changes: UserImportChange[] = [];
    const set: PlannedUpdate['set'] = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    let newGroups = groupIds;
    let newAddons = addOnIds;
    if (inLicense) {
      for (const field of DETAIL_FIELDS) {
        const value = details[field];
        if (value === undefined || value === inLicense[field]) continue;
        set[field] = value;
        before[field] = inLicense[field];
        after[field] = value;
        changes.push({ field, before: inLicense[field], after: value });
      }
      if (isSsoUser !== undefined && isSsoUser !== inLicense.isSsoUser) {
        set.isSsoUser = isSsoUser;
        before.isSsoUser = inLicense.isSsoUser;
        after.isSsoUser = isSsoUser;
        changes.push({ field: 'isSsoUser', before: String(inLicense.isSsoUser), after: String(isSsoUser) });
      }
      const heldGroups = ctx.groupsOf.get(inLicense.userId) ?? new Set<number>();
      newGroups = groupIds.filter((id) => !heldGroups.has(id));
      if (newGroups.length) {
        const was = [...heldGroups].map((id) => groupNameById.get(id) ?? String(id)).sort();
        const is = [...was, ...newGroups.map((id) => groupNameById.get(id)!)].sort();
        before.userGroups = was;
        after.userGroups = is;
        changes.push({ field: 'userGroups', before: listText(was), after: listText(is) });
      }
      const heldDirect = ctx.directAddonsOf.get(inLicense.userId) ?? new Set<number>();
      newAddons = addOnIds.filter((id) => !heldDirect.has(id));
      if (newAddons.length) {
        const was = [...heldDirect].map((id) => addonNameById.get(id) ?? String(id)).sort();
        const is = [...was, ...newAddons.map((id) => addonNameById.get(id)!)].sort();
        before.productLicenses = was;
        after.productLicenses = is;
        changes.push({ field: 'productLicenses', before: listText(was), after: listText(is) });
      }
      const above = ctx.aboveCaller.get(inLicense.userId);
      if (changes.length && above) problem('', above);
    }

    const status = problems.length ? 'refused' : !inLicense ? 'new' : changes.length ? 'changed' : 'unchanged';
    rows.push({ line: record.line, userName, status, changes: status === 'changed' ? changes : [], problems });
    if (status === 'refused' || status === 'unchanged') continue;

    // The seats the row takes: product licences the user comes to hold, directly or through a new group.
    const held = inLicense ? (ctx.heldAddonsOf.get(inLicense.userId) ?? new Set<number>()) : new Set<number>();
    const gained = new Set([...newAddons, ...newGroups.flatMap((id) => groupById.get(id)!.addOnIds)].filter((id) => !held.has(id)));
    for (const id of gained) gains.set(id, (gains.get(id) ?? 0) + 1);

    if (inLicense) updates.push({ line: record.line, user: inLicense, set, before, after, groupIds: newGroups, addOnIds: newAddons });
    else
      creates.push({ line: record.line, userName, values: { ...(details as Record<DetailField, string>), isSsoUser: isSsoUser ?? false }, groupIds, addOnIds });
  }

  const offerById = new Map([...ctx.addons.values()].map((a) => [a.addOnId, a]));
  const seats: UserImportSeat[] = [...gains]
    .map(([addOnId, needed]) => {
      const maxUsers = offerById.get(addOnId)?.maxUsers ?? 0;
      const used = ctx.seatsUsed.get(addOnId) ?? 0;
      const free = maxUsers < 0 ? null : Math.max(0, maxUsers - used);
      return { addOnId, name: offerById.get(addOnId)?.name ?? String(addOnId), needed, used, maxUsers, free, over: free !== null && needed > free };
    })
    .sort((a, b) => a.name.localeCompare(b.name));

  const counts: UserImportCounts = { rows: rows.length, new: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const row of rows) counts[row.status]++;
  return {
    rows,
    counts,
    seats,
    unknownGroups: [...unknownGroups.values()].sort((a, b) => a.localeCompare(b)),
    canApply: creates.length + updates.length > 0 && !seats.some((s) => s.over),
    creates,
    updates,
  };
}
