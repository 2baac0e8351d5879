/**
 * What a user's projects tab, and a group started from the user, read beyond the project tree:
 * the licences of the user's projects with their counts, and the roles the user holds.
 */
import { queryOptions } from '@tanstack/react-query';
import { getUserProjectLicenses, getUserRoles } from 'contracts/identity';
import { oneUserKeys } from './user.api';

/** Under the tree's keys, so a save of projects (which refreshes every 'projects' key of the user) refreshes the counts too. */
export const projectLicensesQuery = (name: string) =>
  queryOptions({ queryKey: [...oneUserKeys.all(name), 'projects', 'licenses'], queryFn: () => getUserProjectLicenses(name) });

/** The roles the user holds (directly or through groups), under the roles key, so a save of the user's roles refreshes it. */
export const heldRolesQuery = (name: string, userId: number) =>
  queryOptions({ queryKey: [...oneUserKeys.roles(name), 'held'], queryFn: () => getUserRoles(userId) });
