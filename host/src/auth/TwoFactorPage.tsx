import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AuthMessages, loginTwoFactor, TwoFactorSchema } from 'contracts/auth';
import { Alert, Button, FormField, Input, useForm } from 'kit';
import { AuthLayout } from './AuthLayout';
import { useContinueAfterLogin } from './useContinueAfterLogin';

/** The two-factor e-mail step: the code from the e-mail completes the sign-in. */
export function TwoFactorPage() {
  const { token: challenge = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const continueAfterLogin = useContinueAfterLogin();
  const carry = { redirectUrl: params.get('redirectUrl'), returnTo: params.get('returnTo') };
  const form = useForm({
    // The code is the field; the challenge comes from the link the login reply named.
    schema: TwoFactorSchema,
    initial: { token: '', challenge },
    failureMessage: AuthMessages.loginFailed,
    onSubmit: async (input) => continueAfterLogin(await loginTwoFactor(input), carry),
  });

  const back = () => navigate(`/login${params.size ? `?${params}` : ''}`, { replace: true });
  return (
    <AuthLayout title="Check your e-mail" subtitle="We sent a sign-in code to the e-mail address of your account. It works once, for a few minutes.">
      <form onSubmit={form.submit} noValidate className="space-y-4">
        {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
        {form.error('challenge') ? <Alert variant="danger">{form.error('challenge')}</Alert> : null}
        <FormField label="Code" error={form.error('token')} required>
          <Input {...form.field('token')} inputMode="numeric" autoComplete="one-time-code" autoFocus />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" loading={form.busy} className="flex-1">
            Verify
          </Button>
          <Button variant="secondary" onClick={back}>
            Go Back
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
