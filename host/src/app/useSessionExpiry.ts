import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { AuthMessages } from 'contracts/auth';
import { paths, useSession } from 'shared';
import { msUntilExpiry } from 'shared/host';

// setTimeout holds at most about 24.8 days.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The session ends at the token's exp: sign out then, and say why on Login. */
export function useSessionExpiry() {
  const exp = useSession((s) => s.exp);
  const navigate = useNavigate();
  useEffect(() => {
    if (!exp) return;
    const timer = setTimeout(
      () => {
        useSession.getState().signOut({ keepSso: true });
        navigate(`${paths.login()}?${new URLSearchParams({ status: '401', message: AuthMessages.sessionExpired })}`, { replace: true });
      },
      Math.min(msUntilExpiry(), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [exp, navigate]);
}
