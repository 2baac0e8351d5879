import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessReviewCreateBodySchema, AccessReviewMessages as M, type ReviewScopeKind } from 'contracts/identity';
import { Button, Card, Checkbox, FormField, Input, LicenseSelect, PageHeader, Select, useForm } from 'kit';
import { Role, useHasRole, useSession, useUnsavedChanges } from 'shared';
import { licenseAdminsQuery, subjectsQuery, useStartReview } from './accessReview.api';
import { accessReviewRoute, accessReviewsRoute } from './accessReview.routes';

interface NewReviewValues {
  licenseId: number;
  name: string;
  scopeKind: ReviewScopeKind;
  scopeIds: number[];
  dueDate: string;
  reviewerIds: number[];
}

const SCOPE_OPTIONS = [
  { value: 'administrative', label: 'All administrative roles' },
  { value: 'role', label: 'Chosen permissions' },
  { value: 'addon', label: 'Chosen product licenses' },
  { value: 'project', label: 'Chosen projects' },
];

/** The default due date: two weeks from today, 'YYYY-MM-DD'. */
const twoWeeksAhead = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

const toggled = (ids: number[], id: number, on: boolean) => (on ? [...ids, id] : ids.filter((x) => x !== id));

/**
 * Starts an access review (issue 41): what it covers (every administrative role, or chosen
 * permissions, product licences or projects), a due date, and reviewers among the licence's
 * administrators. The holdings in scope are read when it starts.
 */
export default function AccessReviewNewPage() {
  const navigate = useNavigate();
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const ownLicense = useSession((s) => s.licenseId) ?? 0;
  const start = useStartReview();
  const [inTwoWeeks] = useState(twoWeeksAhead);
  const form = useForm<NewReviewValues, typeof AccessReviewCreateBodySchema>({
    schema: AccessReviewCreateBodySchema,
    initial: { licenseId: ownLicense, name: '', scopeKind: 'administrative', scopeIds: [], dueDate: inTwoWeeks, reviewerIds: [] },
    onSubmit: async (body) => {
      const review = await start.mutateAsync(body);
      navigate(accessReviewRoute.to({ id: review.reviewId }), { replace: true });
    },
  });
  useUnsavedChanges(form.dirty && !form.busy);
  const { licenseId, scopeKind, scopeIds, reviewerIds } = form.values;
  const subjects = useQuery({ ...subjectsQuery(scopeKind === 'administrative' ? 'role' : scopeKind, licenseId), enabled: scopeKind !== 'administrative' });
  const admins = useQuery(licenseAdminsQuery(licenseId));
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = (subjects.data ?? []).filter(
    (s) => scopeIds.includes(s.id) || !needle || s.label.toLowerCase().includes(needle) || s.description.toLowerCase().includes(needle),
  );

  return (
    <div className="space-y-4">
      <PageHeader
        title="New access review"
        description="Every holding in scope is listed for the reviewers to keep or remove."
        back={{ to: accessReviewsRoute.to({}), label: M.reviewsTitle }}
      />
      <Card>
        <form onSubmit={form.submit} noValidate className="max-w-2xl space-y-4">
          {allLicenses ? (
            <FormField label="License" required>
              <LicenseSelect value={licenseId || null} allLabel="Select a license" onChange={(id) => form.setValue('licenseId', id ?? 0)} />
            </FormField>
          ) : null}
          <FormField label="Name" required error={form.error('name')}>
            <Input {...form.field('name')} maxLength={200} />
          </FormField>
          <FormField label="Due date" required error={form.error('dueDate')}>
            <Input type="date" {...form.field('dueDate')} />
          </FormField>
          <FormField label="Review" error={form.error('scopeKind')}>
            <Select
              value={scopeKind}
              options={SCOPE_OPTIONS}
              onChange={(event) => {
                form.setValue('scopeKind', event.target.value as ReviewScopeKind);
                form.setValue('scopeIds', []);
              }}
            />
          </FormField>
          {scopeKind === 'administrative' ? null : (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-gray-900">{SCOPE_OPTIONS.find((o) => o.value === scopeKind)!.label}</legend>
              <FormField label="Search">
                <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
              </FormField>
              <div className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-md border border-gray-200 p-2">
                {shown.map((s) => (
                  <Checkbox
                    key={s.id}
                    label={s.label}
                    checked={scopeIds.includes(s.id)}
                    onChange={(event) => form.setValue('scopeIds', toggled(scopeIds, s.id, event.target.checked))}
                  />
                ))}
              </div>
              {form.error('scopeIds') ? <p className="text-sm text-red-700">{form.error('scopeIds')}</p> : null}
            </fieldset>
          )}
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-gray-900">Reviewers</legend>
            {(admins.data ?? []).map((admin) => (
              <Checkbox
                key={admin.userId}
                label={`${admin.userName}${admin.fullName ? ` (${admin.fullName})` : ''}`}
                checked={reviewerIds.includes(admin.userId)}
                onChange={(event) => form.setValue('reviewerIds', toggled(reviewerIds, admin.userId, event.target.checked))}
              />
            ))}
            {form.error('reviewerIds') ? <p className="text-sm text-red-700">{form.error('reviewerIds')}</p> : null}
          </fieldset>
          <Button type="submit" loading={form.busy}>
            Start review
          </Button>
        </form>
      </Card>
    </div>
  );
}
