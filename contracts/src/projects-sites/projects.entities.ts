/** Project bodies, project trees (user, group and key assignment), project users, default storage and document numbering. */
import * as v from 'valibot';
import { flag, int, maybeInt, maybeText, text } from '../common/fields';
import { pageOf } from '../common/page';

/** Body of POST project (and, partly, POST project/{projectId}). */
export const ProjectInputSchema = v.object({
  name: v.string(),
  description: v.string(),
  /** Only with ACCESS_ALL_CUSTOMER_LICENCES; otherwise the caller's licence. */
  licenseId: v.optional(v.nullable(int)),
  environmentId: v.optional(v.nullable(int)),
  parentProjectId: v.optional(v.nullable(int)),
});
export type ProjectInput = v.InferOutput<typeof ProjectInputSchema>;

export const ProjectUpdateSchema = v.partial(ProjectInputSchema);
export type ProjectUpdate = v.InferOutput<typeof ProjectUpdateSchema>;

/** Query of GET projects. */
export type ProjectListQuery = { licenseId?: number; state?: 'all' | 'active' | 'inactive'; filter?: string };

/** The project list's sortable columns. */
export const PROJECT_SORTS = ['projectId', 'name', 'description', 'licenseId', 'licenseName'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

/** Query of GET projects/page: GET projects' filters, a zero-based page and an order. */
export type ProjectPageQuery = ProjectListQuery & { page?: number; pageSize?: number; sort?: ProjectSort; dir?: 'asc' | 'desc' };

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

export const ProjectTreeNodeSchema: v.GenericSchema<unknown, ProjectTreeNode> = v.looseObject({
  projectId: int,
  name: v.string(),
  description: text(),
  licenseId: maybeInt(),
  parentProjectId: maybeInt(),
  isActive: flag(true),
  assignedTo: flag(),
  /** For one user: assigned through one of their user groups (shown, changed on the group). */
  fromUserGroup: flag(),
  children: v.optional(v.array(v.lazy(() => ProjectTreeNodeSchema)), () => []),
});

/** GET projects/{projectId}/users. */
export const ProjectUserSchema = v.looseObject({
  userId: int,
  userName: v.string(),
  firstName: text(),
  lastName: text(),
  email: text(),
  isApproved: flag(true),
});
export type ProjectUser = v.InferOutput<typeof ProjectUserSchema>;

/** GET project/{projectId}/default-storage: the project's default storage location, or null. */
export const DefaultStorageSchema = v.nullable(v.looseObject({ siteId: int, siteHierarchy: text() }));
export type DefaultStorage = v.InferOutput<typeof DefaultStorageSchema>;

/** Body of POST project/{projectId}/default-storage; null clears it. */
export const DefaultStorageUpdateSchema = v.object({ siteId: v.nullable(int) });
export type DefaultStorageUpdate = v.InferOutput<typeof DefaultStorageUpdateSchema>;

/** A document type's numbering; `value` is the next number. */
export const DocumentNumberingSchema = v.looseObject({
  property: v.string(),
  label: v.string(),
  prefix: text(),
  value: int,
  parentProperty: maybeText(),
});
export type DocumentNumbering = v.InferOutput<typeof DocumentNumberingSchema>;

/** Body of POST {projectId}/CentralLogin/autonumbering/update: only the changed rows, with the number read (optimistic concurrency). */
export const DocumentNumberingUpdateSchema = v.array(
  v.object({ resourceType: v.string(), expectedNextNumber: int, newNextNumber: int }),
);
export type DocumentNumberingUpdate = v.InferOutput<typeof DocumentNumberingUpdateSchema>;

/** One row of the update's answer; `success` false means it changed elsewhere (to `actualNextNumber`). */
export const DocumentNumberingResultSchema = v.looseObject({
  resourceType: v.union([v.string(), int]),
  expectedNextNumber: v.optional(int),
  newNextNumber: v.optional(int),
  actualNextNumber: v.nullish(int),
  success: v.boolean(),
});
export type DocumentNumberingResult = v.InferOutput<typeof DocumentNumberingResultSchema>;

export const ProjectSchema = v.looseObject({
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
export type Project = v.InferOutput<typeof ProjectSchema>;

/** A page of the project list (GET projects/page). */
export const ProjectPageSchema = pageOf(ProjectSchema);
export type ProjectPage = v.InferOutput<typeof ProjectPageSchema>;
