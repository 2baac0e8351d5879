import { FactorMessages, FactorPasswordSchema } from 'contracts/auth';
import { Alert, Button, FormField, Input, useForm } from 'kit';

interface Props {
  /** What the confirming button says ('Remove the app'). */
  action: string;
  danger?: boolean;
  onConfirm(password: string): Promise<void>;
  onCancel(): void;
}

/** The password again, before a change that weakens or replaces a second factor (issue 40). */
export function PasswordAgainForm({ action, danger, onConfirm, onCancel }: Props) {
  const form = useForm({
    schema: FactorPasswordSchema,
    initial: { password: '' },
    onSubmit: ({ password }) => onConfirm(password),
  });
  return (
    <form onSubmit={form.submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-3">
      {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
      <FormField label="Your password" hint={FactorMessages.passwordForChange} error={form.error('password')} required>
        <Input {...form.field('password')} type="password" autoComplete="current-password" autoFocus />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={form.busy}>
          {action}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
