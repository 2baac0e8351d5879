import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccessMessages, UserMessages, type User, type UserProjectLicense } from 'contracts/identity';
import type { ProjectTreeNode } from 'contracts/projects-sites';
import { Alert, ConfirmDialog, Select, Spinner } from 'kit';
import { confirmDiscard, errorMessage, Role, useHasRole } from 'shared';
import { flatten, ProjectsEditor } from '../access/ProjectsEditor';
import { isRefreshingOnMount, useSetProjects, userProjectsQuery } from './user.api';
import { heldRolesQuery, projectLicensesQuery } from './userProjects.api';

/**
 * The projects tab (spec 1 §2): Select All Projects, a filter, the licence (super
 * administrators), the project tree with checkboxes; unsaved changes keep a warning up until
 * they are saved. Projects a user group gives are ticked and disabled. It always opens on the
 * user's own licence; the licence select says per licence how many projects the user has
 * there ('Old Mill Renovation (1)'), and giving projects of another licence says so before
 * saving, and needs the user to hold ACCESS_OTHER_PROJECTS (spec 1 §6; the API refuses it
 * otherwise): without it the licence's projects cannot be ticked, each saying why, and those
 * the user holds there can only be removed (issue 36 item 15).
 */
export function UserProjectsTab({ user }: { user: User }) {
  // Keyed on the user: the view kept on screen for another user (a link from one user to
  // another) must not keep the licence chosen for the first.
  return <UserProjects key={user.userName} user={user} />;
}

function UserProjects({ user }: { user: User }) {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  // Always the user's own licence first, never a licence chosen earlier.
  const [licenseId, setLicenseId] = useState(user.licenseId);
  const tree = useQuery(userProjectsQuery(user.userName, licenseId));
  const licenses = useQuery({ ...projectLicensesQuery(user.userName), enabled: allLicenses });
  const own = licenses.data?.find((license) => license.own);
  const chosen = licenses.data?.find((license) => license.licenseId === licenseId);
  const elsewhere = licenseId !== user.licenseId;
  // Another licence's projects need ACCESS_OTHER_PROJECTS (spec 1 §6): read only once one is on screen.
  const roles = useQuery({ ...heldRolesQuery(user.userName, user.userId), enabled: elsewhere });
  // Until the roles are read, another licence's projects wait: the editor must not offer what the API would refuse.
  const rolesKnown = !elsewhere || roles.data !== undefined;
  const lacksRole = elsewhere && roles.data !== undefined && !roles.data.some((role) => role.name === Role.ACCESS_OTHER_PROJECTS);
  const other = elsewhere ? { licenseName: chosen?.name ?? `License ${licenseId}`, ownName: own?.name ?? "the user's license", lacksRole } : undefined;
  return (
    <div className="space-y-4">
      {allLicenses ? (
        <Select
          aria-label="License"
          className="w-auto"
          value={licenseId}
          options={(licenses.data ?? [{ licenseId: user.licenseId, name: "The user's license", projectCount: 0, own: true }]).map(licenseOption)}
          // Another licence's tree replaces this one: ticks not saved yet are asked about first.
          onChange={(e) => {
            const id = Number(e.target.value);
            void confirmDiscard().then((discard) => discard && setLicenseId(id));
          }}
        />
      ) : null}
      {other ? (
        <Alert variant={lacksRole ? 'warning' : 'info'} title={AccessMessages.otherLicenseShown(other.licenseName, other.ownName)}>
          {lacksRole ? AccessMessages.otherLicenseNoRole(user.userName) : null}
        </Alert>
      ) : null}
      {tree.isPending || isRefreshingOnMount(tree) || (elsewhere && roles.isPending) ? <Spinner label="Loading projects" /> : null}
      {tree.isError ? <Alert variant="danger">{errorMessage(tree.error, UserMessages.projectsLoadFailed)}</Alert> : null}
      {elsewhere && roles.isError ? <Alert variant="danger">{errorMessage(roles.error, UserMessages.projectsLoadFailed)}</Alert> : null}
      {tree.data && !isRefreshingOnMount(tree) && rolesKnown ? (
        <UserProjectsEditor key={`${licenseId}-${tree.dataUpdatedAt}`} user={user} licenseId={licenseId} projects={tree.data} other={other} />
      ) : null}
    </div>
  );
}

const licenseOption = (license: UserProjectLicense) => ({ value: license.licenseId, label: AccessMessages.licenseOption(license.name, license.projectCount) });

const UNSAVED = { id: 'identity-user-projects-unsaved', message: UserMessages.unsavedProjects };
const NOT_GIVABLE = { reason: AccessMessages.otherLicenseProjectNeedsRole };

/** The names of `ids` among the tree's projects, for the confirmation. */
function namesOf(projects: ProjectTreeNode[], ids: number[]): string {
  const byId = new Map(flatten(projects).map((project) => [project.projectId, project.name]));
  const names = ids.map((id) => byId.get(id) ?? `#${id}`);
  return names.length === 1 ? names[0]! : `${names.length} projects (${names.join(', ')})`;
}

/** Another licence on screen: its name, the user's own, and whether the user lacks ACCESS_OTHER_PROJECTS. */
interface OtherLicense {
  licenseName: string;
  ownName: string;
  lacksRole: boolean;
}

function UserProjectsEditor({ user, licenseId, projects, other }: { user: User; licenseId: number; projects: ProjectTreeNode[]; other?: OtherLicense }) {
  const administers = useHasRole(Role.ADMINISTER_USER_CREATE_UPDATE);
  const save = useSetProjects(user.userName);
  const [asking, setAsking] = useState<{ projectIds: number[]; added: number[] } | null>(null);
  const held = new Set(
    flatten(projects)
      .filter((project) => project.assignedTo)
      .map((project) => project.projectId),
  );
  const submit = (projectIds: number[]) => {
    const added = projectIds.filter((id) => !held.has(id));
    // Projects of another licence: said before saving (issue 22), never 'Projects updated.' alone.
    if (other && added.length) setAsking({ projectIds, added });
    else save.mutate({ licenseId, projectIds });
  };
  return (
    <>
      <ProjectsEditor
        projects={projects}
        editable={administers}
        saving={save.isPending}
        onSave={submit}
        unsavedWarning={UNSAVED}
        // Spec 1 §6 'other project access': without it nothing of this licence can be given, only removed.
        notGivable={other?.lacksRole ? NOT_GIVABLE : undefined}
      />
      {other ? (
        <ConfirmDialog
          open={asking !== null}
          title={AccessMessages.otherLicenseConfirmTitle(other.licenseName)}
          message={
            asking ? <p>{AccessMessages.otherLicenseConfirm(user.userName, other.licenseName, other.ownName, namesOf(projects, asking.added))}</p> : null
          }
          confirmLabel={AccessMessages.otherLicenseConfirmButton}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            if (asking) save.mutate({ licenseId, projectIds: asking.projectIds });
            setAsking(null);
          }}
        />
      ) : null}
    </>
  );
}
