import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { UserMessages, type User } from 'contracts/identity';
import { Card, EntityGate, PageHeader } from 'kit';
import { Role, useHasRole } from 'shared';
import { licenseChoicesQuery, useCopyUser, useCreateUser, userQuery } from './user.api';
import { initialValues, UserForm, type UserFormOutput } from './UserForm';
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
  return (
    <EntityGate query={query} noun="User" failure={UserMessages.loadFailed}>
      {(user) => <NewUser source={user} />}
    </EntityGate>
  );
}

function NewUser({ source }: { source?: User }) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const copy = useCopyUser(source?.userName ?? '');
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  // A super administrator chooses the licence of a new user (none preselected: their own is
  // the internal one, where customer users do not belong); everyone else's go to their own.
  const asksLicense = !source && allLicenses;
  const licenses = useQuery({ ...licenseChoicesQuery, enabled: asksLicense });

  const submit = async ({ licenseId, ...values }: UserFormOutput) => {
    const body = { ...values, ...(asksLicense ? { licenseId } : {}) };
    // The form reports a failure itself; the toast comes once the lists hold the new user.
    await (source ? copy : create).mutateAsync({ userName: values.userName, body });
    navigate(userViewRoute.to({ name: values.userName }));
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title={source ? `Duplicate ${source.userName}` : 'New user'}
        description={
          source
            ? 'The new user gets the same projects, user groups, roles and product licenses.'
            : 'Set a password or e-mail a link on the Password tab once the user exists.'
        }
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
