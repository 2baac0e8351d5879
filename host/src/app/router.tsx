import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { Role } from 'shared';
import { EnvironmentsPage } from '../auth/EnvironmentsPage';
import { HomePage } from '../auth/HomePage';
import { LoginPage } from '../auth/LoginPage';
import { PasswordRecoveryPage } from '../auth/PasswordRecoveryPage';
import { PasswordResetPage } from '../auth/PasswordResetPage';
import { TwoFactorPage } from '../auth/TwoFactorPage';
import { RemoteSwitch, SectionLinkRedirect } from '../federation/RemoteArea';
import { RequireSession } from '../guard/RequireSession';
import { RoleGate } from '../guard/RoleGate';
import { HEALTH_PATH } from '../health/health.path';
import { HealthPage } from '../health/HealthPage';
import { Shell } from '../layout/Shell';
import { useSessionExpiry } from './useSessionExpiry';
import { useVersionCheck } from './useVersionCheck';

function Root() {
  useSessionExpiry();
  useVersionCheck();
  return <Outlet />;
}

/**
 * The host's routes: the sign-in pages are open; every other page needs a session. Any
 * path the host does not own goes to the remote owning it (known from each remote's own
 * routes), /to/<remote>/<route> links into a section by route id, and unknown paths go Home.
 */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/2fa/:token', element: <TwoFactorPage /> },
      { path: '/password/recovery', element: <PasswordRecoveryPage /> },
      { path: '/users/password/reset', element: <PasswordResetPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <Shell />,
            children: [
              { index: true, element: <HomePage /> },
              { path: '/home', element: <HomePage /> },
              { path: '/environments', element: <EnvironmentsPage /> },
              {
                path: HEALTH_PATH,
                element: (
                  <RoleGate roles={[Role.ACCESS_ALL_CUSTOMER_LICENCES]}>
                    <HealthPage />
                  </RoleGate>
                ),
              },
              { path: '/to/:remoteId/:routeId', element: <SectionLinkRedirect /> },
              { path: '*', element: <RemoteSwitch /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
