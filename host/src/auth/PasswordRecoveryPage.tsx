import { useState } from 'react';
import { Link } from 'react-router';
import { AuthMessages, RecoverySchema, requestPasswordRecovery } from 'contracts/auth';
import { Alert, Button, FormField, Input, useForm } from 'kit';
import { paths } from 'shared';
import { AuthLayout } from './AuthLayout';

/** Asks for a user name and e-mails a reset link (valid 24 hours). */
export function PasswordRecoveryPage() {
  const [sent, setSent] = useState(false);
  const form = useForm({
    schema: RecoverySchema,
    initial: { userName: '' },
    failureMessage: AuthMessages.recoveryFailed,
    async onSubmit({ userName }) {
      setSent(false);
      await requestPasswordRecovery(userName);
      setSent(true);
    },
  });

  return (
    <AuthLayout title="Password recovery" subtitle="Enter your user name. If the account has an e-mail address, a link to choose a new password goes there.">
      <form onSubmit={form.submit} noValidate className="space-y-4">
        {sent && !form.failure ? <Alert variant="success">{AuthMessages.emailSent}</Alert> : null}
        {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
        <FormField label="User name" error={form.error('userName')} required>
          <Input {...form.field('userName')} autoComplete="username" autoFocus />
        </FormField>
        <Button type="submit" className="w-full" loading={form.busy}>
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
