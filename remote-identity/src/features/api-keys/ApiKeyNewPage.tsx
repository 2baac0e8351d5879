import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiKeyMessages, type CreatedApiKey } from 'contracts/identity';
import { ApiError, Button, Card, Checkbox, Dialog, FormField, Input, LicenseSelect, notify, PageHeader, Role, Textarea, useHasRole, useSession, useUnsavedChanges } from 'shared';
import { useCreateApiKey } from './apiKeys.api';
import { apiKeysRoute, apiKeyViewRoute } from './apiKeys.routes';

/**
 * A new API key (spec 1 §2, §4): name, licence (any only for super administrators), isActive
 * and allProjects. The key is shown once, in a modal only OK closes, with a copy button.
 */
export default function ApiKeyNewPage() {
  const navigate = useNavigate();
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const ownLicense = useSession((s) => s.licenseId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [licenseId, setLicenseId] = useState<number | null>(allLicenses ? null : ownLicense);
  const [isActive, setIsActive] = useState(true);
  const [allProjects, setAllProjects] = useState(false);
  const [tried, setTried] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useCreateApiKey();

  const trimmed = name.trim();
  const shownNameError = nameError ?? (tried && !trimmed ? ApiKeyMessages.nameRequiredCreate : null);
  // Typed and not made yet (once made, the key's dialog leads on).
  useUnsavedChanges(created === null && !create.isPending && (trimmed !== '' || description.trim() !== ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!trimmed || licenseId === null) return;
    create.mutate(
      { name: trimmed, description: description.trim(), licenseId, isActive, allProjects },
      {
        onSuccess: (key) => setCreated(key),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setNameError(ApiKeyMessages.nameTaken);
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <PageHeader title="New API key" description="The key is shown once, when it is made: copy it then." back={{ to: apiKeysRoute.to({}), label: 'API keys' }} />
      <Card>
        <form onSubmit={submit} noValidate className="max-w-lg space-y-4">
          <FormField label="Name" required error={shownNameError ?? undefined}>
            <Input
              value={name}
              maxLength={100}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(null);
              }}
            />
          </FormField>
          <FormField label="Description">
            <Textarea value={description} maxLength={1000} rows={2} onChange={(e) => setDescription(e.target.value)} />
          </FormField>
          {allLicenses ? (
            <FormField label="License" required error={tried && licenseId === null ? ApiKeyMessages.licenseRequired : undefined}>
              <LicenseSelect value={licenseId} allLabel="Select a license" onChange={setLicenseId} />
            </FormField>
          ) : null}
          <div className="flex flex-col gap-2">
            <Checkbox label="Active" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />
            <Checkbox label="All projects of the license" checked={allProjects} onChange={(e) => setAllProjects(e.target.checked)} />
          </div>
          <Button type="submit" loading={create.isPending}>
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
