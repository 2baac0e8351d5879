import { useState, type ReactNode } from 'react';
import { projectsSitesEndpoints, type Project } from 'contracts/projects-sites';
import { Badge, Button } from 'kit';
import { Role, useHasRole, useMayCall } from 'shared';
import { ProjectEditDialog } from './ProjectEditDialog';
import type { ProjectActivation } from './useProjectActivation';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The Info tab (spec 1 §2): Name, Description, Number of Users, Active, and License Id for
 * all-licence administrators; Edit opens the project modal (edit, activate, deactivate) for
 * whoever may update the project.
 */
export function ProjectInfoTab({ project, activation }: { project: Project; activation: ProjectActivation }) {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const mayEdit = useMayCall(projectsSitesEndpoints.updateProject);
  const [editing, setEditing] = useState(false);
  // Each opening starts from the project as it is now.
  const [opening, setOpening] = useState(0);
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-100 text-sm">
        <Field label="Name">{project.name}</Field>
        <Field label="Description">{project.description || '—'}</Field>
        <Field label="Number of Users">{project.numberOfUsers}</Field>
        <Field label="Active">{project.isActive ? <Badge variant="success">Yes</Badge> : <Badge variant="neutral">No</Badge>}</Field>
        {allLicenses ? <Field label="License Id">{project.licenseId ?? '—'}</Field> : null}
      </dl>
      {mayEdit ? (
        <Button
          onClick={() => {
            setOpening((n) => n + 1);
            setEditing(true);
          }}
        >
          Edit
        </Button>
      ) : null}
      <ProjectEditDialog key={opening} project={project} open={editing} onClose={() => setEditing(false)} activation={activation} />
    </div>
  );
}
