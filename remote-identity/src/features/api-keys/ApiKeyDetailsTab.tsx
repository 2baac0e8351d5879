import * as v from 'valibot';
import { apiKeyDescriptionSchema, ApiKeyMessages, apiKeyNameSchema, type ApiKey } from 'contracts/identity';
import { Button, Checkbox, FormField, Input, Textarea, useForm } from 'kit';
import { useUnsavedChanges } from 'shared';
import { useUpdateApiKey } from './apiKeys.api';

/** The form's rules: the API's own for the name (with the edit's message) and the description. */
const DetailsSchema = v.object({
  name: apiKeyNameSchema(ApiKeyMessages.nameRequiredEdit),
  description: apiKeyDescriptionSchema,
  isActive: v.boolean(),
  allProjects: v.boolean(),
});

/**
 * A key's Details tab (spec 1 §2): name, description, isActive and allProjects; a taken name
 * is the field's message (the server's 409). The view keys it on the key's update date, so it
 * starts again from what was saved.
 */
export function ApiKeyDetailsTab({ apiKey }: { apiKey: ApiKey }) {
  const update = useUpdateApiKey(apiKey.apiKeyId);
  const form = useForm({
    schema: DetailsSchema,
    initial: { name: apiKey.name, description: apiKey.description ?? '', isActive: apiKey.isActive, allProjects: apiKey.allProjects },
    onSubmit: async (body) => {
      await update.mutateAsync(body);
    },
  });
  useUnsavedChanges(form.dirty);
  // The name's message shows as it is typed, not only once the field is left.
  const name = form.liveField('name');
  return (
    <form onSubmit={form.submit} noValidate className="max-w-lg space-y-4">
      <FormField label="Name" required error={form.error('name')}>
        <Input {...name} maxLength={100} />
      </FormField>
      <FormField label="Description" error={form.error('description')}>
        <Textarea {...form.field('description')} maxLength={1000} rows={3} />
      </FormField>
      <div className="flex flex-col gap-2">
        <Checkbox label="Active" checked={form.values.isActive} onChange={(e) => form.setValue('isActive', e.target.checked)} />
        <Checkbox label="All projects of the license" checked={form.values.allProjects} onChange={(e) => form.setValue('allProjects', e.target.checked)} />
      </div>
      <Button type="submit" loading={form.busy}>
        Save
      </Button>
    </form>
  );
}
