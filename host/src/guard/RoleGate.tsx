import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { AuthMessages } from 'contracts/auth';
import { notify, useHasRole, type RouteAccess } from 'shared';

/** A route that lists roles needs any one of them ('signedIn': none); otherwise the spec's message and Home. */
export function RoleGate({ roles, children }: { roles: RouteAccess; children: ReactNode }) {
  const allowed = useHasRole(...(roles === 'signedIn' ? [] : roles));
  useEffect(() => {
    if (!allowed) notify.error(AuthMessages.insufficientPermissions);
  }, [allowed]);
  return allowed ? <>{children}</> : <Navigate to="/" replace />;
}
