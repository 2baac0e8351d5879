import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { UserMessages, type User } from 'contracts/identity';
import type { ProjectTreeNode } from 'contracts/projects-sites';
import { Alert, Badge, Button, Checkbox, errorMessage, Input, LicenseSelect, notify, Role, Spinner, Tree, useHasRole, type TreeNode } from 'shared';
import { isRefreshingOnMount, useSetProjects, userProjectsQuery } from './user.api';

const UNSAVED_TOAST = 'identity-user-projects-unsaved';

function toNodes(projects: ProjectTreeNode[]): TreeNode<ProjectTreeNode>[] {
  return projects.map((project) => ({
    id: project.projectId,
    label: (
      <span className="inline-flex items-center gap-2">
        {project.name}
        {project.isActive ? null : <Badge variant="neutral">Inactive</Badge>}
        {project.fromUserGroup ? <Badge variant="info">User Group</Badge> : null}
      </span>
    ),
    searchText: `${project.name} ${project.description}`,
    data: project,
    children: toNodes(project.children),
  }));
}

const flatten = (projects: ProjectTreeNode[]): ProjectTreeNode[] => projects.flatMap((p) => [p, ...flatten(p.children)]);

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
      {allLicenses ? <LicenseSelect value={licenseId} allLabel="The user's license" onChange={(id) => setLicenseId(id ?? user.licenseId)} /> : null}
      {tree.isPending || isRefreshingOnMount(tree) ? <Spinner label="Loading projects" /> : null}
      {tree.isError ? <Alert variant="danger">{errorMessage(tree.error, UserMessages.projectsLoadFailed)}</Alert> : null}
      {tree.data && !isRefreshingOnMount(tree) ? <ProjectsEditor key={`${licenseId}-${tree.dataUpdatedAt}`} user={user} licenseId={licenseId} projects={tree.data} /> : null}
    </div>
  );
}

function ProjectsEditor({ user, licenseId, projects }: { user: User; licenseId: number; projects: ProjectTreeNode[] }) {
  const administers = useHasRole(Role.ADMINISTER_USER_CREATE_UPDATE);
  const all = useMemo(() => flatten(projects), [projects]);
  const viaGroup = useMemo(() => new Set(all.filter((p) => p.fromUserGroup).map((p) => p.projectId)), [all]);
  const initial = useMemo(() => new Set(all.filter((p) => p.assignedTo).map((p) => p.projectId)), [all]);
  const [own, setOwn] = useState<Set<number>>(initial);
  const [filter, setFilter] = useState('');
  const save = useSetProjects(user.userName);
  const dirty = own.size !== initial.size || [...own].some((id) => !initial.has(id));

  // Spec 1 §2: a warning that stays while changes are unsaved; gone once saved or when leaving.
  useEffect(() => {
    if (dirty) notify.persistentWarning(UserMessages.unsavedProjects, UNSAVED_TOAST);
    else notify.dismiss(UNSAVED_TOAST);
  }, [dirty]);
  useEffect(
    () => () => {
      notify.dismiss(UNSAVED_TOAST);
    },
    [],
  );

  const selectable = all.filter((p) => !viaGroup.has(p.projectId));
  const allSelected = selectable.length > 0 && selectable.every((p) => own.has(p.projectId));
  const checked = new Set<number>([...own, ...viaGroup]);
  const disabled = administers ? viaGroup : new Set(all.map((p) => p.projectId));

  if (all.length === 0) return <p className="text-sm text-slate-600">No projects in this license that you can assign.</p>;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        <Input type="search" aria-label="Filter projects" placeholder="Filter projects" value={filter} onChange={(e) => setFilter(e.target.value)} className="w-64" />
        {administers ? (
          <Checkbox
            label="Select All Projects"
            checked={allSelected}
            indeterminate={!allSelected && selectable.some((p) => own.has(p.projectId))}
            onChange={(e) => setOwn(e.target.checked ? new Set(selectable.map((p) => p.projectId)) : new Set())}
          />
        ) : null}
      </div>
      <Tree
        aria-label="Projects"
        nodes={toNodes(projects)}
        checkable
        checked={checked}
        disabledIds={disabled}
        search={filter}
        defaultExpanded="all"
        onCheckedChange={(_next, node) => {
          const id = Number(node.id);
          setOwn((current) => {
            const next = new Set(current);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            return next;
          });
        }}
      />
      {administers ? (
        <Button loading={save.isPending} disabled={!dirty} onClick={() => save.mutate({ licenseId, projectIds: [...own] })}>
          Save projects
        </Button>
      ) : null}
    </div>
  );
}
