import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthMessages } from 'contracts/auth';
import { auditSubject } from 'contracts/common';
import { UserMessages, userEndpoints, type User } from 'contracts/identity';
import { Badge, Card, EntityGate, formatTime, HistoryTab, PageHeader, Tabs } from 'kit';
import { notify, paths, PORTAL_ROLES, Role, useHasRole, useMayCall, useSession } from 'shared';
import { temporaryLockEnd } from './lockState';
import { userQuery } from './user.api';
import { UserAddonsTab } from './UserAddonsTab';
import { UserDetailsTab } from './UserDetailsTab';
import { UserImportsTab } from './UserImportsTab';
import { UserPasswordTab } from './UserPasswordTab';
import { UserProjectsTab } from './UserProjectsTab';
import { UserReportsTab } from './UserReportsTab';
import { UserRolesTab } from './UserRolesTab';
import { UserSessionsTab } from './UserSessionsTab';
import { userDuplicateRoute, usersRoute } from './users.routes';

/** One user (/users/:name/view, /user/:name) with the spec's seven tabs, Sessions and History; the tab is in the URL's hash. */
export default function UserViewPage() {
  const name = useParams().name ?? '';
  const query = useQuery(userQuery(name));
  return (
    <EntityGate query={query} noun="User" failure={UserMessages.loadFailed}>
      {(user) => <UserView user={user} />}
    </EntityGate>
  );
}

function UserView({ user }: { user: User }) {
  const navigate = useNavigate();
  const self = useSession((s) => s.userName?.toLowerCase() === user.userName.toLowerCase());
  const administers = useHasRole(Role.ADMINISTER_USER_CREATE_UPDATE);
  // The product licence and role tabs exist to change them: whoever may call updateUserRoles (and setUserAddons, the same roles).
  const administersRoles = useMayCall(userEndpoints.updateUserRoles);
  const administersReports = useHasRole(Role.ADMINISTER_ASSIGNED_REPORTS);
  const opensUserViews = useHasRole(...PORTAL_ROLES);
  // Spec 1 §2: the password tab is hidden for users who started as single sign-on.
  const passwordHidden = user.isSsoInitial || (!administers && !self);

  // Spec 1 §2 (navigation guard): the password page of a single sign-on user says so and goes Home.
  useEffect(() => {
    if (window.location.hash === '#password' && user.isSsoUser) {
      notify.error(AuthMessages.ssoPasswordsNotManaged);
      navigate(paths.home(), { replace: true });
    }
  }, [user.isSsoUser, navigate]);

  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const lockEnd = temporaryLockEnd(user);
  return (
    <div className="space-y-4">
      <PageHeader
        title={user.userName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {fullName || null}
            {user.isApproved ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>}
            {user.isLockedOut ? <Badge variant="danger">Locked</Badge> : null}
            {lockEnd ? <Badge variant="warning">{UserMessages.lockedUntil(formatTime(lockEnd))}</Badge> : null}
            {user.isSsoUser ? <Badge variant="info">Single sign-on</Badge> : null}
          </span>
        }
        back={{ to: usersRoute.to({}), label: 'Users' }}
        actions={
          administers ? (
            <Link to={userDuplicateRoute.to({ name: user.userName })} className="text-sm font-medium text-brand-700 hover:underline">
              Duplicate
            </Link>
          ) : null
        }
      />
      <Card>
        <Tabs
          hashSync
          tabs={[
            { id: 'details', label: 'Details', content: <UserDetailsTab user={user} self={self} /> },
            { id: 'projects', label: 'Projects', content: <UserProjectsTab user={user} /> },
            { id: 'addons', label: 'Product Licenses', content: <UserAddonsTab user={user} />, hidden: !administersRoles },
            { id: 'roles', label: 'Roles', content: <UserRolesTab user={user} />, hidden: !administersRoles },
            { id: 'imports', label: 'Imports', content: <UserImportsTab user={user} /> },
            { id: 'reports', label: 'Reports', content: <UserReportsTab user={user} />, hidden: !administersReports && !self },
            { id: 'password', label: 'Password', content: <UserPasswordTab user={user} self={self} />, hidden: passwordHidden },
            // Ours (issue 40): whoever may open the user view reads them; the user and user administrators sign them out.
            { id: 'sessions', label: 'Sessions', content: <UserSessionsTab user={user} self={self} />, hidden: !opensUserViews && !self },
            // Ours: every change to the user, for whoever may open user views (the API's rule).
            { id: 'history', label: 'History', content: <HistoryTab subject={auditSubject('user', user.userId)} />, hidden: !opensUserViews },
          ]}
        />
      </Card>
    </div>
  );
}
