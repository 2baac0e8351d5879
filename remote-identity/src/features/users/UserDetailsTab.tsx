import { Link } from 'react-router';
import { UserMessages, type User } from 'contracts/identity';
import { Role, useHasRole } from 'shared';
import { GROUP_ADMIN_ROLES, userGroupFromUserRoute } from '../user-groups/userGroups.routes';
import { useUpdateUser } from './user.api';
import { initialValues, UserForm } from './UserForm';
import { UserDate } from './UserDate';

/** The details tab: the user form and the Created, Last Activity and Last Login dates (spec 1 §2, long format). */
export function UserDetailsTab({ user, self }: { user: User; self: boolean }) {
  const administers = useHasRole(Role.ADMINISTER_USER_CREATE_UPDATE);
  const save = useUpdateUser(user.userName);
  // Spec 1 §2: a group started from this user (/userGroups/new/:userName), for role administrators.
  const makesGroups = useHasRole(...GROUP_ADMIN_ROLES);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <UserDate label="Created" value={user.createDate} />
        <UserDate label="Last Activity" value={user.lastActivityDate} />
        <UserDate label="Last Login" value={user.lastLoginDate} />
      </dl>
      <UserForm
        // A new form when the saved user comes back, so its values are the server's.
        key={`${user.userId}-${user.email}-${user.firstName}-${user.lastName}`}
        mode="edit"
        initial={initialValues(user)}
        showSso={administers}
        showComment={administers}
        editable={administers || self}
        submitLabel="Save"
        failureMessage={UserMessages.saveFailed}
        actions={
          makesGroups ? (
            <Link
              to={userGroupFromUserRoute.to({ userName: user.userName })}
              className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Create User Group
            </Link>
          ) : undefined
        }
        onSubmit={async ({ userName: _name, isSsoUser, comment, ...details }) => {
          // The form reports a failure itself (on the fields, or above them), so no toast then.
          await save.mutateAsync(administers ? { ...details, comment, isSsoUser } : details);
        }}
      />
    </div>
  );
}
