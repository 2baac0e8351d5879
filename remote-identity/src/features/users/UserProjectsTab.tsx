import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { UserMessages, type User } from 'contracts/identity';
import type { ProjectTreeNode } from 'contracts/projects-sites';
import { Alert, confirmDiscard, errorMessage, LicenseSelect, Role, Spinner, useHasRole } from 'shared';
import { ProjectsEditor } from '../access/ProjectsEditor';
import { isRefreshingOnMount, useSetProjects, userProjectsQuery } from './user.api';

/**
 * The projects tab (spec 1 §2): Select All Projects, a filter, the licence (super
 * administrators), the project tree with checkboxes; unsaved changes keep a warning up until
 * they are saved. Projects a user group gives are ticked and disabled.
 */
export function UserProjectsTab({ user }: { user: User }) {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [licenseId, setLicenseId] = useState(user.licenseId);
  const tree = useQuery(userProjectsQuery(user.userName, licenseId));
  return (
    <div className="space-y-4">
      {allLicenses ? (
        <LicenseSelect
          value={licenseId}
          allLabel="The user's license"
          // Another licence's tree replaces this one: ticks not saved yet are asked about first.
          onChange={(id) => void confirmDiscard().then((discard) => discard && setLicenseId(id ?? user.licenseId))}
        />
      ) : null}
      {tree.isPending || isRefreshingOnMount(tree) ? <Spinner label="Loading projects" /> : null}
      {tree.isError ? <Alert variant="danger">{errorMessage(tree.error, UserMessages.projectsLoadFailed)}</Alert> : null}
      {tree.data && !isRefreshingOnMount(tree) ? <UserProjectsEditor key={`${licenseId}-${tree.dataUpdatedAt}`} user={user} licenseId={licenseId} projects={tree.data} /> : null}
    </div>
  );
}

const UNSAVED = { id: 'identity-user-projects-unsaved', message: UserMessages.unsavedProjects };

function UserProjectsEditor({ user, licenseId, projects }: { user: User; licenseId: number; projects: ProjectTreeNode[] }) {
  const administers = useHasRole(Role.ADMINISTER_USER_CREATE_UPDATE);
  const save = useSetProjects(user.userName);
  return <ProjectsEditor projects={projects} editable={administers} saving={save.isPending} onSave={(projectIds) => save.mutate({ licenseId, projectIds })} unsavedWarning={UNSAVED} />;
}
