/** Projects, project trees (user, group and key assignment), project users, default storage and document numbering; and a list of project ids as a body. */
import * as v from 'valibot';
import { flag, int, maybeInt, maybeText, strictTree, text, tolerant, tolerantTree } from '../common/fields';
import { pageOf } from '../common/page';
import { ProjectMessages } from './projects-sites.messages';

/** The project list's sortable columns. */
export const PROJECT_SORTS = ['projectId', 'name', 'description', 'licenseId', 'licenseName'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

/** A node of a project tree with the checkbox state of one user, group or key. */
export type ProjectTreeNode = {
  projectId: number;
  name: string;
  description: string;
  licenseId?: number | null;
  parentProjectId?: number | null;
  isActive: boolean;
  /** Assigned to the user (or group) the tree was asked for. */
  assignedTo: boolean;
  fromUserGroup: boolean;
  children: ProjectTreeNode[];
  [key: string]: unknown;
};

/** A project tree node's own fields as the API answers them (for one user, group or key). */
const ProjectTreeNodeFieldsSchema = v.object({
  projectId: int,
  name: v.string(),
  description: v.string(),
  licenseId: v.nullable(int),
  parentProjectId: v.nullable(int),
  isActive: v.boolean(),
  assignedTo: v.boolean(),
  /** Assigned through one of the user's groups: shown, changed on the group. */
  fromUserGroup: v.boolean(),
});

/** A node of a project tree for one user or group as the API answers it: its children are nodes alike. */
export const ProjectTreeNodeReplySchema = strictTree(ProjectTreeNodeFieldsSchema);

export const ProjectTreeNodeSchema: v.GenericSchema<unknown, ProjectTreeNode> = tolerantTree(ProjectTreeNodeFieldsSchema, {
  description: text(),
  licenseId: maybeInt(),
  parentProjectId: maybeInt(),
  isActive: flag(true),
  assignedTo: flag(),
  fromUserGroup: flag(),
});

/** GET projects/{projectId}/users, as the API answers it. */
export const ProjectUserReplySchema = v.object({
  userId: int,
  userName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  isApproved: v.boolean(),
});

/** GET projects/{projectId}/users. */
export const ProjectUserSchema = tolerant(ProjectUserReplySchema, { firstName: text(), lastName: text(), email: text(), isApproved: flag(true) });
export type ProjectUser = v.InferOutput<typeof ProjectUserSchema>;

/** The project's default storage location, as the API answers it. */
export const DefaultStorageSiteReplySchema = v.object({ siteId: int, siteHierarchy: v.string() });

/** GET project/{projectId}/default-storage as the API answers it: the location, or null. */
export const DefaultStorageReplySchema = v.nullable(DefaultStorageSiteReplySchema);

/** GET project/{projectId}/default-storage: the project's default storage location, or null. */
export const DefaultStorageSchema = v.nullable(tolerant(DefaultStorageSiteReplySchema, { siteHierarchy: text() }));
export type DefaultStorage = v.InferOutput<typeof DefaultStorageSchema>;

/** A document type's numbering as the API answers it; `value` is the next number. */
export const DocumentNumberingReplySchema = v.object({
  property: v.string(),
  label: v.string(),
  prefix: v.string(),
  value: int,
  parentProperty: v.nullable(v.string()),
});

/** A document type's numbering; `value` is the next number. */
export const DocumentNumberingSchema = tolerant(DocumentNumberingReplySchema, { prefix: text(), parentProperty: maybeText() });
export type DocumentNumbering = v.InferOutput<typeof DocumentNumberingSchema>;

/** One row of the update's answer as the API answers it; `success` false means it changed elsewhere (to `actualNextNumber`). */
export const DocumentNumberingResultReplySchema = v.object({
  resourceType: v.string(),
  expectedNextNumber: int,
  newNextNumber: int,
  actualNextNumber: v.nullable(int),
  success: v.boolean(),
});

/** One row of the update's answer; `success` false means it changed elsewhere (to `actualNextNumber`). */
export const DocumentNumberingResultSchema = tolerant(DocumentNumberingResultReplySchema, {
  resourceType: v.union([v.string(), int]),
  expectedNextNumber: v.optional(int),
  newNextNumber: v.optional(int),
  actualNextNumber: v.nullish(int),
});
export type DocumentNumberingResult = v.InferOutput<typeof DocumentNumberingResultSchema>;

/** A project as the API answers it, with `numberOfUsers` (direct or through a user group). */
export const ProjectReplySchema = v.object({
  projectId: int,
  name: v.string(),
  description: v.string(),
  licenseId: v.nullable(int),
  licenseName: v.nullable(v.string()),
  environmentId: v.nullable(int),
  parentProjectId: v.nullable(int),
  rootProjectId: v.nullable(int),
  isActive: v.boolean(),
  numberOfUsers: int,
});

/** A project as the console reads it. */
export const ProjectSchema = tolerant(ProjectReplySchema);
export type Project = v.InferOutput<typeof ProjectSchema>;

/** A page of the project list (GET projects/page). */
export const ProjectPageSchema = pageOf(ProjectSchema);
export type ProjectPage = v.InferOutput<typeof ProjectPageSchema>;

/** The most project ids a body may list. */
export const MAX_PROJECT_IDS = 1000;
/** The largest id an integer column holds. */
const MAX_ID = 2_147_483_647;

/**
 * A list of project ids as a body (the workflows, preservations or configs of these projects):
 * at most 1000 whole numbers from 0.
 */
export const ProjectIdsBodySchema = v.pipe(
  v.array(
    v.pipe(
      v.number(ProjectMessages.projectIdNumber),
      v.integer(ProjectMessages.projectIdWhole),
      v.minValue(0, ProjectMessages.projectIdNegative),
      v.maxValue(MAX_ID, ProjectMessages.projectIdRange),
    ),
    ProjectMessages.projectIds,
  ),
  v.maxLength(MAX_PROJECT_IDS, ProjectMessages.projectIdsTooMany(MAX_PROJECT_IDS)),
);
