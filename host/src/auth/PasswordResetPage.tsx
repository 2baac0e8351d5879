import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  AuthMessages,
  DEFAULT_PASSWORD_POLICY,
  getPasswordPolicy,
  ownPasswordFormSchema,
  resetPassword,
  resetPasswordFormSchema,
  verifyResetToken,
  type PasswordPolicy,
} from 'contracts/auth';
import { getUserPasswordPolicy, setUserPassword } from 'contracts/identity';
import { Alert, Button, FormField, Input, PageSpinner, useForm } from 'kit';
import { isSignedIn, notify, paths, useSession } from 'shared';
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
    queryFn: (): Promise<PasswordPolicy> => (token ? getPasswordPolicy({ token }) : getUserPasswordPolicy(userName!)),
    enabled: Boolean(token ? link.data?.valid : forced),
  });

  if (!token && !forced) return <InvalidLink />;
  if (token && link.isPending) return <PageSpinner label="Checking the link" />;
  if (token && (link.isError || !link.data?.valid)) return <InvalidLink />;
  return (
    <ResetForm
      token={token}
      forced={forced}
      policy={policy.data ?? DEFAULT_PASSWORD_POLICY}
      userName={token ? (link.data?.userName ?? '') : (userName ?? '')}
    />
  );
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
  const form = useForm({
    // Changing one's own password (the forced update) needs the current one; a link does not.
    schema: token ? resetPasswordFormSchema(policy) : ownPasswordFormSchema(policy),
    initial: { currentPassword: '', password: '', repeat: '' },
    failureMessage: AuthMessages.resetFailed,
    async onSubmit(input) {
      if (token) {
        await resetPassword(token, { password: input.password });
        notify.success(AuthMessages.passwordResetDone);
        navigate(paths.login(), { replace: true });
      } else {
        await setUserPassword(userName, { mode: 'manual', password: input.password, currentPassword: 'currentPassword' in input ? input.currentPassword : '' });
        useSession.getState().passwordUpdated();
        notify.success(AuthMessages.passwordUpdated);
        await continueAfterLogin(null, { redirectUrl: params.get('redirectUrl') });
      }
    },
  });

  return (
    <AuthLayout title="Choose a new password" subtitle={userName ? `For ${userName}.` : undefined}>
      <form onSubmit={form.submit} noValidate className="space-y-4">
        {forced ? <Alert variant="info">{AuthMessages.pleaseUpdatePassword}</Alert> : null}
        {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
        {/* Lets password managers store the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
        {token ? null : (
          <FormField label="Current password" error={form.error('currentPassword')} required>
            <Input {...form.field('currentPassword')} type="password" autoComplete="current-password" autoFocus />
          </FormField>
        )}
        <PasswordRequirements policy={policy} password={form.values.password.trim()} />
        <FormField label="New password" error={form.error('password')} required>
          <Input {...form.field('password')} type="password" autoComplete="new-password" autoFocus={Boolean(token)} />
        </FormField>
        <FormField label="Repeat the new password" error={form.error('repeat')} required>
          <Input {...form.field('repeat')} type="password" autoComplete="new-password" />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" loading={form.busy} className="flex-1">
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
