import { useState } from 'react';
import { ConfirmPasswordSchema, PasskeyMessages, PasskeyNameSchema, type Passkey } from 'contracts/auth';
import { Alert, Button, Dialog, FormField, Input, useForm } from 'kit';
import { PasskeyPromptError, useRemovePasskey, useRenamePasskey } from './passkeys.api';

interface Props {
  passkey: Passkey;
  onClose(): void;
}

/** Renames a passkey. */
export function RenamePasskeyDialog({ passkey, onClose }: Props) {
  const rename = useRenamePasskey();
  const form = useForm({
    schema: PasskeyNameSchema,
    initial: { name: passkey.name },
    failureMessage: PasskeyMessages.addFailed,
    async onSubmit({ name }) {
      await rename.mutateAsync({ id: passkey.id, name });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Rename ${passkey.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="rename-passkey" loading={form.busy}>
            Save
          </Button>
        </>
      }
    >
      <form id="rename-passkey" onSubmit={form.submit} noValidate className="space-y-3">
        {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
        <FormField label={PasskeyMessages.nameLabel} error={form.error('name')} required>
          <Input {...form.field('name')} maxLength={100} autoFocus />
        </FormField>
      </form>
    </Dialog>
  );
}

/** Removes a passkey once the password, or a passkey, confirms who asks (issue 40: removable after re-authentication). */
export function RemovePasskeyDialog({ passkey, onClose }: Props) {
  const remove = useRemovePasskey();
  const [prompt, setPrompt] = useState<string | null>(null);
  const [byPasskey, setByPasskey] = useState(false);
  const form = useForm({
    schema: ConfirmPasswordSchema,
    initial: { password: '' },
    failureMessage: PasskeyMessages.removeFailed,
    async onSubmit({ password }) {
      await remove.mutateAsync({ id: passkey.id, password });
      onClose();
    },
  });
  const confirmWithPasskey = async () => {
    setPrompt(null);
    setByPasskey(true);
    try {
      await remove.mutateAsync({ id: passkey.id });
      onClose();
    } catch (error) {
      setPrompt(error instanceof PasskeyPromptError ? error.message : PasskeyMessages.confirmFailed);
    } finally {
      setByPasskey(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Remove ${passkey.name}`}
      description={PasskeyMessages.confirmRemoval}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="remove-passkey" variant="danger" loading={form.busy}>
            Remove
          </Button>
        </>
      }
    >
      <form id="remove-passkey" onSubmit={form.submit} noValidate className="space-y-3">
        {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
        {prompt ? <Alert variant="warning">{prompt}</Alert> : null}
        <FormField label="Your password" error={form.error('password')} required>
          <Input {...form.field('password')} type="password" autoComplete="current-password" autoFocus />
        </FormField>
        <Button variant="secondary" size="sm" loading={byPasskey} onClick={() => void confirmWithPasskey()}>
          Confirm with a passkey instead
        </Button>
      </form>
    </Dialog>
  );
}
