/**
 * What a user group started from a user copies (spec 1 §2: the user's projects and/or roles and
 * product licences), and what it leaves out with the reason (issue 22: a role held without its
 * product licence made the whole copy fail with a 400).
 */
import { AccessMessages, type RoleGroup, type UserProjectLicense } from 'contracts/identity';
import type { ProjectTreeNode } from 'contracts/projects-sites';
import { flatten } from '../access/ProjectsEditor';

/** What the user holds, as the page read it: role groups (roleInfo), product licences, their licence's project tree, and their licences' counts. */
export interface CopySource {
  userName: string;
  roles?: RoleGroup[];
  addOnIds?: number[];
  projects?: ProjectTreeNode[];
  licenses?: UserProjectLicense[];
}

/** The body parts of the new group, and what was left out (each line says what and why). */
export interface GroupCopy {
  RoleIds: number[];
  AddOnIds: number[];
  ProjectIds: number[];
  leftOut: string[];
}

/**
 * The copy: every role the user holds (directly or through a group) that the group can give —
 * not one held without its product licence (a group gives roles of its product licences only),
 * nor one the signed-in user may not give (the privilege ceiling); the product licences; the
 * projects of the user's licence (a group gives its own licence's projects only).
 */
export function groupCopy(source: CopySource, copyRoles: boolean, copyProjects: boolean): GroupCopy {
  const out: GroupCopy = { RoleIds: [], AddOnIds: [], ProjectIds: [], leftOut: [] };
  if (copyRoles) {
    out.AddOnIds = [...(source.addOnIds ?? [])];
    for (const group of source.roles ?? []) {
      for (const role of group.roles.filter((r) => r.appliedToUser)) {
        const name = role.friendlyName || role.name;
        if (group.missingProduct) out.leftOut.push(AccessMessages.copyRoleWithoutProduct(name, group.missingProduct, source.userName));
        else if (!role.givable) out.leftOut.push(AccessMessages.copyRoleNotGivable(name, role.whyNotGivable ?? ''));
        else out.RoleIds.push(role.roleId);
      }
    }
  }
  if (copyProjects) {
    out.ProjectIds = flatten(source.projects ?? [])
      .filter((p) => p.assignedTo || p.fromUserGroup)
      .map((p) => p.projectId);
    for (const license of source.licenses ?? []) {
      if (!license.own && license.projectCount > 0) out.leftOut.push(AccessMessages.copyProjectsOtherLicense(license.projectCount, license.name));
    }
  }
  return out;
}
