import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PasskeyMessages, PasskeyNameSchema, type Passkey } from 'contracts/auth';
import { Alert, Badge, Button, Card, FormField, formatDate, Input, Spinner, useForm } from 'kit';
import { errorMessage } from 'shared';
import { RemovePasskeyDialog, RenamePasskeyDialog } from './PasskeyDialogs';
import { myPasskeysQuery, PasskeyPromptError, useAddPasskey } from './passkeys.api';

/**
 * The profile's passkeys (issue 40): the user's passkeys with their created and last-used
 * dates, a form that registers a new one on this device under a name, and rename and remove
 * (a removal is confirmed with the password or a passkey).
 */
export function PasskeysSection() {
  const query = useQuery(myPasskeysQuery());
  return (
    <section aria-labelledby="profile-passkeys" className="space-y-3">
      <h2 id="profile-passkeys" className="text-base font-semibold text-slate-900">
        {PasskeyMessages.sectionTitle}
      </h2>
      <Card>
        <div className="space-y-4">
          <p className="text-slate-600">{PasskeyMessages.sectionDescription}</p>
          {query.isPending ? <Spinner label="Loading passkeys" /> : null}
          {query.isError ? <Alert variant="danger">{errorMessage(query.error, PasskeyMessages.loadFailed)}</Alert> : null}
          {query.data ? <PasskeyList passkeys={query.data} /> : null}
          <AddPasskeyForm />
        </div>
      </Card>
    </section>
  );
}

function PasskeyList({ passkeys }: { passkeys: Passkey[] }) {
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  if (passkeys.length === 0) return <p className="text-slate-600">{PasskeyMessages.none}</p>;
  return (
    <>
      <ul aria-label={PasskeyMessages.sectionTitle} className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {passkeys.map((passkey) => (
          <li key={passkey.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-slate-900">
                {passkey.name}
                {passkey.backedUp ? (
                  <Badge variant="info" className="ml-2 align-middle">
                    Synced
                  </Badge>
                ) : null}
              </p>
              <p className="text-xs text-slate-600">
                Created {formatDate(passkey.createdAt, 'long')} ·{' '}
                {passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt, 'long')}` : PasskeyMessages.neverUsed}
              </p>
            </div>
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" aria-label={`Rename ${passkey.name}`} onClick={() => setRenaming(passkey)}>
                Rename
              </Button>
              <Button size="sm" variant="danger" aria-label={`Remove ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {renaming ? <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} /> : null}
      {removing ? <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}

function AddPasskeyForm() {
  const add = useAddPasskey();
  // A new form (empty) after each passkey added.
  const [round, setRound] = useState(0);
  return <AddPasskeyFields key={round} add={add.mutateAsync} onAdded={() => setRound((n) => n + 1)} />;
}

function AddPasskeyFields({ add, onAdded }: { add: (name: string) => Promise<unknown>; onAdded(): void }) {
  const [prompt, setPrompt] = useState<string | null>(null);
  const form = useForm({
    schema: PasskeyNameSchema,
    initial: { name: '' },
    failureMessage: PasskeyMessages.addFailed,
    async onSubmit({ name }) {
      setPrompt(null);
      try {
        await add(name);
      } catch (error) {
        // The browser's prompt was cancelled or refused: said here, not as the server's failure.
        if (error instanceof PasskeyPromptError) return setPrompt(error.message);
        throw error;
      }
      onAdded();
    },
  });
  return (
    <form onSubmit={form.submit} noValidate className="space-y-3" aria-label={PasskeyMessages.add}>
      {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
      {prompt ? <Alert variant="warning">{prompt}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField label={PasskeyMessages.nameLabel} error={form.error('name')} required className="flex-1 space-y-1">
          <Input {...form.field('name')} placeholder="e.g. Work laptop" maxLength={100} />
        </FormField>
        <Button type="submit" loading={form.busy} className="sm:mt-6">
          {PasskeyMessages.add}
        </Button>
      </div>
    </form>
  );
}
