import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  AuthMessages,
  FACTOR_LABELS,
  FactorMessages,
  loginTwoFactor,
  PasskeyMessages,
  passkeyForFactorChallenge,
  SECOND_FACTORS,
  sendTwoFactorEmail,
  TwoFactorSchema,
  type SignInFactor,
} from 'contracts/auth';
import { Alert, Button, FormField, Input, useForm } from 'kit';
import { errorMessage } from 'shared';
import { AuthLayout } from './AuthLayout';
import { offeredFactors } from './login-flow';
import { PasskeyPromptError, signInWithPasskey } from './passkey.browser';
import { useContinueAfterLogin } from './useContinueAfterLogin';

/** What the code field is called for each factor. */
const CODE_LABELS: Record<string, string> = { totp: 'Code from your authenticator app', recovery: 'Recovery code', email: 'Code' };

/** What the chooser offers: the codes, and a passkey (asked for with the browser's prompt, not a code). */
const CHOOSABLE: readonly string[] = ['passkey', ...SECOND_FACTORS];

/**
 * The two-factor step: the code from the e-mail completes the sign-in (the spec's step); a user
 * with several factors (issue 40: the login reply's `factors`, carried in the query) chooses
 * one first. The e-mailed code is sent only when it is chosen; a passkey chosen opens the
 * browser's prompt for one of the account's passkeys.
 */
export function TwoFactorPage() {
  const { token: challenge = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const continueAfterLogin = useContinueAfterLogin();
  const carry = { redirectUrl: params.get('redirectUrl'), returnTo: params.get('returnTo') };
  const factors = offeredFactors(params.get('factors'), CHOOSABLE);
  const chooser = params.has('factors');
  const [method, setMethod] = useState<SignInFactor>(factors[0] as SignInFactor);
  const [prompting, setPrompting] = useState(false);
  const [emailSent, setEmailSent] = useState(!chooser);
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const form = useForm({
    // The code is the field; the challenge comes from the link the login reply named.
    schema: TwoFactorSchema,
    initial: { token: '', challenge },
    failureMessage: AuthMessages.loginFailed,
    onSubmit: async (input) => continueAfterLogin(await loginTwoFactor(chooser && method !== 'passkey' ? { ...input, method } : input), carry),
  });

  const confirmWithPasskey = async () => {
    setPrompting(true);
    setSendFailure(null);
    try {
      const { token } = await passkeyForFactorChallenge({ challenge });
      await continueAfterLogin(await signInWithPasskey(token), carry);
    } catch (error) {
      setSendFailure(error instanceof PasskeyPromptError ? error.message : errorMessage(error, PasskeyMessages.signInFailed));
    } finally {
      setPrompting(false);
    }
  };

  const choose = async (next: SignInFactor) => {
    setMethod(next);
    setSendFailure(null);
    if (next !== 'email' || emailSent) return;
    try {
      await sendTwoFactorEmail({ challenge });
      setEmailSent(true);
    } catch (error) {
      setSendFailure(errorMessage(error, AuthMessages.loginFailed));
    }
  };

  const back = () => {
    // Login keeps the carried query; the factors were this step's.
    const kept = new URLSearchParams([...params].filter(([key]) => key !== 'factors'));
    navigate(`/login${kept.size ? `?${kept}` : ''}`, { replace: true });
  };
  const title = chooser ? FactorMessages.chooseFactor : 'Check your e-mail';
  const subtitle = chooser ? undefined : 'We sent a sign-in code to the e-mail address of your account. It works once, for a few minutes.';
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form onSubmit={form.submit} noValidate className="space-y-4">
        {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
        {form.error('challenge') ? <Alert variant="danger">{form.error('challenge')}</Alert> : null}
        {chooser && factors.length > 1 ? (
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Sign in with</legend>
            {factors.map((factor) => (
              <label key={factor} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="factor" value={factor} checked={method === factor} onChange={() => void choose(factor as SignInFactor)} />
                {FACTOR_LABELS[factor] ?? factor}
              </label>
            ))}
          </fieldset>
        ) : null}
        {sendFailure ? <Alert variant="danger">{sendFailure}</Alert> : null}
        {chooser && method === 'email' && emailSent ? (
          <p className="text-sm text-slate-600" role="status">
            {FactorMessages.emailCodeSent}
          </p>
        ) : null}
        {method === 'passkey' ? (
          <div className="flex gap-2">
            <Button type="button" loading={prompting} className="flex-1" onClick={() => void confirmWithPasskey()}>
              {PasskeyMessages.usePasskey}
            </Button>
            <Button variant="secondary" onClick={back}>
              Go Back
            </Button>
          </div>
        ) : (
          <>
            <FormField label={CODE_LABELS[method] ?? 'Code'} error={form.error('token')} required>
              <Input {...form.field('token')} inputMode={method === 'recovery' ? 'text' : 'numeric'} autoComplete="one-time-code" autoFocus />
            </FormField>
            <div className="flex gap-2">
              <Button type="submit" loading={form.busy} className="flex-1">
                Verify
              </Button>
              <Button variant="secondary" onClick={back}>
                Go Back
              </Button>
            </div>
          </>
        )}
      </form>
    </AuthLayout>
  );
}
