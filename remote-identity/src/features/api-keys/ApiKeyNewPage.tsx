import { useState } from 'react';
import * as v from 'valibot';
import { useNavigate } from 'react-router';
import { apiKeyDescriptionSchema, ApiKeyMessages, apiKeyNameSchema, type CreatedApiKey } from 'contracts/identity';
import { Button, Card, Checkbox, Dialog, FormField, Input, LicenseSelect, PageHeader, Textarea, useForm } from 'kit';
import { notify, Role, useHasRole, useSession, useUnsavedChanges } from 'shared';
import { useCreateApiKey } from './apiKeys.api';
import { apiKeysRoute, apiKeyViewRoute } from './apiKeys.routes';

/** The form's rules: the API's own for the name and description, and a chosen licence. */
const NewKeySchema = v.object({
  name: apiKeyNameSchema(ApiKeyMessages.nameRequiredCreate),
  description: apiKeyDescriptionSchema,
  licenseId: v.pipe(v.string(), v.nonEmpty(ApiKeyMessages.licenseRequired), v.transform(Number)),
  isActive: v.boolean(),
  allProjects: v.boolean(),
});
type NewKeyValues = { name: string; description: string; licenseId: string; isActive: boolean; allProjects: boolean };

/**
 * A new API key (spec 1 §2, §4): name, licence (any only for super administrators), isActive
 * and allProjects. The key is shown once, in a modal only OK closes, with a copy button.
 */
export default function ApiKeyNewPage() {
  const navigate = useNavigate();
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const ownLicense = useSession((s) => s.licenseId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useCreateApiKey();
  const initial: NewKeyValues = {
    name: '',
    description: '',
    licenseId: allLicenses || ownLicense === null ? '' : String(ownLicense),
    isActive: true,
    allProjects: false,
  };
  const form = useForm({
    schema: NewKeySchema,
    initial,
    onSubmit: async (body) => setCreated(await create.mutateAsync(body)),
  });
  // Typed and not made yet (once made, the key's dialog leads on).
  useUnsavedChanges(created === null && form.dirty);

  return (
    <div className="space-y-4">
      <PageHeader
        title="New API key"
        description="The key is shown once, when it is made: copy it then."
        back={{ to: apiKeysRoute.to({}), label: 'API keys' }}
      />
      <Card>
        <form onSubmit={form.submit} noValidate className="max-w-lg space-y-4">
          <FormField label="Name" required error={form.error('name')}>
            <Input {...form.field('name')} maxLength={100} />
          </FormField>
          <FormField label="Description" error={form.error('description')}>
            <Textarea {...form.field('description')} maxLength={1000} rows={2} />
          </FormField>
          {allLicenses ? (
            <FormField label="License" required error={form.error('licenseId')}>
              <LicenseSelect
                value={form.values.licenseId === '' ? null : Number(form.values.licenseId)}
                allLabel="Select a license"
                onChange={(id) => form.setValue('licenseId', id === null ? '' : String(id))}
              />
            </FormField>
          ) : null}
          <div className="flex flex-col gap-2">
            <Checkbox label="Active" checked={form.values.isActive} onChange={(e) => form.setValue('isActive', e.target.checked)} />
            <Checkbox label="All projects of the license" checked={form.values.allProjects} onChange={(e) => form.setValue('allProjects', e.target.checked)} />
          </div>
          <Button type="submit" loading={form.busy}>
            Create API key
          </Button>
        </form>
      </Card>
      <KeyShownOnce created={created} onDone={() => created && navigate(apiKeyViewRoute.to({ id: created.apiKeyId }), { replace: true })} />
    </div>
  );
}

/** The new key, once: a copy button, and only OK closes it (spec 1 §2). */
function KeyShownOnce({ created, onDone }: { created: CreatedApiKey | null; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created!.apiKey);
      notify.success(ApiKeyMessages.copied);
    } catch {
      notify.error(ApiKeyMessages.copyFailed);
    }
  };
  return (
    <Dialog
      open={created !== null}
      onOpenChange={() => undefined}
      dismissible={false}
      title={`API key ${created?.name ?? ''}`}
      description={ApiKeyMessages.copyKey}
      footer={<Button onClick={onDone}>OK</Button>}
    >
      <div className="flex items-center gap-2">
        <code aria-label="The new API key" className="flex-1 rounded border border-slate-200 bg-slate-50 p-2 text-xs break-all">
          {created?.apiKey}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <p className="mt-3 text-xs text-slate-600">
        Send it as <code>Authorization: ApiKey &lt;key&gt;</code>.
      </p>
    </Dialog>
  );
}
