import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AccessMessages, UserGroupMessages, type User } from 'contracts/identity';
import { Alert, ApiError, Button, Card, Checkbox, EmptyState, errorMessage, FormField, Input, LicenseSelect, PageHeader, PageSpinner, Role, useHasRole, useSession, useUnsavedChanges } from 'shared';
import { userAddonsQuery, userProjectsQuery, userQuery, userRoleInfoQuery } from '../users/user.api';
import { projectLicensesQuery } from '../users/userProjects.api';
import { usersRoute } from '../users/users.routes';
import { groupCopy, type CopySource } from './groupCopy';
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

/**
 * What `user` holds (directly or through groups) that a group may copy, read as the page
 * opens, so the form says what the copy leaves out before it is made.
 */
function useCopySource(user: User | undefined) {
  const enabled = Boolean(user);
  const name = user?.userName ?? '';
  const queries = [
    useQuery({ ...userRoleInfoQuery(name, user?.userId ?? 0), enabled }),
    useQuery({ ...userAddonsQuery(name), enabled }),
    useQuery({ ...userProjectsQuery(name, user?.licenseId ?? null), enabled }),
    useQuery({ ...projectLicensesQuery(name), enabled }),
  ] as const;
  const [roles, addons, projects, licenses] = queries;
  const source: CopySource | undefined =
    user && roles.data && addons.data && projects.data && licenses.data
      ? { userName: user.userName, roles: roles.data, addOnIds: addons.data.addons.map((a) => a.addOnId), projects: projects.data, licenses: licenses.data }
      : undefined;
  return { source, error: queries.find((query) => query.isError)?.error };
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
  const create = useCreateGroup();
  const copySource = useCopySource(from);
  const copy = copySource.source ? groupCopy(copySource.source, copyRoles, copyProjects) : undefined;

  const trimmed = name.trim();
  const copyMissing = Boolean(from) && !copyProjects && !copyRoles;
  const shownNameError = nameError ?? (touched && !trimmed ? UserGroupMessages.nameRequired : null);
  const copying = Boolean(from) && !copy && !copySource.error;
  const busy = copying || create.isPending;
  // Spec 1 §5: save is disabled while syncing, with an empty name or no licence.
  const canSave = !busy && Boolean(trimmed) && licenseId !== null && !copyMissing && (!from || Boolean(copy));
  useUnsavedChanges(!busy && trimmed !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!canSave || licenseId === null) return;
    setNameError(null);
    const { RoleIds = [], AddOnIds = [], ProjectIds = [] } = copy ?? {};
    create.mutate(
      { LicenseId: licenseId, Name: trimmed, RoleIds, AddOnIds, ProjectIds },
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
        <form onSubmit={submit} noValidate className="max-w-lg space-y-4">
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
              {copySource.error ? <Alert variant="danger">{errorMessage(copySource.error, UserGroupMessages.createFailed)}</Alert> : null}
              {copy?.leftOut.length ? (
                <Alert title={AccessMessages.copyNotCopiedTitle(from.userName)}>
                  <ul className="list-disc space-y-0.5 pl-5">
                    {copy.leftOut.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </Alert>
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
