import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { copyUser, createUser, UserMessages, type User } from 'contracts/identity';
import { Alert, ApiError, Card, EmptyState, errorMessage, FormField, LicenseSelect, messageOf, notify, PageHeader, PageSpinner, Role, useHasRole, useSession } from 'shared';
import { userQuery } from './user.api';
import { initialValues, UserForm, type UserFormOutput } from './UserForm';
import { userKeys } from './users.api';
import { usersRoute, userViewRoute } from './users.routes';

/**
 * A new user (/users/new), or a copy of one (/users/:name/duplicate): the copy takes the
 * source's projects, groups, roles and product licences; a 210 (seats ran out) is shown as
 * the server's warning and the copy is made without product licences.
 */
export default function UserNewPage() {
  const source = useParams().name;
  const query = useQuery({ ...userQuery(source ?? ''), enabled: Boolean(source) });
  if (!source) return <NewUser />;
  if (query.error instanceof ApiError && query.error.status === 404) return <EmptyState title="User not found">It does not exist, or it is not yours to see.</EmptyState>;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <Alert variant="danger">{errorMessage(query.error, UserMessages.loadFailed)}</Alert>;
  return <NewUser source={query.data} />;
}

function NewUser({ source }: { source?: User }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const ownLicense = useSession((s) => s.licenseId);
  const [licenseId, setLicenseId] = useState<number | null>(ownLicense ?? null);
  const [licenseMissing, setLicenseMissing] = useState(false);

  const submit = async (values: UserFormOutput) => {
    if (!source && allLicenses && licenseId === null) {
      setLicenseMissing(true);
      return;
    }
    const body = { ...values, ...(source ? {} : { licenseId: licenseId ?? undefined }) };
    if (source) {
      const reply = await copyUser(source.userName, values.userName, body);
      if (reply.status === 210) notify.warning(messageOf(reply.body) ?? UserMessages.created);
      else notify.success(UserMessages.created);
    } else {
      await createUser(values.userName, body);
      notify.success(UserMessages.created);
    }
    await client.invalidateQueries({ queryKey: userKeys.lists() });
    navigate(userViewRoute.to({ name: values.userName }));
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title={source ? `Duplicate ${source.userName}` : 'New user'}
        description={source ? 'The new user gets the same projects, user groups, roles and product licenses.' : 'Set a password or e-mail a link on the Password tab once the user exists.'}
        back={{ to: usersRoute.to({}), label: 'Users' }}
      />
      <Card>
        <UserForm
          mode={source ? 'duplicate' : 'new'}
          initial={initialValues(source, true)}
          onSubmit={submit}
          showSso
          showComment
          editable
          submitLabel={source ? 'Create copy' : 'Create user'}
          failureMessage={UserMessages.createFailed}
        >
          {!source && allLicenses ? (
            <FormField label="License" required error={licenseMissing && licenseId === null ? UserMessages.licenseUnknown : undefined}>
              <LicenseSelect
                value={licenseId}
                allLabel="Select a license"
                onChange={(id) => {
                  setLicenseId(id);
                  setLicenseMissing(false);
                }}
              />
            </FormField>
          ) : null}
        </UserForm>
      </Card>
    </div>
  );
}
