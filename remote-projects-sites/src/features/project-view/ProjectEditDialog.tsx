import { useId } from 'react';
import * as v from 'valibot';
import { projectDescriptionSchema, ProjectMessages, projectNameSchema, type Project } from 'contracts/projects-sites';
import { Button, Dialog, FormField, Input, Textarea, useForm } from 'kit';
import { confirmDiscard, useUnsavedChanges } from 'shared';
import { useUpdateProject } from './project.api';
import type { ProjectActivation } from './useProjectActivation';

/** The edit modal's form: the project form's name and description (the update's body checks the same). */
const ProjectEditFormSchema = v.object({ name: projectNameSchema, description: projectDescriptionSchema });

export interface ProjectEditDialogProps {
  project: Project;
  open: boolean;
  onClose(): void;
  activation: ProjectActivation;
}

/**
 * The project modal (spec 1 §2, Info: edit, activate, deactivate): the name and description,
 * saved when changed ('Project info saved'); Activate for an inactive project; Deactivate,
 * which closes the modal and asks first. Mount it afresh (a key) for each opening.
 */
export function ProjectEditDialog({ project, open, onClose, activation }: ProjectEditDialogProps) {
  const formId = useId();
  const save = useUpdateProject(project.projectId);
  const form = useForm({
    schema: ProjectEditFormSchema,
    initial: { name: project.name, description: project.description },
    failureMessage: ProjectMessages.saveFailed,
    onSubmit: async (output) => {
      // Only the fields that changed are sent (spec 2: POST project/{projectId} with the fields sent).
      const changes: { name?: string; description?: string } = {};
      if (output.name !== project.name) changes.name = output.name;
      if (output.description !== project.description) changes.description = output.description;
      if (Object.keys(changes).length > 0) await save.mutateAsync(changes);
      onClose();
    },
  });
  useUnsavedChanges(open && form.dirty);
  const changed = form.values.name.trim() !== project.name || form.values.description.trim() !== project.description;

  // Closing with changes asks first, as leaving the page would.
  const close = async () => {
    if (!form.dirty || (await confirmDiscard())) onClose();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !form.busy && void close()}
      title={`Edit ${project.name}`}
      dismissible={!form.busy}
      footer={
        <>
          {activation.mayChange ? (
            project.isActive ? (
              <Button
                variant="danger"
                className="mr-auto"
                disabled={form.busy}
                onClick={() => {
                  onClose();
                  activation.askDeactivate();
                }}
              >
                Deactivate
              </Button>
            ) : (
              <Button variant="secondary" className="mr-auto" loading={activation.activating} disabled={form.busy} onClick={activation.activate}>
                Activate
              </Button>
            )
          ) : null}
          <Button variant="secondary" onClick={() => void close()} disabled={form.busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={form.busy} disabled={!form.isValid || !changed}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={form.submit} noValidate className="space-y-4">
        <FormField label="Project Name" required error={form.error('name')}>
          <Input {...form.field('name')} maxLength={100} autoComplete="off" />
        </FormField>
        <FormField label="Description" required error={form.error('description')}>
          <Textarea {...form.field('description')} rows={3} maxLength={1000} />
        </FormField>
      </form>
    </Dialog>
  );
}
