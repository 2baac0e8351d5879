import { useQuery } from '@tanstack/react-query';
import { UserMessages, type UserGroupDetail } from 'contracts/identity';
import { Alert, dataKey, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { ProjectsEditor } from '../access/ProjectsEditor';
import { isRefreshingOnMount } from '../users/user.api';
import { groupProjectsQuery, useGroupSave } from './userGroups.api';

/**
 * A group's Projects tab (spec 1 §2): the project tree with checkboxes (ProjectsEditor),
 * editable by whoever administers groups; saved through the group change, previewed when more
 * than one user is reached.
 */
export function UserGroupProjectsTab({ group, edits }: { group: UserGroupDetail; edits: boolean }) {
  const tree = useQuery(groupProjectsQuery(group.userGroupId));
  const { save, saving, dialog } = useGroupSave(group.userGroupId);
  if (tree.isPending || isRefreshingOnMount(tree)) return <Spinner label="Loading projects" />;
  if (tree.isError) return <Alert variant="danger">{errorMessage(tree.error, UserMessages.projectsLoadFailed)}</Alert>;
  return (
    <>
      <ProjectsEditor
        key={dataKey(tree.data)}
        projects={tree.data}
        editable={edits}
        saving={saving}
        onSave={(ids) => save({ kind: 'projects', ids }, group.members.length)}
      />
      {dialog}
    </>
  );
}
