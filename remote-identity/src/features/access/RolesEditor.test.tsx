import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { AccessMessages, RoleGroupSchema, type RoleGroup } from 'contracts/identity';
import { RolesEditor } from './RolesEditor';

/** Role groups as the API answers a licence administrator (parsed as the console parses them). */
const groups: RoleGroup[] = v.parse(v.array(RoleGroupSchema), [
  {
    roleGroupId: 1,
    name: 'Administration',
    addOnId: 1,
    roles: [
      {
        roleId: 11,
        name: 'ADMINISTER_SITE',
        friendlyName: 'Administer Site',
        description: '',
        roleGroup: 'Administration',
        administrative: true,
        givable: true,
      },
      {
        roleId: 12,
        name: 'ADMINISTER_READER',
        friendlyName: 'Administer Reader',
        description: '',
        roleGroup: 'Administration',
        administrative: true,
        givable: false,
        whyNotGivable: 'An administrative role: only someone who holds it can give or remove it.',
        appliedToUser: true,
        direct: true,
      },
    ],
  },
  {
    roleGroupId: 2,
    name: 'Progress',
    addOnId: 3,
    roles: [
      {
        roleId: 21,
        name: 'UPDATE_PROGRESS_ITEM',
        friendlyName: 'Update Progress Item',
        description: '',
        roleGroup: 'Progress',
        administrative: false,
        givable: true,
      },
    ],
  },
]);

/** A user's roles: held directly, through groups, both, not at all, and one without its product licence. */
const held: RoleGroup[] = v.parse(v.array(RoleGroupSchema), [
  {
    roleGroupId: 3,
    name: 'Views',
    addOnId: 1,
    roles: [
      { roleId: 31, name: 'VIEW_STATUS', friendlyName: 'View Status', description: '', roleGroup: 'Views', givable: true, appliedToUser: true, direct: true },
      { roleId: 32, name: 'VIEW_MAP', friendlyName: 'View Map', description: '', roleGroup: 'Views', givable: true },
      {
        roleId: 33,
        name: 'VIEW_CONSTRUCTION',
        friendlyName: 'View Construction',
        description: '',
        roleGroup: 'Views',
        givable: true,
        appliedToUser: true,
        direct: true,
        fromUserGroup: true,
        userGroups: ['Crew', 'Site Supervisors'],
      },
    ],
  },
  {
    roleGroupId: 4,
    name: 'Progress and preservation',
    addOnId: 3,
    roles: [
      {
        roleId: 41,
        name: 'UPDATE_PROGRESS_ITEM',
        friendlyName: 'Update Progress Item',
        description: '',
        roleGroup: 'Progress and preservation',
        givable: true,
        appliedToUser: true,
        fromUserGroup: true,
        userGroups: ['Site Supervisors'],
      },
    ],
  },
  {
    roleGroupId: 5,
    name: 'Workforce',
    addOnId: 4,
    missingProduct: 'Workforce',
    roles: [
      {
        roleId: 51,
        name: 'MOBILE_WORKER_TOOL',
        friendlyName: 'Mobile Worker Tool',
        description: '',
        roleGroup: 'Workforce',
        givable: true,
        appliedToUser: true,
        direct: true,
      },
    ],
  },
]);

describe('RolesEditor', () => {
  it('shows a role the caller may not give disabled, with the reason beside it, and badges administrative roles', () => {
    render(<RolesEditor groups={groups} saving={false} onSave={() => {}} />);
    const reader = screen.getByRole('checkbox', { name: 'Administer Reader' });
    expect(reader).toBeDisabled();
    expect(reader).toBeChecked();
    expect(reader).toHaveAccessibleDescription('An administrative role: only someone who holds it can give or remove it.');
    expect(screen.getByText('An administrative role: only someone who holds it can give or remove it.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Administer Site' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Update Progress Item' })).toBeEnabled();
    expect(screen.getAllByText('Admin')).toHaveLength(2);
  });

  it('leaves a role it may not change as it is when selecting all and saving', async () => {
    const onSave = jest.fn();
    render(<RolesEditor groups={groups} saving={false} onSave={onSave} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all in Administration' }));
    expect(screen.getByRole('checkbox', { name: 'Select all in Administration' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all in Administration' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Update Progress Item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    // The held role the caller may not remove stays; the product role is added.
    expect(onSave.mock.calls[0][0].sort()).toEqual([12, 21]);
  });
  it('says beside each held role why it is held, in sight: Direct, User Group: {name}, both when both', () => {
    render(<RolesEditor groups={held} saving={false} onSave={() => {}} />);
    const row = (name: string) => screen.getByRole('checkbox', { name }).closest('div')!;
    expect(within(row('View Status')).getByText('Direct')).toBeVisible();
    expect(within(row('View Status')).queryByText(/^User Group/)).toBeNull();
    expect(within(row('Update Progress Item')).getByText('User Group: Site Supervisors')).toBeVisible();
    expect(within(row('Update Progress Item')).queryByText('Direct')).toBeNull();
    expect(within(row('View Construction')).getByText('Direct')).toBeVisible();
    expect(within(row('View Construction')).getByText('User Group: Site Supervisors')).toBeVisible();
    expect(within(row('View Construction')).getByText('User Group: Crew')).toBeVisible();
    expect(within(row('View Map')).queryByText(/Direct|User Group/)).toBeNull();
    // The group's role is the group's: ticked and disabled.
    expect(screen.getByRole('checkbox', { name: 'Update Progress Item' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Update Progress Item' })).toBeDisabled();
  });

  it('filters Assigned only / All roles with a labelled radio group, keeping a held role in sight while it is unticked', async () => {
    render(<RolesEditor groups={held} saving={false} onSave={() => {}} />);
    const filter = screen.getByRole('radiogroup', { name: 'Show' });
    expect(within(filter).getByRole('radio', { name: 'All roles' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'View Map' })).toBeVisible();
    await userEvent.click(within(filter).getByRole('radio', { name: 'Assigned only' }));
    expect(screen.queryByRole('checkbox', { name: 'View Map' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'View Status' })).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'View Status' }));
    expect(screen.getByRole('checkbox', { name: 'View Status' })).not.toBeChecked();
    await userEvent.click(within(filter).getByRole('radio', { name: 'All roles' }));
    expect(screen.getByRole('checkbox', { name: 'View Map' })).toBeVisible();
  });

  it('says when nothing is assigned', async () => {
    render(<RolesEditor groups={groups.slice(1)} saving={false} onSave={() => {}} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Assigned only' }));
    expect(screen.getByText(AccessMessages.noAssignedRoles)).toBeVisible();
  });

  it('shows a role held without its product licence, flagged with the way to fix it, and lets it be removed', async () => {
    const onSave = jest.fn();
    render(<RolesEditor groups={held} saving={false} onSave={onSave} />);
    const mobile = screen.getByRole('checkbox', { name: 'Mobile Worker Tool' });
    expect(mobile).toBeChecked();
    expect(mobile).toBeEnabled();
    expect(mobile).toHaveAccessibleDescription(AccessMessages.roleMissingProduct('Workforce'));
    expect(screen.getByText(AccessMessages.roleMissingProduct('Workforce'))).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(AccessMessages.rolesMissingProduct('Mobile Worker Tool'));
    expect(screen.getByRole('group', { name: /Workforce/ })).toHaveTextContent(AccessMessages.groupMissingProduct);
    // Searching finds it (issue 22: 'No roles match.' for a role the user holds).
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search roles' }), 'Mobile');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'View Status' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Mobile Worker Tool' })).toBeVisible();
    expect(screen.queryByText('No roles match.')).toBeNull();
    await userEvent.click(mobile);
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(onSave.mock.calls[0][0].sort()).toEqual([31, 33]);
  });

  it('keeps Save in a bar that stays in view, saying how many changes are unsaved', async () => {
    render(<RolesEditor groups={groups} saving={false} onSave={() => {}} />);
    const save = screen.getByRole('button', { name: 'Save roles' });
    expect(save).toBeDisabled();
    expect(save.parentElement).toHaveClass('sticky', 'bottom-0');
    expect(within(save.parentElement!).getByText('No unsaved changes.')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Update Progress Item' }));
    expect(within(save.parentElement!).getByText('1 unsaved change.')).toBeVisible();
    expect(save).toBeEnabled();
  });

  it('says what the view says without a product licence when every role listed lacks its product', () => {
    render(<RolesEditor groups={held.slice(2)} saving={false} onSave={() => {}} noProductMessage="Assign a Product to modify roles." />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Roles held without their product licenseAssign a Product to modify roles\. Mobile Worker Tool: /);
  });
});
