import { useEffect, useState } from 'react';
import { AuthMessages, loginWithSso, ssoError } from 'contracts/auth';
import { Alert, Button, Spinner } from 'kit';
import { errorMessage, useSession, type SessionReply } from 'shared';
import { AuthLayout } from './AuthLayout';
import { startSso, takeSsoRequest, type SsoRequest, type SsoResult } from './sso';
import { useContinueAfterLogin } from './useContinueAfterLogin';

type View = { kind: 'processing'; request: SsoRequest } | { kind: 'failed'; message: string; request: SsoRequest | null };

// Read once per provider answer, and sign in once per id_token (an id_token works once):
// React runs effects twice in development.
const requests = new Map<string, SsoRequest | null>();
const logins = new Map<string, Promise<SessionReply>>();

function firstView(result: SsoResult): View {
  const key = result.kind === 'token' ? result.idToken : `${result.error}|${result.description}`;
  if (!requests.has(key)) requests.set(key, takeSsoRequest());
  const request = requests.get(key) ?? null;
  if (result.kind === 'error') return { kind: 'failed', message: ssoError(result.error, result.description), request };
  if (!request || request.state !== result.state) {
    return { kind: 'failed', message: ssoError('invalid_state', 'The answer does not belong to a sign-in started in this browser.'), request };
  }
  return { kind: 'processing', request };
}

/** The provider sent the user back to /login#…: finish the sign-in, or say why it failed. */
export function SsoCallback({ result, onRestart }: { result: SsoResult; onRestart(): void }) {
  const continueAfterLogin = useContinueAfterLogin();
  const [view, setView] = useState<View>(() => firstView(result));

  useEffect(() => {
    // The token must not stay in the address bar or the history.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (view.kind !== 'processing' || result.kind !== 'token') return;
    const { request } = view;
    let cancelled = false;
    let login = logins.get(result.idToken);
    if (!login) {
      login = loginWithSso({ cognitoJwt: result.idToken, nonce: request.nonce }) as Promise<SessionReply>;
      logins.set(result.idToken, login);
    }
    login
      .then(async (reply) => {
        if (!cancelled) await continueAfterLogin(reply, { redirectUrl: request.redirectUrl, returnTo: request.returnTo });
      })
      .catch((error: unknown) => {
        if (!cancelled) setView({ kind: 'failed', message: `${errorMessage(error, AuthMessages.loginFailed)} ${AuthMessages.ssoContactAdmin}`, request });
      });
    return () => {
      cancelled = true;
    };
  }, [view, result, continueAfterLogin]);

  const retry = () => {
    const ssoUrl = view.request?.ssoUrl ?? useSession.getState().ssoUrl;
    if (ssoUrl) startSso(ssoUrl, { redirectUrl: view.request?.redirectUrl ?? null, returnTo: view.request?.returnTo ?? null });
    else onRestart();
  };

  return (
    <AuthLayout title="Single sign-on">
      {view.kind === 'processing' ? (
        <div className="flex items-center gap-3 text-sm text-slate-700">
          <Spinner label="Signing in" /> Signing you in…
        </div>
      ) : (
        <div className="space-y-4">
          <Alert variant="danger">{view.message}</Alert>
          <div className="flex gap-2">
            <Button onClick={retry}>Retry</Button>
            <Button variant="secondary" onClick={onRestart}>
              Back to sign in
            </Button>
          </div>
        </div>
      )}
    </AuthLayout>
  );
}
