import { useQuery } from '@tanstack/react-query';
import { UserMessages, type RoleGroup, type User } from 'contracts/identity';
import { Alert, dataKey, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { RolesEditor } from '../access/RolesEditor';
import { isRefreshingOnMount, useUpdateRoles, userRoleInfoQuery } from './user.api';

/**
 * The roles tab (spec 1 §2): role groups of the user's product licences, a debounced search,
 * select-all per group and overall, two columns of checkboxes; roles a user group grants are
 * shown ticked, disabled and badged 'User Group: {name}'. Every role the user holds is listed,
 * also one held without its product licence (flagged, removable); beside each held role, why
 * ('Direct', 'User Group: {name}'); a filter 'Assigned only / All roles' (RolesEditor).
 */
export function UserRolesTab({ user }: { user: User }) {
  const info = useQuery(userRoleInfoQuery(user.userName, user.userId));
  if (info.isPending || isRefreshingOnMount(info)) return <Spinner label="Loading roles" />;
  if (info.isError) return <Alert variant="danger">{errorMessage(info.error, UserMessages.rolesLoadFailed)}</Alert>;
  if (info.data.length === 0) return <Alert variant="info">{UserMessages.assignProduct}</Alert>;
  return <UserRolesEditor key={dataKey(info.data)} user={user} groups={info.data} />;
}

function UserRolesEditor({ user, groups }: { user: User; groups: RoleGroup[] }) {
  const save = useUpdateRoles(user.userName, user.userId);
  return <RolesEditor groups={groups} saving={save.isPending} onSave={(roleIds) => save.mutate(roleIds)} noProductMessage={UserMessages.assignProduct} />;
}
