import { useNavigate, useSearchParams } from 'react-router';
import { confirmTotpSetup, FactorMessages, startTotpSetup } from 'contracts/auth';
import { Alert, Button, TotpSetup } from 'kit';
import { isSignedIn, paths, useSession } from 'shared';
import { AuthLayout } from './AuthLayout';
import { logOutEverywhere } from './logout';
import { useContinueAfterLogin } from './useContinueAfterLogin';

/**
 * The second factor a licence's policy requires (issue 40), set up right after the password,
 * like the spec's forced password update: the session answers nothing else until it is done.
 */
export function FactorSetupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const continueAfterLogin = useContinueAfterLogin();
  const userName = useSession((s) => s.userName) ?? '';
  const signedIn = useSession((s) => isSignedIn(s));
  const carry = { redirectUrl: params.get('redirectUrl'), returnTo: params.get('returnTo') };
  if (!signedIn) {
    return (
      <AuthLayout title="Set up a second factor">
        <Button onClick={() => navigate(paths.login(), { replace: true })}>Go to Login</Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Set up a second factor">
      <div className="space-y-4">
        <Alert variant="info">{FactorMessages.setupRequired}</Alert>
        <TotpSetup
          userName={userName}
          start={startTotpSetup}
          confirm={async (code) => (await confirmTotpSetup({ code })).recoveryCodes}
          onDone={() => {
            useSession.getState().factorSetUp();
            void continueAfterLogin(null, carry);
          }}
        />
        <Button variant="secondary" onClick={() => void logOutEverywhere(navigate)}>
          Log out
        </Button>
      </div>
    </AuthLayout>
  );
}
