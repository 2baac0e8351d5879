/**
 * Log out everywhere: end the session on the server (ignoring 412 and no answer, as the
 * spec says), forget it in the browser, then leave through the single sign-on provider's
 * logout (SSO users) or the first environment's Account/LogOff, which returns to Login.
 */
import { AuthMessages, getLicenseEnvironments, logout, type Environment } from 'contracts/auth';
import { ApiError, isSignedIn, notify, paths, useSession } from 'shared';
import { queryClient } from '../app/queryClient';

export const LOGGED_OUT_QUERY = 'loggedOut=1';

export async function logOutEverywhere(navigate: (to: string) => void, leave: (url: string) => void = (u) => window.location.assign(u)): Promise<void> {
  const session = useSession.getState();
  let environments: Environment[] = [];
  let ssoLogoutUrl: string | null = null;
  if (isSignedIn(session) && session.licenseId !== null) {
    environments = await getLicenseEnvironments(session.licenseId).catch(() => []);
    try {
      ssoLogoutUrl = (await logout()).ssoLogoutUrl ?? null;
    } catch (error) {
      const ignored = error instanceof ApiError && (error.status === 412 || error.status === 0 || error.status === 401);
      if (!ignored) notify.error(AuthMessages.logoutFailed);
    }
  }
  useSession.getState().signOut();
  queryClient.clear();
  const loginAgain = `${window.location.origin}${paths.login()}?${LOGGED_OUT_QUERY}`;
  if (ssoLogoutUrl) return leave(ssoLogoutUrl);
  const first = environments[0];
  if (first) return leave(`${first.serverUrl.replace(/\/+$/, '')}/Account/LogOff?redirectUrl=${encodeURIComponent(loginAgain)}`);
  navigate(`${paths.login()}?${LOGGED_OUT_QUERY}`);
}
