import { useState, type FormEvent } from 'react';
import { AuthMessages, getSsoUrl, notAnSsoAccount } from 'contracts/auth';
import { Alert, Button, errorMessage, FormField, Input } from 'shared';
import { startSso } from './sso';

interface Props {
  carry: { redirectUrl: string | null; returnTo: string | null };
  /** Set after an earlier single sign-on: the re-login mode offers it directly. */
  storedSsoUrl: string | null;
}

/** Single sign-on: the user name finds the provider; a remembered provider signs in again in one click. */
export function SsoLoginForm({ carry, storedSsoUrl }: Props) {
  const [userName, setUserName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [otherAccount, setOtherAccount] = useState(!storedSsoUrl);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const name = userName.trim();
    if (!name) {
      setError(AuthMessages.userNameRequired);
      return;
    }
    setBusy(true);
    try {
      const { ssoUrl } = await getSsoUrl(name);
      if (!ssoUrl) {
        setError(notAnSsoAccount(name));
        setBusy(false);
        return;
      }
      startSso(ssoUrl, carry);
    } catch (e) {
      setError(errorMessage(e, AuthMessages.ssoInfoFailed));
      setBusy(false);
    }
  }

  if (!otherAccount && storedSsoUrl) {
    return (
      <div className="space-y-3">
        <Button className="w-full" onClick={() => startSso(storedSsoUrl, carry)}>
          Sign in again with single sign-on
        </Button>
        <p className="text-center text-sm">
          <button type="button" className="text-brand-600 hover:underline" onClick={() => setOtherAccount(true)}>
            Use another account
          </button>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? <Alert variant="warning">{error}</Alert> : null}
      <FormField label="User name or e-mail" hint="Your organisation's sign-in page opens next.">
        <Input name="ssoUserName" autoComplete="username" autoFocus value={userName} onChange={(e) => setUserName(e.target.value)} />
      </FormField>
      <Button type="submit" className="w-full" loading={busy}>
        Continue with single sign-on
      </Button>
    </form>
  );
}
