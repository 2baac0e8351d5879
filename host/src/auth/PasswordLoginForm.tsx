import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { AuthMessages, login, LoginSchema } from 'contracts/auth';
import { Alert, Button, errorMessage, fieldErrors, FormField, Input, paths, type FieldErrors, type SessionReply } from 'shared';

interface Props {
  carry: { redirectUrl: string | null; returnTo: string | null };
  onSession(reply: SessionReply): Promise<void>;
}

/** User name and password, with a caps-lock warning and the Forgot Password link. */
export function PasswordLoginForm({ carry, onSession }: Props) {
  const navigate = useNavigate();
  const [values, setValues] = useState({ userName: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [capsLock, setCapsLock] = useState(false);
  const [busy, setBusy] = useState(false);

  const watchCapsLock = (event: KeyboardEvent) => setCapsLock(event.getModifierState('CapsLock'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = v.safeParse(LoginSchema, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const reply = await login(parsed.output);
      if (reply.type === 'email' && !('sessionId' in reply)) {
        const query = new URLSearchParams(Object.entries(carry).filter((e): e is [string, string] => Boolean(e[1])));
        navigate(`${paths.twoFactor(reply.token)}${query.size ? `?${query}` : ''}`);
        return;
      }
      await onSession(reply as SessionReply);
    } catch (error) {
      setFailure(errorMessage(error, AuthMessages.loginFailed));
    } finally {
      setBusy(false);
    }
  }

  const missing = Object.keys(errors).length > 0;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert variant="danger">{failure}</Alert> : null}
      {missing ? <Alert variant="warning">{AuthMessages.highlightedFieldsRequired}</Alert> : null}
      <FormField label="User name" error={errors.userName} required>
        <Input
          name="userName"
          autoComplete="username"
          autoFocus
          value={values.userName}
          onChange={(e) => setValues({ ...values, userName: e.target.value })}
          onKeyUp={watchCapsLock}
        />
      </FormField>
      <FormField label="Password" error={errors.password} required>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
          onKeyUp={watchCapsLock}
          onKeyDown={watchCapsLock}
        />
      </FormField>
      {capsLock ? (
        <p role="status" className="-mt-2 text-xs font-medium text-amber-700">
          Caps Lock is on.
        </p>
      ) : null}
      <Button type="submit" className="w-full" loading={busy}>
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
