import { Link } from 'react-router';
import { Alert, Card, Spinner } from 'kit';
import { Role, useHasRole, useSession } from 'shared';
import { HEALTH_PATH } from '../health/health.path';
import { useNavEntries, useRemotesSettled } from '../layout/useNavEntries';
import { AttentionCards } from './AttentionCards';
import { useHomeAttention } from './home.api';

/** 'Users, Projects and Licenses': the labels joined as a sentence. */
export function sentenceList(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * Home: where to go from here, naming only the links this user has (the spec's home text), and
 * the cards of what needs their attention (issue 41). The cards' one call starts with the page,
 * from the session alone: it waits for no remote, and drawing them loads none.
 */
export function HomePage() {
  const userName = useSession((s) => s.userName);
  const licenseId = useSession((s) => s.licenseId);
  const labels = [...new Set(useNavEntries().map((entry) => entry.label))];
  const settled = useRemotesSettled();
  const superAdmin = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const attention = useHomeAttention(userName);
  return (
    <div className="mx-auto max-w-3xl py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome{userName ? `, ${userName}` : ''}</h1>
      <Card className="mt-6">
        <p className="text-slate-700">
          {labels.length
            ? `Use the links across the top to manage ${sentenceList(labels)}.`
            : settled
              ? 'Your roles give you no section of this console yet. Ask your licence administrator for access.'
              : 'Use the links across the top to find your way.'}
        </p>
        {superAdmin ? (
          <p className="mt-3 text-sm text-slate-600">
            <Link to={HEALTH_PATH} className="font-medium text-brand-600 hover:underline">
              Console health
            </Link>{' '}
            shows each section's version, load time and state, and starts the console in safe mode.
          </p>
        ) : null}
      </Card>
      {attention.data ? (
        <AttentionCards attention={attention.data} viewer={{ superAdmin, licenseId }} />
      ) : attention.isError ? (
        <Alert variant="warning" className="mt-8">
          What needs your attention could not be loaded.
        </Alert>
      ) : (
        <Spinner label="Looking for what needs your attention" className="mt-8" />
      )}
    </div>
  );
}
