import { useState } from 'react';
import { AuthMessages, getSsoUrl, notAnSsoAccount, SsoUserNameSchema } from 'contracts/auth';
import { Alert, Button, FormField, Input, useForm } from 'kit';
import { startSso } from './sso';

interface Props {
  carry: { redirectUrl: string | null; returnTo: string | null };
  /** Set after an earlier single sign-on: the re-login mode offers it directly. */
  storedSsoUrl: string | null;
}

/** Single sign-on: the user name finds the provider; a remembered provider signs in again in one click. */
export function SsoLoginForm({ carry, storedSsoUrl }: Props) {
  const [otherAccount, setOtherAccount] = useState(!storedSsoUrl);
  const [notSso, setNotSso] = useState<string | null>(null);
  const form = useForm({
    schema: SsoUserNameSchema,
    initial: { userName: '' },
    failureMessage: AuthMessages.ssoInfoFailed,
    async onSubmit({ userName }) {
      setNotSso(null);
      const { ssoUrl } = await getSsoUrl(userName);
      if (!ssoUrl) setNotSso(notAnSsoAccount(userName));
      else startSso(ssoUrl, carry);
    },
  });

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
    <form onSubmit={form.submit} noValidate className="space-y-4">
      {form.failure || notSso ? <Alert variant="warning">{form.failure ?? notSso}</Alert> : null}
      <FormField label="User name or e-mail" hint="Your organisation's sign-in page opens next." error={form.error('userName')} required>
        <Input {...form.field('userName')} autoComplete="username" autoFocus />
      </FormField>
      <Button type="submit" className="w-full" loading={form.busy}>
        Continue with single sign-on
      </Button>
    </form>
  );
}
