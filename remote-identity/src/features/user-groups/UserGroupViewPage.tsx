import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { auditSubject } from 'contracts/common';
import { UserGroupMessages, type UserGroupDetail } from 'contracts/identity';
import { Card, EntityGate, HistoryTab, PageHeader, Tabs } from 'kit';
import { useHasRole } from 'shared';
import { usersRoute } from '../users/users.routes';
import { UserGroupAddonsTab } from './UserGroupAddonsTab';
import { UserGroupDetailsTab } from './UserGroupDetailsTab';
import { UserGroupProjectsTab } from './UserGroupProjectsTab';
import { UserGroupRolesTab } from './UserGroupRolesTab';
import { groupQuery } from './userGroups.api';
import { GROUP_ADMIN_ROLES } from './userGroups.routes';
import { UserGroupUsersTab } from './UserGroupUsersTab';

/** One user group (spec 1 §2): details with its members, projects, product licences, roles and users; the tab is in the URL's hash. */
export default function UserGroupViewPage() {
  const id = Number(useParams().id);
  const query = useQuery({ ...groupQuery(id), enabled: Number.isInteger(id) });
  return (
    <EntityGate query={query} noun="User group" valid={Number.isInteger(id)} failure={UserGroupMessages.loadFailed}>
      {(group) => <GroupView group={group} />}
    </EntityGate>
  );
}

function GroupView({ group }: { group: UserGroupDetail }) {
  const edits = useHasRole(...GROUP_ADMIN_ROLES);
  return (
    <div className="space-y-4">
      <PageHeader
        title={group.name}
        description={`${group.userCount ?? group.members.length} ${group.members.length === 1 ? 'member' : 'members'} · ${group.licenseName ?? ''}`}
        back={{ to: `${usersRoute.to({})}#groups`, label: 'User groups' }}
      />
      {/* One layout for every view's tabs (the user's, a group's, a key's): tabs and panel in one card. */}
      <Card>
        <Tabs
          hashSync
          tabs={[
            { id: 'details', label: 'Details', content: <UserGroupDetailsTab group={group} edits={edits} /> },
            { id: 'projects', label: 'Projects', content: <UserGroupProjectsTab group={group} edits={edits} /> },
            { id: 'addons', label: 'Product Licenses', content: <UserGroupAddonsTab group={group} edits={edits} /> },
            { id: 'roles', label: 'Roles', content: <UserGroupRolesTab group={group} edits={edits} /> },
            { id: 'users', label: 'Users', content: <UserGroupUsersTab group={group} /> },
            // Ours: every change to the group.
            { id: 'history', label: 'History', content: <HistoryTab subject={auditSubject('user-group', group.userGroupId)} /> },
          ]}
        />
      </Card>
    </div>
  );
}
