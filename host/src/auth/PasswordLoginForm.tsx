import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthMessages, login, LoginSchema } from 'contracts/auth';
import { Alert, Button, FormField, Input, useForm } from 'kit';
import { paths, type SessionReply } from 'shared';
import { preloadToasts } from 'shared/host';
import { safeReturnTo, twoFactorPath } from './login-flow';

interface Props {
  carry: { redirectUrl: string | null; returnTo: string | null };
  onSession(reply: SessionReply): Promise<void>;
}

/** User name and password, with a caps-lock warning and the Forgot Password link. */
let prefetched = false;

/**
 * Once the login form has the focus, what every signed-in start needs is fetched at idle
 * priority while the password is typed: the signed-in frame (with the toasts' outlet and the
 * part that opens a section), the remotes' declarations and the federation runtime (never a
 * remote's code or screens). Only here: a page the user never signs in from fetches nothing.
 */
function prefetchWhileTyping() {
  if (prefetched) return;
  prefetched = true;
  const idle = (work: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 200));
  // Never before the page's own load is done: the prefetch must not compete with it.
  const afterLoad = (work: () => void) => (document.readyState === 'complete' ? idle(work) : window.addEventListener('load', () => idle(work), { once: true }));
  afterLoad(() => {
    void import('../federation/remotes.store').then((m) => m.prefetchSignedInStart()).catch(() => undefined);
    // The signed-in frame every start draws first, the part that opens a section, and the toasts' outlet.
    void import('../layout/Shell').catch(() => undefined);
    void import('../federation/RemoteArea').catch(() => undefined);
    preloadToasts();
  });
}

/** Where a sign-in from this form is expected to land: the page it returns to (Home otherwise). */
const landingPage = (returnTo: string | null): string => safeReturnTo(returnTo) ?? '/';

export function PasswordLoginForm({ carry, onSession }: Props) {
  const navigate = useNavigate();
  const [capsLock, setCapsLock] = useState(false);
  const form = useForm({
    schema: LoginSchema,
    initial: { userName: '', password: '' },
    failureMessage: AuthMessages.loginFailed,
    async onSubmit(credentials) {
      // The sign-in is asked first (the preloads, in a task of their own, start once its request
      // is out); while it is answered, the landing screen's files download (only its remote's) and run.
      const answer = login(credentials);
      setTimeout(() => void import('../federation/remotes.store').then((m) => m.preloadLanding(landingPage(carry.returnTo))).catch(() => undefined), 0);
      const reply = await answer;
      // Issue 40: the account's second factor is a passkey alone (PasskeyStep).
      if (reply.type === 'factor' && (reply.factors as string[]).join() === 'passkey') {
        const query = new URLSearchParams(Object.entries(carry).filter((e): e is [string, string] => Boolean(e[1])));
        navigate(`/login/passkey/${encodeURIComponent(reply.token)}${query.size ? `?${query}` : ''}`);
        return;
      }
      // A second factor: the e-mailed code alone (the spec's step), or the factors the user chooses among (issue 40).
      if ((reply.type === 'email' || reply.type === 'factor') && !('sessionId' in reply)) {
        navigate(twoFactorPath({ token: reply.token, factors: reply.type === 'factor' ? (reply.factors as string[]) : undefined }, carry));
        return;
      }
      await onSession(reply as SessionReply);
    },
  });

  const watchCapsLock = (event: KeyboardEvent) => setCapsLock(event.getModifierState('CapsLock'));
  const missing = form.submitted && Object.keys(form.errors).length > 0;
  return (
    <form onSubmit={form.submit} onFocus={prefetchWhileTyping} noValidate className="space-y-4">
      {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
      {missing ? <Alert variant="warning">{AuthMessages.highlightedFieldsRequired}</Alert> : null}
      <FormField label="User name" error={form.error('userName')} required>
        <Input {...form.field('userName')} autoComplete="username" autoFocus onKeyUp={watchCapsLock} />
      </FormField>
      <FormField label="Password" error={form.error('password')} required>
        <Input {...form.field('password')} type="password" autoComplete="current-password" onKeyUp={watchCapsLock} onKeyDown={watchCapsLock} />
      </FormField>
      {capsLock ? (
        <p role="status" className="-mt-2 text-xs font-medium text-amber-700">
          Caps Lock is on.
        </p>
      ) : null}
      <Button type="submit" className="w-full" loading={form.busy}>
        Login
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.passwordRecovery()} className="text-brand-600 hover:underline">
          Forgot Password?
        </Link>
      </p>
    </form>
  );
}
