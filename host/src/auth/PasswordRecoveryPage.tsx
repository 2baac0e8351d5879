import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { AuthMessages, RecoverySchema, requestPasswordRecovery } from 'contracts/auth';
import { Alert, Button, errorMessage, fieldErrors, FormField, Input, paths } from 'shared';
import { AuthLayout } from './AuthLayout';

/** Asks for a user name and e-mails a reset link (valid 24 hours). */
export function PasswordRecoveryPage() {
  const [userName, setUserName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(RecoverySchema, { userName });
    if (!parsed.success) {
      setFieldError(fieldErrors(parsed.issues).userName);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await requestPasswordRecovery(parsed.output.userName);
      setOutcome({ ok: true, message: AuthMessages.emailSent });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, AuthMessages.recoveryFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Password recovery" subtitle="Enter your user name. If the account has an e-mail address, a link to choose a new password goes there.">
      <form onSubmit={send} noValidate className="space-y-4">
        {outcome ? <Alert variant={outcome.ok ? 'success' : 'danger'}>{outcome.message}</Alert> : null}
        <FormField label="User name" error={fieldError} required>
          <Input name="userName" autoComplete="username" autoFocus value={userName} onChange={(e) => setUserName(e.target.value)} />
        </FormField>
        <Button type="submit" className="w-full" loading={busy}>
          Email Link
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.login()} className="text-brand-600 hover:underline">
            Back to sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
