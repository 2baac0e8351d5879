import { useQuery } from '@tanstack/react-query';
import { UserMessages, type UserGroupDetail } from 'contracts/identity';
import { Alert, dataKey, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { RolesEditor } from '../access/RolesEditor';
import { isRefreshingOnMount } from '../users/user.api';
import { groupRolesQuery, useGroupSave } from './userGroups.api';

/**
 * A group's Roles tab (spec 1 §2): role groups of the group's product licences with their
 * checkboxes (RolesEditor), or a prompt to give a product licence first. Saved through the
 * group change, previewed when more than one user is reached; read only, it is the list of
 * held roles.
 */
export function UserGroupRolesTab({ group, edits }: { group: UserGroupDetail; edits: boolean }) {
  const info = useQuery(groupRolesQuery(group.userGroupId));
  const { save, saving, dialog } = useGroupSave(group.userGroupId);
  if (info.isPending || isRefreshingOnMount(info)) return <Spinner label="Loading roles" />;
  if (info.isError) return <Alert variant="danger">{errorMessage(info.error, UserMessages.rolesLoadFailed)}</Alert>;
  if (info.data.length === 0) return <Alert variant="info">{UserMessages.assignProduct}</Alert>;
  if (!edits)
    return (
      <p className="text-sm text-slate-600">
        {info.data.flatMap((g) => g.roles.filter((r) => r.appliedToUser).map((r) => r.friendlyName || r.name)).join(', ') || 'No roles.'}
      </p>
    );
  return (
    <>
      <RolesEditor
        key={dataKey(info.data)}
        groups={info.data}
        saving={saving}
        onSave={(ids) => save({ kind: 'roles', ids }, group.members.length)}
        noProductMessage={UserMessages.assignProduct}
      />
      {dialog}
    </>
  );
}
