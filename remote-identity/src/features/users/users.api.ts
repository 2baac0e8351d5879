import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  assignUsersToUserGroup,
  ChangeMessages,
  exportUsers,
  getUserGroups,
  getUsers,
  removeUsersFromUserGroups,
  updateUser,
  USER_SORTS,
  UserGroupMessages,
  UserMessages,
  type UserListItem,
  type UserPage,
  type UserSort,
} from 'contracts/identity';
import { messageOf, saveFile, useNotifyingMutation } from 'shared';
import { urlParam } from 'kit';
import { OPENING_FILTER, queryOf, userListRequest, type UserListFilter } from './users.list';

export { USERS_PAGE_SIZE, type UserListFilter } from './users.list';

/** The list's state in the URL (`?q=ann&sort=companyName&dir=desc&page=2&licenseId=3`). */
export const userListParams = {
  q: urlParam.string(),
  sort: urlParam.oneOf<UserSort>(USER_SORTS, OPENING_FILTER.sort),
  dir: urlParam.oneOf(['asc', 'desc'] as const, OPENING_FILTER.dir),
  page: urlParam.number(0),
  licenseId: urlParam.optionalNumber(),
};

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const userKeys = {
  all: ['identity', 'users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (f: UserListFilter) => [...userKeys.lists(), f] as const,
  /** Everything about one user (user.api.ts's keys start here). */
  one: (name: string) => [...userKeys.all, 'one', name.toLowerCase()] as const,
  /** A group's member search among the users of its licence. */
  memberSearch: (licenseId: number, text: string) => [...userKeys.all, 'memberSearch', licenseId, text] as const,
};

/**
 * What the users feature reads of the user groups: under the group feature's prefix
 * (`groupKeys.all`), so a group change refreshes it. Written here, not imported, because
 * userGroups.api.ts imports this file.
 */
export const userGroupChoiceKeys = {
  all: ['identity', 'userGroups'] as const,
  list: (licenseId: number | null) => [...userGroupChoiceKeys.all, 'list', licenseId] as const,
};

export const userListQuery = (f: UserListFilter) =>
  queryOptions({
    queryKey: userKeys.list(f),
    queryFn: () => getUsers(userListRequest(f)),
    placeholderData: keepPreviousData,
  });

/** The users of a licence whose user name, e-mail, name or company match `text` (20 at a time). */
export const memberSearchQuery = (licenseId: number, text: string) =>
  queryOptions({
    queryKey: userKeys.memberSearch(licenseId, text),
    queryFn: () => getUsers({ filter: text, licenseId, pageSize: 20, page: 0, sort: 'userName', dir: 'asc' }),
    enabled: text.length > 0,
  });

/** Downloads every user the list's filters keep, in its order, as the server's CSV. */
export async function downloadUsers(f: Omit<UserListFilter, 'page'>): Promise<void> {
  const { blob, fileName } = await exportUsers(queryOf(f));
  saveFile(blob, fileName ?? 'users.csv');
}

/** The Active (isApproved) and Locked (isLockedOut) flags the list's badges toggle. */
export type UserFlag = 'isApproved' | 'isLockedOut';

/** A badge's change: the flag of `user` set to `value`; `undo` when it takes back the previous change. */
export interface UserFlagChange {
  user: UserListItem;
  flag: UserFlag;
  value: boolean;
  undo?: boolean;
}

/** The toast of a flag change. */
export function flagChangedMessage({ user, flag, value }: UserFlagChange): string {
  if (flag === 'isApproved') return value ? UserMessages.activated(user.userName) : UserMessages.deactivated(user.userName);
  return value ? UserMessages.locked(user.userName) : UserMessages.unlocked(user.userName);
}

/**
 * Toggles a flag from the list (spec 1 §2, §4): the badge changes at once, is undone if the
 * save fails (with the server's message), and once saved its toast offers Undo (which sets
 * the flag back the same way; its own toast offers no Undo again).
 */
export function useToggleUserFlag() {
  const client = useQueryClient();
  const setFlag = (userId: number, flag: UserFlag, value: boolean) =>
    client.setQueriesData<UserPage>({ queryKey: userKeys.lists() }, (page) =>
      page ? { ...page, items: page.items.map((item) => (item.userId === userId ? { ...item, [flag]: value } : item)) } : page,
    );
  const toggle = useNotifyingMutation({
    mutationFn: ({ user, flag, value }: UserFlagChange) => updateUser(user.userName, { [flag]: value }),
    optimistic: { apply: ({ user, flag, value }) => setFlag(user.userId, flag, value), revert: ({ user, flag, value }) => setFlag(user.userId, flag, !value) },
    // The user's view is read again; the lists are only marked stale, so the row stays in sight
    // (under Active only too) with its Undo, and the next visit to a list reads it afresh.
    invalidates: (_reply, { user }) => [userKeys.one(user.userName)],
    marksStale: [userKeys.lists()],
    success: (_reply, change) => flagChangedMessage(change),
    successAction: (_reply, change) =>
      change.undo ? undefined : { label: ChangeMessages.undo, onClick: () => toggle.mutate({ ...change, value: !change.value, undo: true }) },
    failure: UserMessages.saveFailed,
  });
  return toggle;
}

/** The user groups of a licence, for the list's bulk assignment. */
export const userGroupsQuery = (licenseId: number | null) =>
  queryOptions({ queryKey: userGroupChoiceKeys.list(licenseId), queryFn: () => getUserGroups(licenseId === null ? {} : { licenseId }), staleTime: 30_000 });

/** Adds the selected users to a group; a 210 (seats would run out) is the server's warning, and nothing changed. */
export function useAssignToGroup(onDone: () => void) {
  return useNotifyingMutation({
    mutationFn: (body: { userGroupId: number; userIds: number[] }) => assignUsersToUserGroup(body),
    invalidates: [userKeys.all, userGroupChoiceKeys.all],
    success: (reply) => messageOf(reply.body),
    warningOf: (reply) => (reply.status === 210 ? messageOf(reply.body) : undefined),
    failure: UserGroupMessages.assignFailed,
    onSuccess: (reply) => {
      if (reply.status !== 210) onDone();
    },
  });
}

/** Takes the selected users out of their groups (or of one group). */
export function useUnassignFromGroups(onDone: () => void) {
  return useNotifyingMutation({
    mutationFn: (body: { userIds: number[]; userGroupId?: number }) => removeUsersFromUserGroups(body),
    invalidates: [userKeys.all, userGroupChoiceKeys.all],
    success: (reply) => reply.Message,
    failure: UserGroupMessages.unassignFailed,
    onSuccess: onDone,
  });
}
