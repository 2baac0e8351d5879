import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthMessages } from 'contracts/auth';
import { Alert, cx, PageSpinner } from 'kit';
import { isSignedIn, useSession } from 'shared';
import { queryClient } from '../app/queryClient';
import { AuthLayout } from './AuthLayout';
import { logOutEverywhere } from './logout';
import { PasskeySignIn } from './PasskeySignIn';
import { PasswordLoginForm } from './PasswordLoginForm';
import { readSsoHash } from './sso';
import { SsoCallback } from './SsoCallback';
import { SsoLoginForm } from './SsoLoginForm';
import { useContinueAfterLogin } from './useContinueAfterLogin';

type Mode = 'password' | 'sso';

/**
 * Login. Query: status (with message) forces a log-out and shows the message; logOff=true
 * logs out and comes back; redirectUrl (an environment page) and returnTo (a console page)
 * are carried through the sign-in. The hash may carry a single sign-on result.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const continueAfterLogin = useContinueAfterLogin();
  const storedSsoUrl = useSession((s) => s.ssoUrl);
  const [mode, setMode] = useState<Mode>(storedSsoUrl ? 'sso' : 'password');
  const ssoResult = useMemo(() => readSsoHash(location.hash), [location.hash]);

  const status = params.get('status');
  const message = params.get('message');
  const logOff = params.get('logOff') === 'true';
  const loggedOut = params.get('loggedOut') === '1';
  const carry = { redirectUrl: params.get('redirectUrl'), returnTo: params.get('returnTo') };
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || ssoResult) return;
    handled.current = true;
    if (status) {
      useSession.getState().signOut({ keepSso: true });
      queryClient.clear();
    } else if (logOff) {
      void logOutEverywhere(navigate);
    } else if (isSignedIn()) {
      // Already signed in: carry on where the user was heading.
      if (carry.redirectUrl || carry.returnTo) void continueAfterLogin(null, carry);
      else navigate('/', { replace: true });
    }
    // Runs once per arrival on the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (ssoResult) return <SsoCallback result={ssoResult} onRestart={() => navigate('/login', { replace: true })} />;
  if (logOff) return <PageSpinner label="Logging out" />;

  return (
    <AuthLayout title="Sign in" subtitle="Administration console for licences, users, projects and sites.">
      <div className="space-y-4">
        {status && message ? (
          <Alert variant="danger" title={status === '412' || status === '401' ? 'You have been signed out' : undefined}>
            {message}
          </Alert>
        ) : null}
        {loggedOut ? <Alert variant="success">{AuthMessages.loggedOut}</Alert> : null}
        <div role="radiogroup" aria-label="How to sign in" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm">
          {(['password', 'sso'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              onClick={() => setMode(m)}
              className={cx(
                'rounded-md px-3 py-1.5 font-medium transition focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {m === 'password' ? 'Password' : 'Single sign-on'}
            </button>
          ))}
        </div>
        {mode === 'password' ? (
          <>
            <PasswordLoginForm carry={carry} onSession={(reply) => continueAfterLogin(reply, carry)} />
            <PasskeySignIn onSession={(reply) => continueAfterLogin(reply, carry)} />
          </>
        ) : (
          <SsoLoginForm carry={carry} storedSsoUrl={storedSsoUrl} />
        )}
      </div>
    </AuthLayout>
  );
}
