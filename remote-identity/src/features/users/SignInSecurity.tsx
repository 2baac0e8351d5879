import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FactorMessages, startTotpSetup, type MyFactors } from 'contracts/auth';
import { Alert, Badge, Button, Card, RecoveryCodesShown, Spinner, TotpSetup } from 'kit';
import { errorMessage } from 'shared';
import { myFactorsQuery, useConfirmTotp, useRegenerateRecoveryCodes, useRemoveTotp } from './factors.api';
import { PasswordAgainForm } from './PasswordAgainForm';

/** What each policy means for the user, in the profile's words. */
const POLICY_TEXT: Record<MyFactors['policy'], string> = {
  off: FactorMessages.factorsOff,
  optional: 'A second factor is optional for your licence.',
  administrators: 'Your licence requires a second factor of administrators.',
  everyone: 'Your licence requires a second factor of everyone.',
};

/**
 * The profile's 'Sign-in security' (issue 40): the authenticator app (set up with its QR code
 * and key, removed with the password again) and the recovery codes (made again with the
 * password again). The passkeys add their part beside these.
 */
export function SignInSecurity({ userName }: { userName: string }) {
  const query = useQuery(myFactorsQuery());
  return (
    <section aria-labelledby="profile-security" className="space-y-3">
      <h2 id="profile-security" className="text-base font-semibold text-slate-900">
        {FactorMessages.title}
      </h2>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <Alert variant="danger">{errorMessage(query.error, FactorMessages.loadFailed)}</Alert> : null}
      {query.data ? <Factors factors={query.data} userName={userName} /> : null}
    </section>
  );
}

function Factors({ factors, userName }: { factors: MyFactors; userName: string }) {
  // Single sign-on users are exempt: their provider decides (issue 40).
  if (factors.isSsoUser) return <Alert variant="info">{FactorMessages.ssoExempt}</Alert>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{POLICY_TEXT[factors.policy]}</p>
      <AuthenticatorApp factors={factors} userName={userName} />
      {factors.totp ? <RecoveryCodes left={factors.recoveryCodesLeft} userName={userName} /> : null}
    </div>
  );
}

function AuthenticatorApp({ factors, userName }: { factors: MyFactors; userName: string }) {
  // Kept while the set-up shows its recovery codes, after the query already says the app is there.
  const [settingUp, setSettingUp] = useState(false);
  const [removing, setRemoving] = useState(false);
  const confirm = useConfirmTotp();
  const remove = useRemoveTotp();
  const status = factors.totp ? <Badge variant="success">On</Badge> : <Badge variant="neutral">Off</Badge>;
  return (
    <Card title={FactorMessages.totpTitle} actions={status}>
      {!factors.totp || settingUp ? (
        factors.policy === 'off' && !settingUp ? (
          <p className="text-sm text-slate-600">{FactorMessages.factorsOff}</p>
        ) : (
          <TotpSetup
            userName={userName}
            start={async () => {
              setSettingUp(true);
              return startTotpSetup();
            }}
            confirm={(code) => confirm.mutateAsync(code)}
            onDone={() => setSettingUp(false)}
          />
        )
      ) : removing ? (
        <PasswordAgainForm
          action="Remove the app"
          danger
          onConfirm={async (password) => {
            await remove.mutateAsync(password);
            setRemoving(false);
          }}
          onCancel={() => setRemoving(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-700">Sign-ins ask for a code from your authenticator app.</p>
          <Button variant="secondary" onClick={() => setRemoving(true)}>
            Remove the app
          </Button>
        </div>
      )}
    </Card>
  );
}

function RecoveryCodes({ left, userName }: { left: number; userName: string }) {
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useRegenerateRecoveryCodes();
  return (
    <Card title={FactorMessages.recoveryTitle}>
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          {left} unused {left === 1 ? 'code' : 'codes'} left. Each works once, when the app is not at hand.
        </p>
        {codes ? (
          <>
            <RecoveryCodesShown codes={codes} userName={userName} />
            <Button variant="secondary" onClick={() => setCodes(null)}>
              Hide the codes
            </Button>
          </>
        ) : asking ? (
          <PasswordAgainForm
            action="Make new codes"
            onConfirm={async (password) => {
              setCodes(await regenerate.mutateAsync(password));
              setAsking(false);
            }}
            onCancel={() => setAsking(false)}
          />
        ) : (
          <Button variant="secondary" onClick={() => setAsking(true)}>
            Make new recovery codes
          </Button>
        )}
      </div>
    </Card>
  );
}
