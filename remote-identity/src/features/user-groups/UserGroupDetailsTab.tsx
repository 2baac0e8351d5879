import { useState } from 'react';
import * as v from 'valibot';
import { userGroupNameSchema, type UserGroup } from 'contracts/identity';
import { Button, FormField, Input, useForm } from 'kit';
import { useUnsavedChanges } from 'shared';
import { MemberPicker, type Member } from './MemberPicker';
import { useGroupSave, useRenameGroup } from './userGroups.api';

const DetailsSchema = v.object({ name: userGroupNameSchema });

/**
 * A group's Details tab (spec 1 §2): its name (a taken one is the field's message, from the
 * server's 409) and its members (saved through the group change, previewed when more than
 * one user is reached).
 */
export function UserGroupDetailsTab({ group, edits }: { group: UserGroup & { members: Member[] }; edits: boolean }) {
  // The members are a picked list, not a text field: the picker holds them until Save.
  const [members, setMembers] = useState<Member[]>(group.members);
  const rename = useRenameGroup(group.userGroupId);
  const { save, saving, dialog } = useGroupSave(group.userGroupId);
  const before = new Set(group.members.map((m) => m.userId));
  const after = new Set(members.map((m) => m.userId));
  const joining = members.filter((m) => !before.has(m.userId)).length;
  const leaving = group.members.filter((m) => !after.has(m.userId)).length;
  const membersChanged = joining + leaving > 0;

  const form = useForm({
    schema: DetailsSchema,
    initial: { name: group.name },
    onSubmit: async ({ name }) => {
      // The members' change goes at once (with its preview); the rename is the form's to await.
      if (membersChanged) save({ kind: 'users', ids: members.map((m) => m.userId) }, joining + leaving);
      if (name !== group.name) await rename.mutateAsync(name);
    },
  });
  const trimmed = form.values.name.trim();
  const nameChanged = trimmed !== group.name;
  const busy = form.busy || saving;
  useUnsavedChanges(edits && ((form.dirty && nameChanged) || membersChanged) && !busy);
  // The name's message shows as it is typed, not only once the field is left.
  const name = form.liveField('name');

  return (
    <>
      <form onSubmit={form.submit} noValidate className="space-y-4">
        <FormField label="User Group Name" required error={form.error('name')}>
          <Input {...name} maxLength={100} readOnly={!edits} className="w-full max-w-md" />
        </FormField>
        <FormField label="Members" hint="Only users of the group's license can be members.">
          <MemberPicker licenseId={group.licenseId} value={members} onChange={setMembers} disabled={!edits} />
        </FormField>
        {edits ? (
          <Button type="submit" loading={busy} disabled={!trimmed || busy || (!nameChanged && !membersChanged)}>
            Save
          </Button>
        ) : null}
      </form>
      {dialog}
    </>
  );
}
