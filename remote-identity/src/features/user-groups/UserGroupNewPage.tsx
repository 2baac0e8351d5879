import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { getUserAddons, getUserProjects, getUserRoles, UserGroupMessages, type User } from 'contracts/identity';
import { Alert, ApiError, Button, Card, Checkbox, EmptyState, errorMessage, FormField, Input, LicenseSelect, PageHeader, PageSpinner, Role, useHasRole, useSession, useUnsavedChanges } from 'shared';
import { flatten } from '../access/ProjectsEditor';
import { userQuery } from '../users/user.api';
import { usersRoute } from '../users/users.routes';
import { useCreateGroup } from './userGroups.api';
import { userGroupViewRoute } from './userGroups.routes';

/**
 * A new user group (/userGroups/new), or one started from a user (/userGroups/new/:userName)
 * that copies the user's projects and/or roles and product licences (spec 1 §2, §5): a name
 * (required, trimmed, unique in the licence) and a licence (any only for super administrators).
 */
export default function UserGroupNewPage() {
  const userName = useParams().userName;
  const query = useQuery({ ...userQuery(userName ?? ''), enabled: Boolean(userName) });
  if (!userName) return <NewGroup />;
  if (query.error instanceof ApiError && query.error.status === 404) return <EmptyState title="User not found">It does not exist, or it is not yours to see.</EmptyState>;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <Alert variant="danger">{errorMessage(query.error, UserGroupMessages.createFailed)}</Alert>;
  return <NewGroup from={query.data} />;
}

/** The ids of what `user` holds (directly or through groups) that a group copies. */
async function copiedFrom(user: User, copyProjects: boolean, copyRoles: boolean) {
  const [projects, roles, addons] = await Promise.all([
    copyProjects ? getUserProjects(user.userName, { licenseId: user.licenseId }) : [],
    copyRoles ? getUserRoles(user.userId) : [],
    copyRoles ? getUserAddons(user.userName) : { addons: [] },
  ]);
  return {
    ProjectIds: flatten(projects)
      .filter((p) => p.assignedTo || p.fromUserGroup)
      .map((p) => p.projectId),
    RoleIds: roles.map((r) => r.roleId),
    AddOnIds: addons.addons.map((a) => a.addOnId),
  };
}

function NewGroup({ from }: { from?: User }) {
  const navigate = useNavigate();
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const ownLicense = useSession((s) => s.licenseId);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [licenseId, setLicenseId] = useState<number | null>(from?.licenseId ?? (allLicenses ? null : ownLicense));
  const [copyProjects, setCopyProjects] = useState(true);
  const [copyRoles, setCopyRoles] = useState(true);
  const [nameError, setNameError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const create = useCreateGroup();

  const trimmed = name.trim();
  const copyMissing = Boolean(from) && !copyProjects && !copyRoles;
  const shownNameError = nameError ?? (touched && !trimmed ? UserGroupMessages.nameRequired : null);
  const busy = copying || create.isPending;
  // Spec 1 §5: save is disabled while syncing, with an empty name or no licence.
  const canSave = !busy && Boolean(trimmed) && licenseId !== null && !copyMissing;
  useUnsavedChanges(!busy && trimmed !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!canSave || licenseId === null) return;
    setNameError(null);
    setCopying(true);
    let copied = { ProjectIds: [] as number[], RoleIds: [] as number[], AddOnIds: [] as number[] };
    try {
      if (from) copied = await copiedFrom(from, copyProjects, copyRoles);
    } finally {
      setCopying(false);
    }
    create.mutate(
      { LicenseId: licenseId, Name: trimmed, ...copied },
      {
        onSuccess: (group) => navigate(userGroupViewRoute.to({ name: group.name, id: group.userGroupId })),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setNameError(UserGroupMessages.nameExists);
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title="New user group"
        description={from ? `Started from ${from.userName}: the group can copy their projects, roles and product licenses.` : 'A group gives its members its roles, projects and product licenses.'}
        back={{ to: `${usersRoute.to({})}#groups`, label: 'User groups' }}
      />
      <Card>
        <form onSubmit={(e) => void submit(e)} noValidate className="max-w-lg space-y-4">
          <FormField label="User Group Name" required error={shownNameError ?? undefined}>
            <Input
              value={name}
              maxLength={100}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(null);
              }}
              onBlur={() => setTouched(true)}
            />
          </FormField>
          {allLicenses && !from ? (
            <FormField label="License" required error={touched && licenseId === null ? UserGroupMessages.licenseRequired : undefined}>
              <LicenseSelect value={licenseId} allLabel="Select a license" onChange={setLicenseId} />
            </FormField>
          ) : null}
          {from ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-700">Copy from {from.userName}</legend>
              <Checkbox label="Copy projects" checked={copyProjects} onChange={(e) => setCopyProjects(e.target.checked)} />
              <Checkbox label="Copy roles and product licenses" checked={copyRoles} onChange={(e) => setCopyRoles(e.target.checked)} />
              {copyMissing ? (
                <p role="alert" className="text-sm text-red-700">
                  {UserGroupMessages.copyNeedsOne}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <Button type="submit" disabled={!canSave} loading={busy}>
            Create user group
          </Button>
        </form>
      </Card>
    </div>
  );
}
