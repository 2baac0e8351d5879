import { hasRole, type AnyRoleName } from '../roles';
import { useSession } from './session.store';

/** True when the signed-in user holds any of `roles` (none given: always true). */
export function useHasRole(...roles: AnyRoleName[]): boolean {
  const held = useSession((s) => s.roles);
  return hasRole(held ?? [], ...roles);
}

/** An endpoint's access rule, as contracts/<area> declares it (the kernel needs only its roles). */
export interface CallAccess {
  readonly access: { readonly kind: 'public' | 'signedIn' | 'anyRole'; readonly roles?: readonly AnyRoleName[] };
}

/**
 * True when the signed-in user may make the call of `endpoint` by its roles: a button that
 * exists to make a call shows by the very rule the API checks (which still decides scope).
 */
export function useMayCall(endpoint: CallAccess): boolean {
  const held = useSession((s) => s.roles);
  return endpoint.access.kind !== 'anyRole' || hasRole(held ?? [], ...(endpoint.access.roles ?? []));
}
