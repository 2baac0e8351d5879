import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  createUserGroup,
  getAddons,
  getUserGroup,
  getUserGroupProjects,
  getUserGroupRoleInfo,
  exportUserGroups,
  getUserGroupPage,
  previewSetUserGroupAddons,
  previewSetUserGroupProjects,
  previewSetUserGroupRoles,
  previewSetUserGroupUsers,
  setUserGroupAddons,
  setUserGroupProjects,
  setUserGroupRoles,
  setUserGroupUsers,
  updateUserGroupDetails,
  UserGroupMessages,
  type UserGroupCreate,
  USER_GROUP_SORTS,
  type UserGroupSort,
} from 'contracts/identity';
import { useChangePreview, urlParam } from 'kit';
import { messageOf, saveFile, shownOnFields, useNotifyingMutation } from 'shared';
import { userKeys } from '../users/users.api';
import { licenseKeys } from '../users/user.api';

export const GROUPS_PAGE_SIZE = 25;

/**
 * The group list's state in the URL, beside the user list's (`#groups?groupQ=crew&groupSort=userCount&groupDir=desc&groupPage=1`);
 * the licence is the one the user list uses.
 */
export const groupListParams = {
  groupQ: urlParam.string(),
  groupSort: urlParam.oneOf<UserGroupSort>(USER_GROUP_SORTS, 'name'),
  groupDir: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  groupPage: urlParam.number(0),
  licenseId: urlParam.optionalNumber(),
};

export interface GroupListFilter {
  filter: string;
  licenseId: number | null;
  sort: UserGroupSort;
  dir: 'asc' | 'desc';
  page: number;
}

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const groupKeys = {
  all: ['identity', 'userGroups'] as const,
  page: (f: GroupListFilter) => [...groupKeys.all, 'page', f] as const,
  one: (id: number) => [...groupKeys.all, 'one', id] as const,
  roles: (id: number) => [...groupKeys.one(id), 'roles'] as const,
  projects: (id: number) => [...groupKeys.one(id), 'projects'] as const,
};

/** The product licence catalogue, the same for every licence. */
export const addonCatalogueKeys = { all: ['identity', 'addons'] as const };

/** The call's query for the list's filter and order (the page is the list query's). */
const queryOf = (f: Omit<GroupListFilter, 'page'>) => ({ filter: f.filter || undefined, licenseId: f.licenseId ?? undefined, sort: f.sort, dir: f.dir });

/** One page of the group list; the last page stays on screen while the next loads. */
export const groupPageQuery = (f: GroupListFilter) =>
  queryOptions({
    queryKey: groupKeys.page(f),
    queryFn: () => getUserGroupPage({ ...queryOf(f), page: f.page, pageSize: GROUPS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
/** Downloads every group the list's filter and order select, as the server streams it. */
export async function downloadGroups(f: Omit<GroupListFilter, 'page'>): Promise<void> {
  const { blob, fileName } = await exportUserGroups(queryOf(f));
  saveFile(blob, fileName ?? 'user-groups.csv');
}
export const groupQuery = (id: number) => queryOptions({ queryKey: groupKeys.one(id), queryFn: () => getUserGroup(id) });
export const groupRolesQuery = (id: number) => queryOptions({ queryKey: groupKeys.roles(id), queryFn: () => getUserGroupRoleInfo(id) });
export const groupProjectsQuery = (id: number) => queryOptions({ queryKey: groupKeys.projects(id), queryFn: () => getUserGroupProjects({ userGroupId: id }) });
/** The product licence catalogue (names and colours of the badges). */
export const addonCatalogueQuery = queryOptions({ queryKey: addonCatalogueKeys.all, queryFn: () => getAddons(), staleTime: 5 * 60_000 });

export function useCreateGroup() {
  return useNotifyingMutation({
    mutationFn: (body: UserGroupCreate) => createUserGroup(body),
    invalidates: [groupKeys.all],
    success: UserGroupMessages.created,
    failure: UserGroupMessages.createFailed,
    // A taken name (409) is shown under the name field by the form.
    shownByForm: shownOnFields('name'),
  });
}

export function useRenameGroup(id: number) {
  return useNotifyingMutation({
    mutationFn: (name: string) => updateUserGroupDetails({ userGroupId: id, name }),
    invalidates: [groupKeys.all],
    success: UserGroupMessages.updated,
    failure: UserGroupMessages.updateFailed,
    shownByForm: shownOnFields('name'),
  });
}

/** A group change: what it sets (members, product licences, roles or projects) and the new set of ids. */
export type GroupChange =
  { kind: 'users'; ids: number[] } | { kind: 'addOns'; ids: number[] } | { kind: 'roles'; ids: number[] } | { kind: 'projects'; ids: number[] };

/** What the change would do, without doing it (beyond the spec): the change's own call with `?preview=true`. */
export function previewGroupChange(id: number, change: GroupChange) {
  switch (change.kind) {
    case 'users':
      return previewSetUserGroupUsers({ userGroupId: id, userIds: change.ids });
    case 'addOns':
      return previewSetUserGroupAddons({ userGroupId: id, addOnIds: change.ids });
    case 'roles':
      return previewSetUserGroupRoles({ userGroupId: id, roleIds: change.ids });
    case 'projects':
      return previewSetUserGroupProjects({ userGroupId: id, projectIds: change.ids });
  }
}

/** Sends a group change; its answer says its status (210: the server's warning, nothing changed). */
function changeGroup(id: number, change: GroupChange) {
  switch (change.kind) {
    case 'users':
      return setUserGroupUsers({ userGroupId: id, userIds: change.ids });
    case 'addOns':
      return setUserGroupAddons({ userGroupId: id, addOnIds: change.ids });
    case 'roles':
      return setUserGroupRoles({ userGroupId: id, roleIds: change.ids });
    case 'projects':
      return setUserGroupProjects({ userGroupId: id, projectIds: change.ids });
  }
}

/** Applies a group change; a 210 (seats would run out) is the server's warning, and nothing changed. Members' views refresh. */
export function useChangeGroup(id: number) {
  return useNotifyingMutation({
    mutationFn: (change: GroupChange) => changeGroup(id, change),
    // The licence's seats change too; awaited with the rest, so the product licence editor
    // (keyed on them) starts again before the toast, not under an edit begun on it.
    invalidates: [groupKeys.all, userKeys.all, licenseKeys.all],
    success: UserGroupMessages.updated,
    warningOf: (reply) => (reply.status === 210 ? messageOf(reply.body) : undefined),
    failure: UserGroupMessages.updateFailed,
  });
}

/** Saves a change of the group, first showing what it does when it reaches more than one user (render `dialog`). */
export function useGroupSave(id: number) {
  const change = useChangeGroup(id);
  const preview = useChangePreview();
  const save = (next: GroupChange, affected: number) =>
    preview.confirm(
      affected,
      () => previewGroupChange(id, next),
      () => change.mutate(next),
    );
  return { save, saving: change.isPending, dialog: preview.dialog };
}
