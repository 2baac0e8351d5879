import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EnvironmentMessages, getLicenseEnvironments, getSessionGuid, type Environment } from 'contracts/auth';
import { Alert, Badge, Button, PageSpinner } from 'kit';
import { notify, useSession } from 'shared';
import { handOff } from './login-flow';

/** 'Choose an Environment': one button per environment of the user's licence. */
export function EnvironmentsPage() {
  const licenseId = useSession((s) => s.licenseId);
  const [params] = useSearchParams();
  const [leaving, setLeaving] = useState<number | null>(null);
  const environments = useQuery({
    queryKey: ['host', 'environments', licenseId],
    queryFn: () => getLicenseEnvironments(licenseId!),
    enabled: licenseId !== null,
  });

  async function choose(environment: Environment) {
    setLeaving(environment.environmentId);
    await handOff(environment, params.get('redirectUrl'), {
      sessionGuid: async () => (await getSessionGuid()).sessionGuid,
      leave: (url) => window.location.assign(url),
      error: (message) => {
        notify.error(message);
        setLeaving(null);
      },
    });
  }

  return (
    <div className="mx-auto max-w-lg py-10">
      <h1 className="text-xl font-semibold text-slate-900">{EnvironmentMessages.chooseEnvironment}</h1>
      <p className="mt-1 text-sm text-slate-600">Your licence has more than one environment. Choose where to continue.</p>
      <div className="mt-6 space-y-3">
        {environments.isPending ? <PageSpinner /> : null}
        {environments.isError ? <Alert variant="danger">{EnvironmentMessages.fetchFailed}</Alert> : null}
        {environments.data?.map((environment) => (
          <Button
            key={environment.environmentId}
            variant="secondary"
            className="w-full py-3"
            loading={leaving === environment.environmentId}
            disabled={leaving !== null}
            onClick={() => void choose(environment)}
          >
            <span className="flex w-full items-center gap-2 text-left">
              <span className="flex-1 font-medium">{environment.name}</span>
              {environment.label ? <Badge variant="warning">{environment.label}</Badge> : null}
            </span>
          </Button>
        ))}
      </div>
    </div>
  );
}
