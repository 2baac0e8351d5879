import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import { AuthMessages, DEFAULT_PASSWORD_POLICY, getPasswordPolicy, resetPassword, resetPasswordFormSchema, verifyResetToken, type PasswordPolicy } from 'contracts/auth';
import { getUserPasswordPolicy, setUserPassword } from 'contracts/identity';
import { Alert, ApiError, Button, errorMessage, fieldErrors, FormField, Input, isSignedIn, notify, PageSpinner, paths, useSession, type FieldErrors } from 'shared';
import { AuthLayout } from './AuthLayout';
import { logOutEverywhere } from './logout';
import { PasswordRequirements } from './PasswordRequirements';
import { useContinueAfterLogin } from './useContinueAfterLogin';

/**
 * Password reset: from an e-mailed link (query token), or forced after sign-in when the
 * user must update their password. Passwords are trimmed; Cancel logs off.
 */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const userName = useSession((s) => s.userName);
  const forced = useSession((s) => s.mustUpdatePassword) && isSignedIn() && !token;

  const link = useQuery({ queryKey: ['host', 'reset-link', token], queryFn: () => verifyResetToken(token!), enabled: Boolean(token), staleTime: 0 });
  const policy = useQuery({
    queryKey: ['host', 'password-policy', token ?? userName],
    queryFn: (): Promise<PasswordPolicy> => (token ? getPasswordPolicy(token) : getUserPasswordPolicy(userName!)),
    enabled: Boolean(token ? link.data?.valid : forced),
  });

  if (!token && !forced) return <InvalidLink />;
  if (token && link.isPending) return <PageSpinner label="Checking the link" />;
  if (token && (link.isError || !link.data?.valid)) return <InvalidLink />;
  return <ResetForm token={token} forced={forced} policy={policy.data ?? DEFAULT_PASSWORD_POLICY} userName={token ? (link.data?.userName ?? '') : (userName ?? '')} />;
}

function InvalidLink() {
  return (
    <AuthLayout title="Reset your password">
      <Alert variant="danger">
        <Link to={paths.passwordRecovery()} className="font-medium underline">
          {AuthMessages.invalidLink}
        </Link>
      </Alert>
    </AuthLayout>
  );
}

function ResetForm({ token, forced, policy, userName }: { token: string | null; forced: boolean; policy: PasswordPolicy; userName: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const continueAfterLogin = useContinueAfterLogin();
  const [values, setValues] = useState({ currentPassword: '', password: '', repeat: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(resetPasswordFormSchema(policy), values);
    // Changing one's own password (the forced update) needs the current one.
    const currentMissing: FieldErrors = !token && !values.currentPassword ? { currentPassword: AuthMessages.currentPasswordRequired } : {};
    if (!parsed.success || (!token && !values.currentPassword)) {
      setErrors({ ...(parsed.success ? {} : fieldErrors(parsed.issues)), ...currentMissing });
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      if (token) {
        await resetPassword(token, parsed.output.password);
        notify.success(AuthMessages.passwordResetDone);
        navigate(paths.login(), { replace: true });
      } else {
        await setUserPassword(userName, { mode: 'manual', password: parsed.output.password, currentPassword: values.currentPassword });
        useSession.getState().passwordUpdated();
        notify.success(AuthMessages.passwordUpdated);
        await continueAfterLogin(null, { redirectUrl: params.get('redirectUrl') });
      }
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.currentPassword) setErrors({ currentPassword: error.fieldErrors.currentPassword });
      else setFailure(errorMessage(error, AuthMessages.resetFailed));
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Choose a new password" subtitle={userName ? `For ${userName}.` : undefined}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {forced ? <Alert variant="info">{AuthMessages.pleaseUpdatePassword}</Alert> : null}
        {failure ? <Alert variant="danger">{failure}</Alert> : null}
        {/* Lets password managers store the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
        {token ? null : (
          <FormField label="Current password" error={errors.currentPassword} required>
            <Input name="currentPassword" type="password" autoComplete="current-password" autoFocus value={values.currentPassword} onChange={(e) => setValues({ ...values, currentPassword: e.target.value })} />
          </FormField>
        )}
        <PasswordRequirements policy={policy} password={values.password.trim()} />
        <FormField label="New password" error={errors.password} required>
          <Input name="password" type="password" autoComplete="new-password" autoFocus={Boolean(token)} value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} />
        </FormField>
        <FormField label="Repeat the new password" error={errors.repeat} required>
          <Input name="repeat" type="password" autoComplete="new-password" value={values.repeat} onChange={(e) => setValues({ ...values, repeat: e.target.value })} />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" loading={busy} className="flex-1">
            Reset
          </Button>
          <Button variant="secondary" onClick={() => (forced ? void logOutEverywhere(navigate) : navigate(paths.login(), { replace: true }))}>
            Cancel
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
