import { useQuery } from '@tanstack/react-query';
import { SecondFactorPolicySchema, type SecondFactorPolicySettings } from 'contracts/licensing';
import { Alert, dataKey, Button, Checkbox, FormField, Select, Spinner, useForm } from 'kit';
import { errorMessage } from 'shared';
import { secondFactorQuery, useSetSecondFactorPolicy } from './licenseSettings.api';

const POLICY_OPTIONS = [
  { value: 'off', label: 'Off: no new second factors' },
  { value: 'optional', label: 'Optional' },
  { value: 'administrators', label: 'Required for administrators' },
  { value: 'everyone', label: 'Required for everyone' },
];

/**
 * The licence's second-factor policy (issue 40): who must have a second factor, set up right
 * after the password at their next sign-in. Single sign-on users are exempt, as the screen says.
 */
export function LicenseSecondFactor({ licenseId }: { licenseId: number }) {
  const query = useQuery(secondFactorQuery(licenseId));
  if (query.isPending) return <Spinner />;
  if (query.isError) return <Alert variant="danger">{errorMessage(query.error, 'Failed to load the second-factor policy.')}</Alert>;
  // A new form when the saved policy comes back, so its values are the server's.
  return <PolicyForm key={dataKey(query.data)} licenseId={licenseId} initial={query.data} />;
}

function PolicyForm({ licenseId, initial }: { licenseId: number; initial: SecondFactorPolicySettings }) {
  const save = useSetSecondFactorPolicy(licenseId);
  const form = useForm({
    schema: SecondFactorPolicySchema,
    initial,
    failureMessage: 'Failed to save the second-factor policy.',
    onSubmit: async (values) => {
      await save.mutateAsync(values);
    },
  });
  return (
    <form onSubmit={form.submit} noValidate className="max-w-xl space-y-4">
      {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
      <p className="text-sm text-slate-600">
        Users who must have a second factor and have none set one up right after their password, before they use the console. An authenticator app or a passkey
        counts; the e-mailed code does not.
      </p>
      <FormField label="Second factor" error={form.error('policy')} required>
        <Select {...form.field('policy')} options={POLICY_OPTIONS} />
      </FormField>
      <Checkbox
        name="phishingResistantOnly"
        checked={form.values.phishingResistantOnly}
        onChange={(event) => form.setValue('phishingResistantOnly', event.target.checked)}
        label="Phishing-resistant only (passkeys)"
      />
      <Alert variant="info">Single sign-on users are exempt: their identity provider decides on a second factor.</Alert>
      <Button type="submit" loading={form.busy} disabled={!form.dirty}>
        Save
      </Button>
    </form>
  );
}
