import { useEffect, useRef, useState } from 'react';
import { Alert, AuthMessages, Button, errorMessage, loginWithSso, Spinner, ssoError, useSession, type SessionReply } from 'shared';
import { AuthLayout } from './AuthLayout';
import { startSso, takeSsoRequest, type SsoRequest, type SsoResult } from './sso';
import { useContinueAfterLogin } from './useContinueAfterLogin';

type View = { kind: 'processing' } | { kind: 'failed'; message: string; request: SsoRequest | null };

/** The provider sent the user back to /login#…: finish the sign-in, or say why it failed. */
export function SsoCallback({ result, onRestart }: { result: SsoResult; onRestart(): void }) {
  const continueAfterLogin = useContinueAfterLogin();
  const [view, setView] = useState<View>({ kind: 'processing' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const request = takeSsoRequest();
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (result.kind === 'error') {
      setView({ kind: 'failed', message: ssoError(result.error, result.description), request });
      return;
    }
    if (!request || request.state !== result.state) {
      setView({ kind: 'failed', message: ssoError('invalid_state', 'The answer does not belong to a sign-in started in this browser.'), request });
      return;
    }
    loginWithSso({ cognitoJwt: result.idToken, nonce: request.nonce })
      .then((reply) => continueAfterLogin(reply as SessionReply, { redirectUrl: request.redirectUrl, returnTo: request.returnTo }))
      .catch((error: unknown) =>
        setView({ kind: 'failed', message: `${errorMessage(error, AuthMessages.loginFailed)} ${AuthMessages.ssoContactAdmin}`, request }),
      );
  }, [result, continueAfterLogin]);

  const retry = () => {
    const request = view.kind === 'failed' ? view.request : null;
    const ssoUrl = request?.ssoUrl ?? useSession.getState().ssoUrl;
    if (ssoUrl) startSso(ssoUrl, { redirectUrl: request?.redirectUrl ?? null, returnTo: request?.returnTo ?? null });
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
