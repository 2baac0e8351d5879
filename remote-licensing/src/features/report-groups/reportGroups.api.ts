import { queryOptions } from '@tanstack/react-query';
import { getRoleCatalogue } from 'contracts/identity';
import { createReportGroup, deleteReportGroup, getLicenseProjects, getReportGroups, getReports, ReportMessages, type ReportGroup } from 'contracts/licensing';
import { historyKeys } from 'kit';
import { shownOnFields, useNotifyingMutation } from 'shared';

/**
 * Ours: the failures the spec leaves without a text (the server's own text is shown when it
 * sends one). They belong in ReportMessages (contracts/licensing) with the area's other texts.
 */
/** What the new report group form sends (the endpoint's body). */
export type ReportGroupInput = { reportId: number; roleId: number; licenseId?: number | null; projectId?: number | null };

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const reportGroupKeys = {
  all: ['licensing', 'reportGroups'] as const,
  list: () => [...reportGroupKeys.all, 'list'] as const,
  reports: () => ['licensing', 'reports', 'catalogue'] as const,
  roles: () => ['licensing', 'roleCatalogue'] as const,
  projects: (licenseId: number) => ['licensing', 'licenseProjects', licenseId] as const,
};

/** Every report group the caller sees, by report name, role and licence (the server's order). */
export const reportGroupsQuery = () => queryOptions({ queryKey: reportGroupKeys.list(), queryFn: () => getReportGroups() });

/** The report catalogue, for the new group's Report select. */
export const reportsQuery = () => queryOptions({ queryKey: reportGroupKeys.reports(), queryFn: () => getReports(), staleTime: 5 * 60_000 });

/** The role catalogue (role groups with their roles), for the new group's Role select. */
export const roleCatalogueQuery = () => queryOptions({ queryKey: reportGroupKeys.roles(), queryFn: () => getRoleCatalogue(), staleTime: 5 * 60_000 });

/** The projects of the chosen licence, for the new group's Project select. */
export const licenseProjectsQuery = (licenseId: number) =>
  queryOptions({ queryKey: reportGroupKeys.projects(licenseId), queryFn: () => getLicenseProjects(licenseId) });

/** A rule the server checks on a field (an unknown report, a project outside the licence) is shown under it. */
const shownByForm = shownOnFields('reportId', 'roleId', 'licenseId', 'projectId');

export function useCreateReportGroup() {
  return useNotifyingMutation({
    mutationFn: (body: ReportGroupInput) => createReportGroup(body),
    invalidates: [reportGroupKeys.all, historyKeys.all],
    success: ReportMessages.groupAdded,
    failure: ReportMessages.groupAddFailed,
    shownByForm,
  });
}

/** Deletes a group; the toast is the server's answer ('Report group deleted.'). */
export function useDeleteReportGroup() {
  return useNotifyingMutation({
    mutationFn: (group: ReportGroup) => deleteReportGroup(group.reportGroupId),
    invalidates: [reportGroupKeys.all, historyKeys.all],
    success: (reply) => reply?.Message ?? ReportMessages.groupDeleted,
    failure: ReportMessages.groupDeleteFailed,
  });
}
