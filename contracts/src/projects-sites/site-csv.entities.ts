/**
 * A project's site hierarchy as CSV (ours, issue 27): the columns of GET projects/{projectId}/sites.csv
 * and the answer of POST projects/{projectId}/sites/import — the resulting tree, each site marked
 * new, renamed, moved or unchanged, and each row's problems with its line.
 */
import * as v from 'valibot';
import { int, strictTree, tolerant, tolerantTree } from '../common/fields';

/** The columns of a site file, in the order the export writes them. */
export const SITE_CSV_COLUMNS = ['siteId', 'parentId', 'path', 'name', 'active', 'siteClass'] as const;
export type SiteCsvColumn = (typeof SITE_CSV_COLUMNS)[number];

/** The most rows (sites) one file imports, and its largest size in bytes. */
export const SITE_CSV_MAX_ROWS = 10_000;
export const SITE_CSV_MAX_BYTES = 2 * 1024 * 1024;

/** A node of the import's preview: a site as the file leaves it. */
export type SiteImportNode = {
  /** Null for a site the file creates. */
  siteId: number | null;
  name: string;
  active: boolean;
  /** The site's name before the import, when the file renames it. */
  renamedFrom: string | null;
  /** The path of the site's parent before the import ('' for the top level), when the file moves it. */
  movedFrom: string | null;
  /** The file's line of this site; null for a site of the project the file leaves out. */
  line: number | null;
  children: SiteImportNode[];
};

/** A node's own fields of the import's preview as the API answers them. */
const SiteImportNodeFieldsSchema = v.object({
  siteId: v.nullable(int),
  name: v.string(),
  active: v.boolean(),
  renamedFrom: v.nullable(v.string()),
  movedFrom: v.nullable(v.string()),
  line: v.nullable(int),
});

/** A node of the import's preview as the API answers it. */
export const SiteImportNodeReplySchema: v.GenericSchema<SiteImportNode> = strictTree(SiteImportNodeFieldsSchema);

/** A node of the import's preview as the console reads it. */
export const SiteImportNodeSchema: v.GenericSchema<unknown, SiteImportNode> = tolerantTree(SiteImportNodeFieldsSchema, {
  active: v.optional(v.boolean(), true),
  renamedFrom: v.nullish(v.string(), null),
  movedFrom: v.nullish(v.string(), null),
  line: v.nullish(int, null),
});

/** A row's problem (it stops the import) or note (it does not), with its 1-based line (0: the whole file). */
export const SiteImportIssueReplySchema = v.object({ line: int, message: v.string() });
export const SiteImportIssueSchema = tolerant(SiteImportIssueReplySchema);
export type SiteImportIssue = v.InferOutput<typeof SiteImportIssueSchema>;

/** How many rows the file has, and what they do. */
export const SiteImportCountsReplySchema = v.object({ rows: int, created: int, renamed: int, moved: int, unchanged: int });

/** The answer of an import as the API answers it: its preview (dryRun) or what it did. */
export const SiteImportServerReplySchema = v.object({
  /** True once the changes are saved; false for a dry run. */
  applied: v.boolean(),
  /** The project's sites as the file leaves them (rows with problems left out), each level by name. */
  tree: v.array(SiteImportNodeReplySchema),
  counts: SiteImportCountsReplySchema,
  /** Sites of the project (that the caller sees) the file does not name: they stay as they are. */
  notInFile: int,
  problems: v.array(SiteImportIssueReplySchema),
  notes: v.array(SiteImportIssueReplySchema),
  Message: v.optional(v.string()),
});

/** The answer of an import: its preview (dryRun) or what it did. */
export const SiteImportReplySchema = tolerant(SiteImportServerReplySchema, {
  tree: v.array(SiteImportNodeSchema),
  counts: tolerant(SiteImportCountsReplySchema),
  problems: v.array(SiteImportIssueSchema),
  notes: v.optional(v.array(SiteImportIssueSchema), () => []),
});
export type SiteImportReply = v.InferOutput<typeof SiteImportReplySchema>;
