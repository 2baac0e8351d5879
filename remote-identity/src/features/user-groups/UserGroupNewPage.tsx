import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { useNavigate, useParams } from 'react-router';
import { AccessMessages, UserGroupMessages, userGroupNameSchema, type User } from 'contracts/identity';
import { Alert, Button, Card, Checkbox, EntityGate, FormField, Input, LicenseSelect, PageHeader, useForm } from 'kit';
import { errorMessage, Role, useHasRole, useSession, useUnsavedChanges } from 'shared';
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
  return (
    <EntityGate query={query} noun="User" failure={UserGroupMessages.createFailed}>
      {(user) => <NewGroup from={user} />}
    </EntityGate>
  );
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

/** The form's rules: the name's (the API's own) and a chosen licence; the copy's two ticks. */
const NewGroupSchema = v.object({
  name: userGroupNameSchema,
  licenseId: v.pipe(v.string(), v.nonEmpty(UserGroupMessages.licenseRequired), v.transform(Number)),
  copyProjects: v.boolean(),
  copyRoles: v.boolean(),
});
type NewGroupValues = { name: string; licenseId: string; copyProjects: boolean; copyRoles: boolean };

function NewGroup({ from }: { from?: User }) {
  const navigate = useNavigate();
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const ownLicense = useSession((s) => s.licenseId);
  const startLicense = from?.licenseId ?? (allLicenses ? null : ownLicense);
  // Leaving the name field also says that a licence is still to be chosen (Save stays disabled without one).
  const [nameLeft, setNameLeft] = useState(false);
  const create = useCreateGroup();
  const initial: NewGroupValues = { name: '', licenseId: startLicense === null ? '' : String(startLicense), copyProjects: true, copyRoles: true };
  const form = useForm({
    schema: NewGroupSchema,
    initial,
    onSubmit: async ({ name, licenseId }) => {
      const { RoleIds = [], AddOnIds = [], ProjectIds = [] } = copy ?? {};
      const group = await create.mutateAsync({ LicenseId: licenseId, Name: name, RoleIds, AddOnIds, ProjectIds });
      navigate(userGroupViewRoute.to({ name: group.name, id: group.userGroupId }));
    },
  });
  const { copyProjects, copyRoles } = form.values;
  const copySource = useCopySource(from);
  const copy = copySource.source ? groupCopy(copySource.source, copyRoles, copyProjects) : undefined;

  const trimmed = form.values.name.trim();
  const licenseChosen = form.values.licenseId !== '';
  const copyMissing = Boolean(from) && !copyProjects && !copyRoles;
  const copying = Boolean(from) && !copy && !copySource.error;
  const busy = copying || form.busy;
  // Spec 1 §5: save is disabled while syncing, with an empty name or no licence.
  const canSave = !busy && Boolean(trimmed) && licenseChosen && !copyMissing && (!from || Boolean(copy));
  useUnsavedChanges(!copying && form.dirty);
  const name = form.field('name');

  return (
    <div className="space-y-4">
      <PageHeader
        title="New user group"
        description={
          from
            ? `Started from ${from.userName}: the group can copy their projects, roles and product licenses.`
            : 'A group gives its members its roles, projects and product licenses.'
        }
        back={{ to: `${usersRoute.to({})}#groups`, label: 'User groups' }}
      />
      <Card>
        <form onSubmit={form.submit} noValidate className="max-w-lg space-y-4">
          <FormField label="User Group Name" required error={form.error('name')}>
            <Input
              {...name}
              onBlur={() => {
                name.onBlur();
                setNameLeft(true);
              }}
              maxLength={100}
            />
          </FormField>
          {allLicenses && !from ? (
            <FormField label="License" required error={form.error('licenseId') ?? (nameLeft && !licenseChosen ? UserGroupMessages.licenseRequired : undefined)}>
              <LicenseSelect
                value={licenseChosen ? Number(form.values.licenseId) : null}
                allLabel="Select a license"
                onChange={(id) => form.setValue('licenseId', id === null ? '' : String(id))}
              />
            </FormField>
          ) : null}
          {from ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-700">Copy from {from.userName}</legend>
              <Checkbox label="Copy projects" checked={copyProjects} onChange={(e) => form.setValue('copyProjects', e.target.checked)} />
              <Checkbox label="Copy roles and product licenses" checked={copyRoles} onChange={(e) => form.setValue('copyRoles', e.target.checked)} />
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
