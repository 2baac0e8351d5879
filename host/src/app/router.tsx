import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { PageSpinner } from 'kit';
import { Role } from 'shared';
import { LoginPage } from '../auth/LoginPage';
import { FACTOR_SETUP_PATH } from '../auth/login-flow';
import { RequireSession } from '../guard/RequireSession';
import { RoleGate } from '../guard/RoleGate';
import { HEALTH_PATH } from '../health/health.path';
import { useSessionExpiry } from './useSessionExpiry';

function Root() {
  useSessionExpiry();
  return <Outlet />;
}

// The login page is in the first load; the other sign-in steps come when they are opened (a
// second factor, a passkey, recovery and reset, which users reach from an e-mail's link):
// the login page stays light (issue 38).
const twoFactor = () => import('../auth/TwoFactorPage').then((m) => ({ Component: m.TwoFactorPage }));
const factorSetup = () => import('../auth/FactorSetupPage').then((m) => ({ Component: m.FactorSetupPage }));
const passkeyStep = () => import('../auth/PasskeyStep').then((m) => ({ Component: m.PasskeyStep }));
const recovery = () => import('../auth/PasswordRecoveryPage').then((m) => ({ Component: m.PasswordRecoveryPage }));
const reset = () => import('../auth/PasswordResetPage').then((m) => ({ Component: m.PasswordResetPage }));

// The signed-in frame and its pages load after sign-in: the sign-in pages stay light.
const shell = () => import('../layout/Shell').then((m) => ({ Component: m.Shell }));
const home = () => import('../home/HomePage').then((m) => ({ Component: m.HomePage }));
const environments = () => import('../auth/EnvironmentsPage').then((m) => ({ Component: m.EnvironmentsPage }));
const sectionLink = () => import('../federation/RemoteArea').then((m) => ({ Component: m.SectionLinkRedirect }));
const remoteSwitch = () => import('../federation/RemoteArea').then((m) => ({ Component: m.RemoteSwitch }));
const health = () =>
  import('../health/HealthPage').then(({ HealthPage }) => ({
    Component: () => (
      <RoleGate roles={[Role.ACCESS_ALL_CUSTOMER_LICENCES]}>
        <HealthPage />
      </RoleGate>
    ),
  }));

/**
 * The host's routes: the sign-in pages are open; every other page needs a session. Any
 * path the host does not own goes to the remote owning it (known from each remote's own
 * routes), /to/<remote>/<route> links into a section by route id, and unknown paths go Home.
 */
export const router = createBrowserRouter([
  {
    element: <Root />,
    // A full page load of a signed-in page waits for the lazy shell: a spinner, not nothing
    // (without one React Router warns on every load).
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/2fa/:token', lazy: twoFactor },
      { path: FACTOR_SETUP_PATH, lazy: factorSetup },
      { path: '/login/passkey/:token', lazy: passkeyStep },
      { path: '/password/recovery', lazy: recovery },
      { path: '/users/password/reset', lazy: reset },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: shell,
            children: [
              { index: true, lazy: home },
              { path: '/home', lazy: home },
              { path: '/environments', lazy: environments },
              { path: HEALTH_PATH, lazy: health },
              { path: '/to/:remoteId/:routeId', lazy: sectionLink },
              { path: '*', lazy: remoteSwitch },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
