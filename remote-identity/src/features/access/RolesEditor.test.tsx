import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { RoleGroupSchema, type RoleGroup } from 'contracts/identity';
import { RolesEditor } from './RolesEditor';

/** Role groups as the API answers a licence administrator (parsed as the console parses them). */
const groups: RoleGroup[] = v.parse(v.array(RoleGroupSchema), [
  {
    roleGroupId: 1,
    name: 'Administration',
    addOnId: 1,
    roles: [
      { roleId: 11, name: 'ADMINISTER_SITE', friendlyName: 'Administer Site', description: '', roleGroup: 'Administration', administrative: true, givable: true },
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
    roles: [{ roleId: 21, name: 'UPDATE_PROGRESS_ITEM', friendlyName: 'Update Progress Item', description: '', roleGroup: 'Progress', administrative: false, givable: true }],
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
});
