import { useQuery } from '@tanstack/react-query';
import { UserMessages, type UserGroupDetail } from 'contracts/identity';
import { Alert, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { AddonsForm } from '../access/AddonsChecklist';
import { isRefreshingOnMount, licenseAddonsQuery } from '../users/user.api';
import { useGroupSave } from './userGroups.api';

/**
 * A group's Product Licenses tab (spec 1 §2, §5): the add-ons the group's licence offers, with
 * seats, those the group holds ticked (AddonsForm); members get them and take their seats, and
 * removing one removes the group's roles of that product. Saved through the group change,
 * previewed when more than one user is reached; read only, it is the list of held names.
 */
export function UserGroupAddonsTab({ group, edits }: { group: UserGroupDetail; edits: boolean }) {
  const offer = useQuery(licenseAddonsQuery(group.licenseId));
  const { save, saving, dialog } = useGroupSave(group.userGroupId);
  if (offer.isPending || isRefreshingOnMount(offer)) return <Spinner label="Loading product licenses" />;
  if (offer.isError) return <Alert variant="danger">{errorMessage(offer.error, UserMessages.addonsDefaultFailed)}</Alert>;
  const offered = offer.data.filter((a) => a.maxUsers !== 0);
  if (!edits)
    return (
      <p className="text-sm text-slate-600">
        {offered
          .filter((a) => group.addOnIds.includes(a.addOnId))
          .map((a) => a.name)
          .join(', ') || 'No product licenses.'}
      </p>
    );
  return (
    <>
      <AddonsForm
        offer={offered}
        held={group.addOnIds}
        saving={saving}
        warning="Members get these product licenses and take their seats. Removing one removes the group's roles of that product."
        onSave={(ids) => save({ kind: 'addOns', ids }, group.members.length)}
      />
      {dialog}
    </>
  );
}
