/**
 * What the role, product licence and project editors of users, user groups and API keys share:
 * the role catalogue in its groups, and a licence's projects as a tree.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { UserMessages } from 'contracts/identity/model';
import type { Db, Tx } from '../db/client';
import { addons, projects, roleGroups, roles } from '../db/schema';
import type { Caller } from '../http/auth';
import { badRequest } from '../http/errors';
import type { Scope } from '../http/scope';
import { assertRoleChangeAllowed, type Grantee, whyNotGivable } from './ceiling';
import { visibleProjectsWhere } from './project-visibility';
import { offeredAddons } from './seats';

/** Every role with its group, in catalogue order. */
export async function catalogue(db: Db | Tx) {
  return db
    .select({
      roleId: roles.roleId,
      name: roles.name,
      friendlyName: roles.friendlyName,
      description: roles.description,
      administrative: roles.administrative,
      roleGroupId: roleGroups.roleGroupId,
      groupName: roleGroups.name,
      addOnId: roleGroups.addOnId,
      addOnName: addons.name,
    })
    .from(roles)
    .innerJoin(roleGroups, eq(roleGroups.roleGroupId, roles.roleGroupId))
    .leftJoin(addons, eq(addons.addOnId, roleGroups.addOnId))
    .orderBy(asc(roleGroups.sortOrder), asc(roles.name));
}
export type CatalogueRole = Awaited<ReturnType<typeof catalogue>>[number];

/** A role group as the editors answer it; `missingProduct` names the product licence the holder lacks for the roles it still holds. */
export type EditorRoleGroup<T> = {
  roleGroupId: number;
  name: string;
  addOnId: number | null;
  missingProduct?: string;
  roles: T[];
};

/**
 * The catalogue's rows as role groups, each role made by `item`. With `products` (what the
 * holder has), a group of a product licence not among them is marked `missingProduct`.
 */
export function inGroups<T>(rows: CatalogueRole[], item: (row: CatalogueRole) => T, products?: ReadonlySet<number>): EditorRoleGroup<T>[] {
  const groups = new Map<number, EditorRoleGroup<T>>();
  for (const row of rows) {
    let group = groups.get(row.roleGroupId);
    if (!group) {
      const missing = products !== undefined && row.addOnId !== null && !products.has(row.addOnId);
      group = {
        roleGroupId: row.roleGroupId,
        name: row.groupName,
        addOnId: row.addOnId,
        ...(missing ? { missingProduct: row.addOnName ?? `Product license ${row.addOnId}` } : {}),
        roles: [],
      };
      groups.set(row.roleGroupId, group);
    }
    group.roles.push(item(row));
  }
  return [...groups.values()];
}

/**
 * The role groups a role editor shows a holder of the add-ons `products` (a user, a user group,
 * an API key): those of its products (none without a product: 'Assign a Product to modify …'),
 * and every role it holds whatever its product, so nothing held is out of sight. A held role
 * whose product licence the holder lacks comes in its group marked `missingProduct`, with only
 * the held roles: it can be removed, not given again until the product is (issue 22).
 */
export function editorGroups<T>(
  rows: CatalogueRole[],
  products: ReadonlySet<number>,
  isHeld: (roleId: number) => boolean,
  item: (row: CatalogueRole) => T,
): EditorRoleGroup<T>[] {
  const offered = (row: CatalogueRole) => products.size > 0 && (row.addOnId === null || products.has(row.addOnId));
  return inGroups(
    rows.filter((row) => offered(row) || isHeld(row.roleId)),
    item,
    products,
  );
}

export interface ProjectNode {
  projectId: number;
  name: string;
  description: string;
  licenseId: number | null;
  parentProjectId: number | null;
  isActive: boolean;
  assignedTo: boolean;
  fromUserGroup: boolean;
  children: ProjectNode[];
}

/** Projects as a tree: each under its parent when the parent is listed, else at the top; by name. */
export function projectTree(nodes: ProjectNode[]): ProjectNode[] {
  const byId = new Map(nodes.map((node) => [node.projectId, node]));
  const top: ProjectNode[] = [];
  for (const node of nodes) {
    const parent = node.parentProjectId === null ? undefined : byId.get(node.parentProjectId);
    (parent && parent !== node ? parent.children : top).push(node);
  }
  return top;
}

/** What the projects of a licence look like in an editor, before the holder's marks. */
export const projectFields = {
  projectId: projects.projectId,
  name: projects.name,
  description: projects.description,
  licenseId: projects.licenseId,
  parentProjectId: projects.parentProjectId,
  isActive: projects.isActive,
};

/** The projects of `licenseId` the caller sees (spec 1 §6), by name: what an editor offers. */
export async function licenseProjects(db: Db, caller: Caller, scope: Scope, licenseId: number) {
  return db
    .select(projectFields)
    .from(projects)
    .where(and(await visibleProjectsWhere(db, caller, scope), eq(projects.licenseId, licenseId)))
    .orderBy(sql`lower(${projects.name})`, projects.projectId);
}

/** The tree of `rows`, each marked assigned when `assigned` holds it. */
export function markedTree(rows: Awaited<ReturnType<typeof licenseProjects>>, assigned: Set<number>, fromUserGroup: Set<number> = new Set()) {
  return projectTree(rows.map((row) => ({ ...row, assignedTo: assigned.has(row.projectId), fromUserGroup: fromUserGroup.has(row.projectId), children: [] })));
}

const names = (list: string[]) => list.join(', ');

/** A role of the catalogue as every reply shows it: its names, description, group and kind. */
export function catalogueRole(row: CatalogueRole) {
  return {
    roleId: row.roleId,
    name: row.name,
    friendlyName: row.friendlyName,
    description: row.description,
    roleGroup: row.groupName,
    administrative: row.administrative,
  };
}

/**
 * A role as the role editors show it to `caller`: its kind, and whether the caller may give or
 * remove it (with the reason when not, domain/ceiling.ts), besides what the grantee holds.
 */
export function offeredRole(row: CatalogueRole, caller: Caller, scope: Scope, grantee: Grantee) {
  const why = whyNotGivable(caller, scope, row, grantee);
  return {
    ...catalogueRole(row),
    givable: why === undefined,
    ...(why === undefined ? {} : { whyNotGivable: why }),
  };
}

/**
 * The role groups a holder of the add-ons `products` sees (editorGroups), each role marked as
 * held when `held` has it (a user group or an API key holds roles only directly).
 */
export function rolesOffered(rows: CatalogueRole[], products: Set<number>, held: Set<number>, caller: Caller, scope: Scope, grantee: Grantee) {
  return editorGroups(
    rows,
    products,
    (roleId) => held.has(roleId),
    (row) => ({
      ...offeredRole(row, caller, scope, grantee),
      appliedToUser: held.has(row.roleId),
      fromUserGroup: false,
      direct: held.has(row.roleId),
      userGroups: [] as string[],
    }),
  );
}

/**
 * Checks a change of roles from `before` to `wanted`: each wanted role exists, each added one
 * has its product among `products` (400; a role already held without its product may stay, so
 * saving other roles never fails on it, and may be removed), and the caller may give or remove
 * every role that changes (403, the privilege ceiling). Call it inside the transaction that
 * writes, with what it read.
 */
export function assertRolesGivable(
  rows: CatalogueRole[],
  wanted: number[],
  before: Iterable<number>,
  products: Set<number>,
  caller: Caller,
  scope: Scope,
  grantee: Grantee,
): void {
  const byId = new Map(rows.map((row) => [row.roleId, row]));
  if (wanted.some((id) => !byId.has(id))) throw badRequest(UserMessages.roleUnknown);
  const had = new Set(before);
  const withoutProduct = wanted
    .filter((id) => !had.has(id))
    .map((id) => byId.get(id)!)
    .filter((role) => role.addOnId !== null && !products.has(role.addOnId));
  if (withoutProduct.length) throw badRequest(UserMessages.roleNeedsProduct(names(withoutProduct.map((role) => role.friendlyName))));
  assertRoleChangeAllowed(caller, scope, byId, had, wanted, grantee);
}

/**
 * Checks add-ons about to be held together: each offered by the licence (a limit other than
 * 0), and vendor and non-vendor product licences never together (spec 1 §5).
 */
export async function assertAddonsOffered(db: Db | Tx, licenseId: number, addOnIds: number[]): Promise<void> {
  const offer = await offeredAddons(db, licenseId);
  const notOffered = addOnIds.find((addOnId) => !offer.get(addOnId)?.maxUsers);
  if (notOffered !== undefined) {
    const [named] = await db.select({ name: addons.name }).from(addons).where(eq(addons.addOnId, notOffered));
    throw badRequest(UserMessages.addonNotOffered(named?.name ?? `Product license ${notOffered}`));
  }
  const isVendor = (addOnId: number) => offer.get(addOnId)?.category === 'VENDOR';
  if (addOnIds.some(isVendor) && addOnIds.some((id) => !isVendor(id))) throw badRequest(UserMessages.vendorExclusive);
}

/** Checks that every project is one of the licence's that the caller sees. */
export async function assertProjectsVisible(db: Db, caller: Caller, scope: Scope, licenseId: number, projectIds: number[]): Promise<void> {
  if (projectIds.length === 0) return;
  const visible = new Set((await licenseProjects(db, caller, scope, licenseId)).map((row) => row.projectId));
  if (projectIds.some((id) => !visible.has(id))) throw badRequest(UserMessages.projectUnknown);
}
