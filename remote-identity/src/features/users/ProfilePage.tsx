import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ProfileMessages, SessionMessages, UserMessages, type User } from 'contracts/identity';
import { Alert, Card, PageHeader, PageSpinner } from 'kit';
import { errorMessage, PORTAL_ROLES, useHasRole, useSession } from 'shared';
import { userQuery, useUpdateOwnDetails } from './user.api';
import { initialValues, UserForm } from './UserForm';
import { UserPasswordTab } from './UserPasswordTab';
import { userViewRoute } from './users.routes';
import { UserSessionsTab } from './UserSessionsTab';
import { UserDate } from './UserDate';
import { SignInSecurity } from './SignInSecurity';
import { PasskeysSection } from './PasskeysSection';

/**
 * The signed-in user's own profile (/profile), for everyone signed in, also without any
 * administration role: their details (only what a user may change about themself — the API's
 * updateUser keeps the comment, single sign-on and the account's state for user
 * administrators), their sessions (this device marked, the others to sign out), their password
 * (with the current one), their sign-in security (second factors, issue 40), and when they last
 * signed in.
 * Nothing of anyone else: the page reads the session's own user, never a name from the URL.
 */
export default function ProfilePage() {
  const name = useSession((s) => s.userName) ?? '';
  const query = useQuery({ ...userQuery(name), enabled: name !== '' });
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <Alert variant="danger">{errorMessage(query.error, UserMessages.loadFailed)}</Alert>;
  return <Profile user={query.data} />;
}

function Profile({ user }: { user: User }) {
  // Those who may open user views also have their full user view, with their tabs.
  const opensUsers = useHasRole(...PORTAL_ROLES);
  const save = useUpdateOwnDetails(user.userName);
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  // Spec 1 §2: no password for users who started as single sign-on; the server refuses one for a single sign-on user.
  const ssoPassword = user.isSsoUser || user.isSsoInitial;
  return (
    <div className="space-y-4">
      <PageHeader
        title={ProfileMessages.title}
        description={
          <>
            <span className="font-medium text-slate-800">{user.userName}</span>
            {fullName ? ` · ${fullName}` : null}
          </>
        }
        actions={
          opensUsers ? (
            <Link to={userViewRoute.to({ name: user.userName })} className="text-sm font-medium text-brand-700 hover:underline">
              {ProfileMessages.openUserView}
            </Link>
          ) : null
        }
      />
      <p className="text-sm text-slate-600">{ProfileMessages.description}</p>
      <Card title="Sign-in">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <UserDate label={ProfileMessages.lastSignIn} value={user.lastLoginDate} />
          <UserDate label="Last activity" value={user.lastActivityDate} />
          <UserDate label="Account created" value={user.createDate} />
        </dl>
      </Card>
      <Card title="Your details">
        <UserForm
          // A new form when the saved user comes back, so its values are the server's.
          key={`${user.email}-${user.firstName}-${user.lastName}-${user.phoneNumber}-${user.companyName}-${user.position}`}
          mode="edit"
          initial={initialValues(user)}
          showSso={false}
          showComment={false}
          editable
          submitLabel="Save details"
          failureMessage={UserMessages.saveFailed}
          onSubmit={async ({ firstName, lastName, email, phoneNumber, companyName, position }) => {
            await save.mutateAsync({ firstName, lastName, email, phoneNumber, companyName, position });
          }}
        />
      </Card>
      <section aria-labelledby="profile-sessions" className="space-y-3">
        <h2 id="profile-sessions" className="text-base font-semibold text-slate-900">
          {SessionMessages.title}
        </h2>
        <UserSessionsTab user={user} self />
      </section>
      <section aria-labelledby="profile-password" className="space-y-3">
        <h2 id="profile-password" className="text-base font-semibold text-slate-900">
          Your password
        </h2>
        {ssoPassword ? <Alert variant="info">{ProfileMessages.ssoPassword}</Alert> : <UserPasswordTab user={user} self />}
      </section>
      <SignInSecurity userName={user.userName} />
      {/* Issue 40: sign-in security. Single sign-on users sign in at their provider: no passkeys. */}
      {user.isSsoUser ? null : <PasskeysSection />}
    </div>
  );
}
