import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedIn, paths, useSession } from 'shared';
import { FACTOR_SETUP_PATH } from '../auth/login-flow';

/**
 * Every page but the sign-in ones needs a session: otherwise Login, with the page's query
 * kept and the page itself as returnTo. A user who must update their password goes to the
 * reset page first; one whose licence requires a second factor they lack, to its set-up.
 */
export function RequireSession() {
  const location = useLocation();
  const signedIn = useSession((s) => isSignedIn(s));
  const mustUpdatePassword = useSession((s) => s.mustUpdatePassword);
  const mustSetUpFactor = useSession((s) => s.mustSetUpFactor);
  if (!signedIn) {
    const query = new URLSearchParams(location.search);
    const here = `${location.pathname}${location.search}`;
    if (location.pathname !== '/' && location.pathname !== '/home') query.set('returnTo', here);
    return <Navigate to={`${paths.login()}${query.size ? `?${query}` : ''}`} replace />;
  }
  if (mustUpdatePassword) return <Navigate to={paths.passwordReset()} replace />;
  // The server answers such a session only the set-up calls (issue 40): set-up first.
  if (mustSetUpFactor) return <Navigate to={FACTOR_SETUP_PATH} replace />;
  return <Outlet />;
}
