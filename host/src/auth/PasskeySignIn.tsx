import { useState } from 'react';
import { PasskeyMessages } from 'contracts/auth';
import { Alert, Button } from 'kit';
import { errorMessage, type SessionReply } from 'shared';
import { PasskeyPromptError, signInWithPasskey } from './passkey.browser';

interface Props {
  onSession(reply: SessionReply): Promise<void>;
}

/** 'Sign in with a passkey' on the login page: a discoverable passkey, no user name, no password. */
export function PasskeySignIn({ onSession }: Props) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onSession(await signInWithPasskey());
    } catch (error) {
      setFailure(error instanceof PasskeyPromptError ? error.message : errorMessage(error, PasskeyMessages.signInFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {failure ? <Alert variant="danger">{failure}</Alert> : null}
      <Button type="button" variant="secondary" className="w-full" loading={busy} onClick={() => void signIn()}>
        {PasskeyMessages.signIn}
      </Button>
    </div>
  );
}
