/** What the new project page reads and the mutation that creates the project. */
import { queryOptions } from '@tanstack/react-query';
import { getLicenseEnvironments } from 'contracts/auth';
import { createProject, ProjectMessages } from 'contracts/projects-sites';
import { historyKeys } from 'kit';
import { shownOnFields, useNotifyingMutation } from 'shared';
import { projectKeys } from './projects.api';

/** The environments of one licence: a project's environment is one of its licence's (the API's rule). */
export const licenseEnvironmentsQuery = (licenseId: number) =>
  queryOptions({ queryKey: ['projects-sites', 'environments', licenseId] as const, queryFn: () => getLicenseEnvironments(licenseId), staleTime: 5 * 60_000 });

/**
 * Creates a project (spec 2: 'Project added', 'Failed to add project'). A taken name, an
 * unknown environment or parent is shown under its field; anything else (the licence's project
 * limit) is the toast, with the server's text.
 */
export function useCreateProject() {
  return useNotifyingMutation({
    mutationFn: (body: Parameters<typeof createProject>[0]) => createProject(body),
    invalidates: [projectKeys.all, historyKeys.all],
    success: ProjectMessages.added,
    failure: ProjectMessages.addFailed,
    shownByForm: shownOnFields('name', 'description', 'licenseId', 'environmentId', 'parentProjectId'),
  });
}
