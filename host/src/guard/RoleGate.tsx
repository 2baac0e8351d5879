import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { AuthMessages, notify, useHasRole, type AnyRoleName } from 'shared';

/** A route that lists roles needs any one of them; otherwise the spec's message and Home. */
export function RoleGate({ roles, children }: { roles?: readonly AnyRoleName[]; children: ReactNode }) {
  const allowed = useHasRole(...(roles ?? []));
  useEffect(() => {
    if (!allowed) notify.error(AuthMessages.insufficientPermissions);
  }, [allowed]);
  return allowed ? <>{children}</> : <Navigate to="/" replace />;
}
