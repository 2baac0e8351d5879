import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { copyUser, createUser, UserMessages, type User } from 'contracts/identity';
import { getLicenses } from 'contracts/licensing';
import { Alert, ApiError, Card, EmptyState, errorMessage, messageOf, notify, PageHeader, PageSpinner, Role, useHasRole } from 'shared';
import { userQuery } from './user.api';
import { initialValues, UserForm, type UserFormOutput } from './UserForm';
import { userKeys } from './users.api';
import { usersRoute, userViewRoute } from './users.routes';

/** The licences a super administrator may put a new user in. */
const newUserLicensesQuery = queryOptions({ queryKey: ['identity', 'licenses', 'choices'], queryFn: getLicenses, staleTime: 5 * 60_000 });

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
  // A super administrator chooses the licence of a new user (none preselected: their own is
  // the internal one, where customer users do not belong); everyone else's go to their own.
  const asksLicense = !source && allLicenses;
  const licenses = useQuery({ ...newUserLicensesQuery, enabled: asksLicense });

  const submit = async ({ licenseId, ...values }: UserFormOutput) => {
    const body = { ...values, ...(asksLicense ? { licenseId } : {}) };
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
          licenses={asksLicense ? (licenses.data ?? []).map((l) => ({ value: String(l.licenseId), label: l.name })) : undefined}
        />
      </Card>
    </div>
  );
}
