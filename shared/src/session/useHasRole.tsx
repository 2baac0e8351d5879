import type { ReactNode } from 'react';
import { hasRole, type AnyRoleName } from '../roles';
import { useSession } from './session.store';

/** True when the signed-in user holds any of `roles` (none given: always true). */
export function useHasRole(...roles: AnyRoleName[]): boolean {
  const held = useSession((s) => s.roles);
  return hasRole(held ?? [], ...roles);
}

/** Renders its children only for users holding any of `roles`. The server still decides. */
export function IfRole({ roles, children, otherwise = null }: { roles: readonly AnyRoleName[]; children: ReactNode; otherwise?: ReactNode }) {
  return useHasRole(...roles) ? <>{children}</> : <>{otherwise}</>;
}
