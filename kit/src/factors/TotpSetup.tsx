import { useState } from 'react';
import { FactorMessages, TotpConfirmSchema, type TotpSetup as TotpSetupData } from 'contracts/auth/model';
import { errorMessage } from 'shared';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { FormField } from '../FormField';
import { Input } from '../Input';
import { useForm } from '../useForm';
import { RecoveryCodesShown } from './RecoveryCodesShown';

export interface TotpSetupProps {
  userName: string;
  productName?: string;
  /** Starts the set-up on the server: a new secret and its QR code. */
  start(): Promise<TotpSetupData>;
  /** Confirms with the app's first code; answers the recovery codes. */
  confirm(code: string): Promise<string[]>;
  /** After the user has seen (and kept) the recovery codes. */
  onDone(): void;
}

/**
 * Setting up an authenticator app (issue 40): the QR code and the secret as text, the first
 * code to confirm, then the recovery codes shown once. The profile and the set-up a licence's
 * policy forces after the password both use it; the calls are theirs.
 */
export function TotpSetup({ userName, productName, start, confirm, onDone }: TotpSetupProps) {
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [startFailure, setStartFailure] = useState<string | null>(null);
  const form = useForm({
    schema: TotpConfirmSchema,
    initial: { code: '' },
    failureMessage: FactorMessages.totpInvalid,
    onSubmit: async ({ code }) => setCodes(await confirm(code)),
  });

  const begin = async () => {
    setStarting(true);
    setStartFailure(null);
    try {
      setSetup(await start());
    } catch (error) {
      setStartFailure(errorMessage(error, FactorMessages.loadFailed));
    } finally {
      setStarting(false);
    }
  };

  if (codes) {
    return (
      <div className="space-y-3">
        <Alert variant="success">{FactorMessages.totpAdded}</Alert>
        <RecoveryCodesShown codes={codes} userName={userName} productName={productName} />
        <Button onClick={onDone}>I have kept my recovery codes</Button>
      </div>
    );
  }
  if (!setup) {
    return (
      <div className="space-y-3">
        {startFailure ? <Alert variant="danger">{startFailure}</Alert> : null}
        <Button onClick={begin} loading={starting}>
          Set up an authenticator app
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan the QR code with your authenticator app, or type the key into it.</li>
        <li>Enter the six-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img src={setup.qrCode} alt="QR code for your authenticator app" className="h-44 w-44 shrink-0 rounded border border-slate-200 bg-white" />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-slate-800" id="totp-key-label">
            Key
          </p>
          <code
            aria-labelledby="totp-key-label"
            data-testid="totp-secret"
            className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900"
          >
            {setup.secret}
          </code>
        </div>
      </div>
      <form onSubmit={form.submit} noValidate className="space-y-3">
        {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
        <FormField label="Code from the app" error={form.error('code')} required>
          <Input {...form.field('code')} inputMode="numeric" autoComplete="one-time-code" />
        </FormField>
        <Button type="submit" loading={form.busy}>
          Confirm
        </Button>
      </form>
    </div>
  );
}
