import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PasskeyMessages } from 'contracts/auth';
import { Alert, Button } from 'kit';
import { errorMessage } from 'shared';
import { AuthLayout } from './AuthLayout';
import { PasskeyPromptError, signInWithPasskey } from './passkey.browser';
import { useContinueAfterLogin } from './useContinueAfterLogin';

/**
 * The second step after the password for an account whose factor is a passkey (issue 40): the
 * password step's reply named it (`type: 'factor'`), its token is in the path.
 */
export function PasskeyStep() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const continueAfterLogin = useContinueAfterLogin();
  const carry = { redirectUrl: params.get('redirectUrl'), returnTo: params.get('returnTo') };
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await continueAfterLogin(await signInWithPasskey(token), carry);
    } catch (error) {
      setFailure(error instanceof PasskeyPromptError ? error.message : errorMessage(error, PasskeyMessages.signInFailed));
    } finally {
      setBusy(false);
    }
  };
  const back = () => navigate(`/login${params.size ? `?${params}` : ''}`, { replace: true });
  return (
    <AuthLayout title={PasskeyMessages.stepTitle} subtitle={PasskeyMessages.stepSubtitle}>
      <div className="space-y-4">
        {failure ? <Alert variant="danger">{failure}</Alert> : null}
        <div className="flex gap-2">
          <Button type="button" loading={busy} className="flex-1" autoFocus onClick={() => void confirm()}>
            {PasskeyMessages.usePasskey}
          </Button>
          <Button variant="secondary" onClick={back}>
            Go Back
          </Button>
        </div>
      </div>
    </AuthLayout>
  );
}
