import { useEffect, useMemo, useState } from 'react';
import type { ProjectTreeNode } from 'contracts/projects-sites';
import { Badge, Button, Checkbox, Input, Tree, type TreeNode } from 'kit';
import { notify, useUnsavedChanges } from 'shared';

/** Projects that cannot be given, and the reason said beside each. */
interface Locked {
  ids: ReadonlySet<number>;
  reason: string;
}

const NOTHING_LOCKED: Locked = { ids: new Set(), reason: '' };

function toNodes(projects: ProjectTreeNode[], locked: Locked): TreeNode<ProjectTreeNode>[] {
  return projects.map((project) => ({
    id: project.projectId,
    label: (
      <span className="inline-flex items-center gap-2">
        {project.name}
        {project.isActive ? null : <Badge variant="neutral">Inactive</Badge>}
        {project.fromUserGroup ? <Badge variant="info">User Group</Badge> : null}
        {locked.ids.has(project.projectId) ? <span className="text-xs font-medium text-amber-800">{locked.reason}</span> : null}
      </span>
    ),
    searchText: `${project.name} ${project.description}`,
    data: project,
    children: toNodes(project.children, locked),
  }));
}

export const flatten = (projects: ProjectTreeNode[]): ProjectTreeNode[] => projects.flatMap((p) => [p, ...flatten(p.children)]);

/** A flat list of projects with their parents as the editor's tree (each under its parent when listed). */
export function asTree(rows: (Omit<ProjectTreeNode, 'children'> & { parentProjectId?: number | null })[]): ProjectTreeNode[] {
  const nodes = new Map(rows.map((row) => [row.projectId, { ...row, children: [] as ProjectTreeNode[] } as ProjectTreeNode]));
  const top: ProjectTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.projectId)!;
    const parent = row.parentProjectId == null ? undefined : nodes.get(row.parentProjectId);
    (parent && parent !== node ? parent.children : top).push(node);
  }
  return top;
}

/**
 * The project tree with checkboxes (spec 1 §2, used for users, user groups and API keys):
 * a filter, Select All Projects, projects a user group gives ticked and disabled, and (with
 * `notGivable`) projects that cannot be given disabled with the reason beside them. Save sends
 * the projects held directly.
 */
export function ProjectsEditor({
  projects,
  editable,
  saving,
  onSave,
  unsavedWarning,
  notGivable,
}: {
  projects: ProjectTreeNode[];
  editable: boolean;
  saving: boolean;
  onSave: (projectIds: number[]) => void;
  /** The toast kept up while changes are unsaved (spec 1 §2: the user's projects tab). */
  unsavedWarning?: { id: string; message: string };
  /**
   * No project may be added, only those held removed (another licence's projects for a user
   * without ACCESS_OTHER_PROJECTS, spec 1 §6): each project not held is disabled with `reason`
   * beside it, and Select All Projects is off, so Save never offers a change the API refuses.
   */
  notGivable?: { reason: string };
}) {
  const all = useMemo(() => flatten(projects), [projects]);
  const viaGroup = useMemo(() => new Set(all.filter((p) => p.fromUserGroup).map((p) => p.projectId)), [all]);
  const initial = useMemo(() => new Set(all.filter((p) => p.assignedTo).map((p) => p.projectId)), [all]);
  const [own, setOwn] = useState<Set<number>>(initial);
  const [filter, setFilter] = useState('');
  const dirty = own.size !== initial.size || [...own].some((id) => !initial.has(id));
  // Not while saving: the saved state is on its way (the editor starts again from it).
  useUnsavedChanges(dirty && !saving);

  // Spec 1 §2: a warning that stays while changes are unsaved; gone once saved or when leaving.
  useEffect(() => {
    if (!unsavedWarning) return;
    if (dirty) notify.persistentWarning(unsavedWarning.message, unsavedWarning.id);
    else notify.dismiss(unsavedWarning.id);
  }, [dirty, unsavedWarning]);
  useEffect(
    () => () => {
      if (unsavedWarning) notify.dismiss(unsavedWarning.id);
    },
    [unsavedWarning],
  );

  // Held directly at the start: the only ones a notGivable editor may touch (to remove them).
  const locked = useMemo<Locked>(
    () =>
      notGivable
        ? { ids: new Set(all.filter((p) => !viaGroup.has(p.projectId) && !initial.has(p.projectId)).map((p) => p.projectId)), reason: notGivable.reason }
        : NOTHING_LOCKED,
    [all, viaGroup, initial, notGivable],
  );
  const nodes = useMemo(() => toNodes(projects, locked), [projects, locked]);
  const selectable = all.filter((p) => !viaGroup.has(p.projectId));
  const allSelected = selectable.length > 0 && selectable.every((p) => own.has(p.projectId));
  const checked = new Set<number>([...own, ...viaGroup]);
  const disabled = editable ? new Set<number>([...viaGroup, ...locked.ids]) : new Set(all.map((p) => p.projectId));

  if (all.length === 0) return <p className="text-sm text-slate-600">No projects in this license that you can assign.</p>;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        <Input
          type="search"
          aria-label="Filter projects"
          placeholder="Filter projects"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="w-64"
        />
        {editable ? (
          <Checkbox
            label="Select All Projects"
            disabled={notGivable !== undefined}
            checked={allSelected}
            indeterminate={!allSelected && selectable.some((p) => own.has(p.projectId))}
            onChange={(e) => setOwn(e.target.checked ? new Set(selectable.map((p) => p.projectId)) : new Set())}
          />
        ) : null}
      </div>
      <Tree
        aria-label="Projects"
        nodes={nodes}
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
      {editable ? (
        <Button loading={saving} disabled={!dirty} onClick={() => onSave([...own])}>
          Save projects
        </Button>
      ) : null}
    </div>
  );
}
