/**
 * User groups (contract area identity): the definitions of the calls the user list needs —
 * the groups of a licence, and bulk assignment and unassignment of users. user-groups.handlers.ts does them.
 */
import * as v from 'valibot';
import { UserGroupMessages, UserGroupSchema } from 'contracts/identity/model';
import { PORTAL_ROLES, Role } from 'shared/roles';
import { licenseIdQuery } from '../../http/params';
import { anyRole, route } from '../../http/route';
import { MessageSchema } from '../users/users.service';

const int = v.pipe(v.number(), v.integer());
const userIds = (message: string) => v.pipe(v.optional(v.array(int, message), []), v.minLength(1, message), v.maxLength(5000));

/** Who assigns users to groups (spec 1 §6: user administration or role administration). */
export const GROUP_ASSIGN_ROLES = [Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE] as const;

export const AssignBodySchema = v.object({
  userGroupId: v.pipe(v.optional(v.nullable(v.number(UserGroupMessages.assignNeeds)), null), v.check((id) => typeof id === 'number' && Number.isInteger(id), UserGroupMessages.assignNeeds), v.transform((id) => id as number)),
  userIds: userIds(UserGroupMessages.assignNeeds),
});
export const RemoveBodySchema = v.object({ userIds: userIds(UserGroupMessages.unassignNeeds), userGroupId: v.optional(int) });

export const userGroupSpecs = {
  getUserGroups: route({
    method: 'GET',
    path: 'userGroup/getAll',
    area: 'identity',
    summary: 'User groups by name, with member count and what each grants: the caller’s licence’s, or a chosen licence’s (every licence’s for a super administrator who names none).',
    access: anyRole(...PORTAL_ROLES),
    query: v.object(licenseIdQuery),
    response: v.array(v.object({ ...UserGroupSchema.entries, userCount: int, licenseName: v.string() })),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  assignUsersToUserGroup: route({
    method: 'POST',
    path: 'userGroup/update/userUserGroup',
    area: 'identity',
    summary: 'Adds users to a user group (the user list’s bulk assign); users already in it stay.',
    description:
      'Every user must belong to the group’s licence. The group’s product licences reach its new members, so seat limits hold: when one would be passed nothing changes and the answer is 210 with the spec’s message naming the add-ons.',
    access: anyRole(...GROUP_ASSIGN_ROLES),
    body: AssignBodySchema,
    response: MessageSchema,
    answers: { 210: 'Nothing changed: a seat limit would be passed.', 400: 'No group or no user, or a user of another licence.', 404: 'No such group in the caller’s scope.' },
  }),

  removeUsersFromUserGroups: route({
    method: 'POST',
    path: 'userGroup/deleteUsersByUserGroup',
    area: 'identity',
    summary: 'Takes users out of one user group, or out of all their groups when no `userGroupId` is named (the user list’s bulk unassign).',
    access: anyRole(...GROUP_ASSIGN_ROLES),
    body: RemoveBodySchema,
    response: MessageSchema,
    answers: { 400: 'No user named.', 404: 'A group or user outside the caller’s scope.' },
  }),
};
