import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ChangeMessages, previewAssignUsersToUserGroup, previewRemoveUsersFromUserGroups, UserGroupMessages } from 'contracts/identity';
import { Button, DataTableFilter, LicenseSelect, Select, useChangePreview } from 'kit';
import { Role, useHasRole, useSession } from 'shared';
import { useAssignToGroup, userGroupsQuery, useUnassignFromGroups } from './users.api';

export interface UserGroupBulkBarProps {
  /** The ids of the selected users. */
  userIds: number[];
  /** The list's licence filter (super administrators): the bar's licence follows it. */
  listLicenseId: number | null;
  /** Called after a change, to clear the selection. */
  onDone: () => void;
}

/**
 * Bulk user-group assignment from the user list (spec 1 §2): assigning needs a licence, a
 * group and at least one user; unassigning at least one user (from the chosen group, or from
 * all their groups when none is chosen). Beyond the spec, every change — one user too — is
 * reviewed first: who gains and loses which roles, projects and product licences, and how
 * seats move (the server's preview of the very change); it is made only on confirmation.
 */
export function UserGroupBulkBar({ userIds, listLicenseId, onDone }: UserGroupBulkBarProps) {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const ownLicense = useSession((s) => s.licenseId);
  const [licenseId, setLicenseId] = useState<number | null>(allLicenses ? listLicenseId : ownLicense);
  const [groupId, setGroupId] = useState<number | null>(null);
  // The list's licence filter changed: the bar follows it (React's "adjust state on a prop change").
  const [followed, setFollowed] = useState(listLicenseId);
  if (allLicenses && followed !== listLicenseId) {
    setFollowed(listLicenseId);
    setLicenseId(listLicenseId);
    setGroupId(null);
  }
  const groups = useQuery({ ...userGroupsQuery(licenseId), enabled: licenseId !== null });
  const assign = useAssignToGroup(onDone);
  const unassign = useUnassignFromGroups(onDone);
  const count = userIds.length;
  const canAssign = licenseId !== null && groupId !== null && count > 0;
  const groupName = (id: number) => groups.data?.find((g) => g.userGroupId === id)?.name ?? `user group ${id}`;
  const preview = useChangePreview();

  const assignSelected = (userGroupId: number) => {
    const body = { userGroupId, userIds };
    preview.review(
      () => previewAssignUsersToUserGroup(body),
      () => assign.mutate(body),
      ChangeMessages.reviewAssign(count, groupName(userGroupId)),
    );
  };
  const unassignSelected = () => {
    const body = { userIds, ...(groupId === null ? {} : { userGroupId: groupId }) };
    preview.review(
      () => previewRemoveUsersFromUserGroups(body),
      () => unassign.mutate(body),
      groupId === null ? ChangeMessages.reviewUnassignAll(count) : ChangeMessages.reviewUnassign(count, groupName(groupId)),
    );
  };

  return (
    <div role="group" aria-label="User group assignment" className="flex flex-wrap items-end gap-2 rounded-md border border-slate-200 bg-slate-50 p-2 text-sm">
      <span className="font-medium text-slate-700">{count === 0 ? 'No users selected' : `${count} selected`}</span>
      {allLicenses ? (
        <DataTableFilter label="License">
          <LicenseSelect
            value={licenseId}
            allLabel="Select a license"
            onChange={(id) => {
              setLicenseId(id);
              setGroupId(null);
            }}
          />
        </DataTableFilter>
      ) : null}
      <DataTableFilter label="User group">
        <Select
          aria-label="User group"
          className="w-56 max-w-full"
          value={groupId ?? ''}
          placeholder={licenseId === null ? 'Select a license first' : 'Select a user group'}
          disabled={licenseId === null}
          options={(groups.data ?? []).map((g) => ({ value: g.userGroupId, label: `${g.name} (${g.userCount ?? 0})` }))}
          onChange={(e) => setGroupId(e.target.value ? Number(e.target.value) : null)}
        />
      </DataTableFilter>
      <Button
        size="sm"
        disabled={!canAssign}
        title={canAssign ? undefined : UserGroupMessages.assignNeeds}
        loading={assign.isPending}
        onClick={() => canAssign && assignSelected(groupId)}
      >
        Assign to group
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={count === 0}
        title={count === 0 ? UserGroupMessages.unassignNeeds : groupId === null ? 'Removes the selected users from all their user groups' : undefined}
        loading={unassign.isPending}
        onClick={unassignSelected}
      >
        {groupId === null ? 'Unassign from all groups' : 'Unassign from group'}
      </Button>
      {preview.dialog}
    </div>
  );
}
