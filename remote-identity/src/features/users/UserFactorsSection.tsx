import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FactorResetMessages as M, type User } from 'contracts/identity';
import { Alert, Button, Card, ConfirmDialog, formatDate, Spinner } from 'kit';
import { errorMessage, Role, useHasRole } from 'shared';
import { useResetFactors, userFactorsQuery } from './user.api';

/**
 * Another user's second factors, on their Sessions tab (issue 40): what they have — an
 * authenticator app, recovery codes left, the e-mailed code, passkeys by name and date — never a
 * secret. A user administrator resets them all for a user who lost their phone or security key
 * (after a confirmation naming what happens); the server holds the privilege ceiling. A user's
 * own factors are on their profile.
 */
export function UserFactorsSection({ user }: { user: User }) {
  const administers = useHasRole(Role.ADMINISTER_USER_CREATE_UPDATE);
  const factors = useQuery(userFactorsQuery(user.userName));
  const [confirming, setConfirming] = useState(false);
  const reset = useResetFactors(user.userName, () => setConfirming(false));
  const data = factors.data;
  const hasAny = Boolean(data && (data.totp || data.recoveryCodesLeft > 0 || data.passkeys.length > 0));

  return (
    <Card
      title={M.title}
      actions={
        administers && hasAny ? (
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            {M.reset}
          </Button>
        ) : undefined
      }
    >
      <p className="mb-3 text-slate-600">{M.description}</p>
      {factors.isError ? <Alert variant="danger">{errorMessage(factors.error, M.loadFailed)}</Alert> : null}
      {factors.isPending ? <Spinner /> : null}
      {data ? (
        <>
          {data.isSsoUser ? <p className="mb-3">{M.sso}</p> : null}
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="font-medium text-slate-900">{M.totp}</dt>
              <dd>{data.totp ? M.setUp : M.notSetUp}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-900">{M.recoveryCodes}</dt>
              <dd>{data.recoveryCodesLeft}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-900">{M.email}</dt>
              <dd>{data.email ? M.on : M.off}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-900">{M.passkeys}</dt>
              <dd>
                {data.passkeys.length === 0 ? (
                  M.none
                ) : (
                  <ul className="space-y-1">
                    {data.passkeys.map((key) => (
                      <li key={`${key.name}-${key.createdAt}`}>
                        {key.name}{' '}
                        <span className="text-slate-500">
                          (added {formatDate(key.createdAt)}
                          {key.lastUsedAt ? `, last used ${formatDate(key.lastUsedAt)}` : ''})
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
          {data.required ? <p className="mt-3 text-slate-600">{M.required}</p> : null}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`${M.reset}?`}
        message={M.confirm(user.userName)}
        confirmLabel={M.reset}
        variant="danger"
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
