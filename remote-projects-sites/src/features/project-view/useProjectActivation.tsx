import { useState, type ReactNode } from 'react';
import { ProjectMessages, projectsSitesEndpoints, type Project } from 'contracts/projects-sites';
import { ConfirmDialog } from 'kit';
import { useMayCall } from 'shared';
import { useActivateProject, useDeactivateProject } from './project.api';

/** What the view's header, Info tab and edit modal need to activate or deactivate the project. */
export interface ProjectActivation {
  /** The caller may activate (an inactive project) or deactivate (an active one). */
  mayChange: boolean;
  activate(): void;
  activating: boolean;
  /** Opens the confirmation with the spec's warning; deactivation runs only once confirmed. */
  askDeactivate(): void;
  /** The confirmation, drawn once by the view. */
  dialog: ReactNode;
}

/**
 * Activation and deactivation of one project (spec 1 §4: active to inactive through deactivate,
 * with a confirmation; inactive to active through activate). The confirmation warns that
 * deactivating removes all assigned users and API keys and is not reversible.
 */
export function useProjectActivation(project: Project): ProjectActivation {
  const mayActivate = useMayCall(projectsSitesEndpoints.activateProject);
  const mayDeactivate = useMayCall(projectsSitesEndpoints.deactivateProject);
  const activate = useActivateProject(project.projectId);
  const deactivate = useDeactivateProject(project.projectId);
  const [asking, setAsking] = useState(false);

  const confirm = async () => {
    try {
      await deactivate.mutateAsync();
    } catch {
      // The toast says why; the question closes either way.
    }
    setAsking(false);
  };

  return {
    mayChange: project.isActive ? mayDeactivate : mayActivate,
    activate: () => activate.mutate(),
    activating: activate.isPending,
    askDeactivate: () => setAsking(true),
    dialog: (
      <ConfirmDialog
        open={asking}
        title={`Deactivate ${project.name}?`}
        message={ProjectMessages.deactivateWarning}
        confirmLabel="Deactivate"
        variant="danger"
        busy={deactivate.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    ),
  };
}
