/**
 * Roles (permissions) and role groups. A role group belongs to a product: its roles can be
 * given only to holders of that add-on ('Assign a Product to modify roles.').
 */
import * as v from 'valibot';
import { int, list, maybeInt, text } from '../common/fields';

/** A role; `appliedToUser` and `fromUserGroup` are set when the answer is about one user, group or key. */
export const RoleItemSchema = v.looseObject({
  roleId: int,
  name: v.string(),
  friendlyName: text(),
  description: text(),
  /** The group's name (or id); the spec names the field without its type. */
  roleGroup: v.nullish(v.union([v.string(), int])),
  appliedToUser: v.optional(v.boolean(), false),
  /** Granted through a user group: shown disabled, badged 'User Group'. */
  fromUserGroup: v.optional(v.boolean(), false),
  /** Ours, beyond the spec: held directly, and the user groups that grant it (why the user has it). */
  direct: v.optional(v.boolean(), false),
  userGroups: list(v.string()),
  /** Ours: an administrative role (given only by someone who holds it) rather than a product role. */
  administrative: v.optional(v.boolean(), false),
  /** Ours: whether the caller may give or remove the role (the privilege ceiling), and why not. */
  givable: v.optional(v.boolean(), true),
  whyNotGivable: v.optional(v.string()),
});
export type RoleItem = v.InferOutput<typeof RoleItemSchema>;

/** A role group with its roles. */
export const RoleGroupSchema = v.looseObject({
  roleGroupId: int,
  name: v.string(),
  /** The add-on whose holders may be given these roles; null: anyone. */
  addOnId: maybeInt(),
  /**
   * Ours: set when the holder lacks this group's product licence (its name): the group then
   * lists only the roles still held, shown flagged so they can be removed.
   */
  missingProduct: v.optional(v.string()),
  roles: v.array(RoleItemSchema),
});
export type RoleGroup = v.InferOutput<typeof RoleGroupSchema>;

/** A role as one user holds it, as the API answers it: directly, and through which of their groups (beyond the spec: why they have it). */
export const HeldRoleReplySchema = v.object({ ...RoleItemSchema.entries, direct: v.boolean(), userGroups: v.array(v.string()) });

/** A role group with the roles one user holds, as the API answers it. */
export const HeldRoleGroupReplySchema = v.object({ ...RoleGroupSchema.entries, roles: v.array(HeldRoleReplySchema) });

/** A role group with its roles as the API answers it for a group or a key (its roles' entries, each object closed). */
export const RoleGroupReplySchema = v.object({ ...RoleGroupSchema.entries, roles: v.array(v.object({ ...RoleItemSchema.entries })) });
