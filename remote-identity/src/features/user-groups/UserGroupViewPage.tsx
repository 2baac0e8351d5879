import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { auditSubject } from 'contracts/common';
import { UserGroupMessages, UserMessages, type UserGroupDetail } from 'contracts/identity';
import { Alert, Card, DataTable, EntityGate, PageHeader, Spinner, Tabs } from 'kit';
import { errorMessage, useHasRole } from 'shared';
import { AddonsForm } from '../access/AddonsChecklist';
import { ProjectsEditor } from '../access/ProjectsEditor';
import { HistoryTab } from '../access/HistoryTab';
import { RolesEditor } from '../access/RolesEditor';
import { isRefreshingOnMount, licenseAddonsQuery } from '../users/user.api';
import { usersRoute, userViewRoute } from '../users/users.routes';
import { UserGroupDetailsTab } from './UserGroupDetailsTab';
import { groupProjectsQuery, groupQuery, groupRolesQuery, useGroupSave } from './userGroups.api';
import { GROUP_ADMIN_ROLES } from './userGroups.routes';

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
      <PageHeader title={group.name} description={`${group.userCount ?? group.members.length} ${group.members.length === 1 ? 'member' : 'members'} · ${group.licenseName ?? ''}`} back={{ to: `${usersRoute.to({})}#groups`, label: 'User groups' }} />
      {/* One layout for every view's tabs (the user's, a group's, a key's): tabs and panel in one card. */}
      <Card>
        <Tabs
          hashSync
          tabs={[
            { id: 'details', label: 'Details', content: <UserGroupDetailsTab group={group} edits={edits} /> },
            { id: 'projects', label: 'Projects', content: <ProjectsTab group={group} edits={edits} /> },
            { id: 'addons', label: 'Product Licenses', content: <AddonsTab group={group} edits={edits} /> },
            { id: 'roles', label: 'Roles', content: <RolesTab group={group} edits={edits} /> },
            { id: 'users', label: 'Users', content: <UsersTab group={group} /> },
            // Ours: every change to the group.
            { id: 'history', label: 'History', content: <HistoryTab subject={auditSubject('user-group', group.userGroupId)} /> },
          ]}
        />
      </Card>
    </div>
  );
}

function ProjectsTab({ group, edits }: { group: UserGroupDetail; edits: boolean }) {
  const tree = useQuery(groupProjectsQuery(group.userGroupId));
  const { save, saving, dialog } = useGroupSave(group.userGroupId);
  if (tree.isPending || isRefreshingOnMount(tree)) return <Spinner label="Loading projects" />;
  if (tree.isError) return <Alert variant="danger">{errorMessage(tree.error, UserMessages.projectsLoadFailed)}</Alert>;
  return (
    <>
      <ProjectsEditor key={tree.dataUpdatedAt} projects={tree.data} editable={edits} saving={saving} onSave={(ids) => save({ kind: 'projects', ids }, group.members.length)} />
      {dialog}
    </>
  );
}

function AddonsTab({ group, edits }: { group: UserGroupDetail; edits: boolean }) {
  const offer = useQuery(licenseAddonsQuery(group.licenseId));
  const { save, saving, dialog } = useGroupSave(group.userGroupId);
  if (offer.isPending || isRefreshingOnMount(offer)) return <Spinner label="Loading product licenses" />;
  if (offer.isError) return <Alert variant="danger">{errorMessage(offer.error, UserMessages.addonsDefaultFailed)}</Alert>;
  const offered = offer.data.filter((a) => a.maxUsers !== 0);
  if (!edits) return <p className="text-sm text-slate-600">{offered.filter((a) => group.addOnIds.includes(a.addOnId)).map((a) => a.name).join(', ') || 'No product licenses.'}</p>;
  return (
    <>
      <AddonsForm
        key={`${group.addOnIds.join(',')}-${offer.dataUpdatedAt}`}
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

function RolesTab({ group, edits }: { group: UserGroupDetail; edits: boolean }) {
  const info = useQuery(groupRolesQuery(group.userGroupId));
  const { save, saving, dialog } = useGroupSave(group.userGroupId);
  if (info.isPending || isRefreshingOnMount(info)) return <Spinner label="Loading roles" />;
  if (info.isError) return <Alert variant="danger">{errorMessage(info.error, UserMessages.rolesLoadFailed)}</Alert>;
  if (info.data.length === 0) return <Alert variant="info">{UserMessages.assignProduct}</Alert>;
  if (!edits) return <p className="text-sm text-slate-600">{info.data.flatMap((g) => g.roles.filter((r) => r.appliedToUser).map((r) => r.friendlyName || r.name)).join(', ') || 'No roles.'}</p>;
  return (
    <>
      <RolesEditor key={info.dataUpdatedAt} groups={info.data} saving={saving} onSave={(ids) => save({ kind: 'roles', ids }, group.members.length)} noProductMessage={UserMessages.assignProduct} />
      {dialog}
    </>
  );
}

function UsersTab({ group }: { group: UserGroupDetail }) {
  return (
    <DataTable
      caption="Members"
      data={group.members}
      getRowId={(m) => String(m.userId)}
      pageSize={25}
      emptyText={UserGroupMessages.noMembers}
      columns={[
        {
          accessorKey: 'userName',
          header: 'User',
          cell: ({ row }) => (
            <Link to={userViewRoute.to({ name: row.original.userName })} className="font-medium text-brand-700 hover:underline">
              {row.original.userName}
            </Link>
          ),
        },
        { id: 'fullName', header: 'Full Name', accessorFn: (m) => `${m.firstName} ${m.lastName}`.trim() },
        { accessorKey: 'email', header: 'Email' },
        { accessorKey: 'companyName', header: 'Company' },
      ]}
    />
  );
}
