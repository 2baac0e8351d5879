import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import { AuthMessages, loginTwoFactor, TwoFactorSchema } from 'contracts/auth';
import { Alert, Button, errorMessage, fieldErrors, FormField, Input } from 'shared';
import { AuthLayout } from './AuthLayout';
import { useContinueAfterLogin } from './useContinueAfterLogin';

/** The two-factor e-mail step: the code from the e-mail completes the sign-in. */
export function TwoFactorPage() {
  const { token: challenge = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const continueAfterLogin = useContinueAfterLogin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const carry = { redirectUrl: params.get('redirectUrl'), returnTo: params.get('returnTo') };

  async function verify(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(TwoFactorSchema, { token: code, challenge });
    if (!parsed.success) {
      setError(fieldErrors(parsed.issues).token ?? AuthMessages.twoFactorInvalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await continueAfterLogin(await loginTwoFactor(parsed.output), carry);
    } catch (e) {
      setError(errorMessage(e, AuthMessages.loginFailed));
    } finally {
      setBusy(false);
    }
  }

  const back = () => navigate(`/login${params.size ? `?${params}` : ''}`, { replace: true });
  return (
    <AuthLayout title="Check your e-mail" subtitle="We sent a sign-in code to the e-mail address of your account. It works once, for a few minutes.">
      <form onSubmit={verify} noValidate className="space-y-4">
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <FormField label="Code">
          <Input name="code" inputMode="numeric" autoComplete="one-time-code" autoFocus value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" loading={busy} className="flex-1">
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
