import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleGroup, User } from 'contracts/identity';
import { fakeApi, renderSignedIn, testQueryClient } from 'kit/testing';
import { Role } from 'shared';
import { UserRolesTab } from './UserRolesTab';
import { oneUserKeys } from './user.api';

const GROUPS: RoleGroup[] = [
  {
    roleGroupId: 2,
    name: 'Material Control pages',
    addOnId: 1,
    roles: [{ roleId: 21, name: 'VIEW_MC_INVENTORY', friendlyName: 'View MC Inventory', description: '', roleGroup: 'Material Control pages', givable: true }],
  },
] as RoleGroup[];

describe('UserRolesTab', () => {
  it('keeps what the user ticked when the roles are read again unchanged in the background', async () => {
    let reads = 0;
    fakeApi((request) => {
      if (request.path === 'user/7/roleInfo') reads++;
      return { body: GROUPS };
    });
    const client = testQueryClient();
    renderSignedIn(<UserRolesTab user={{ userId: 7, userName: 'rita' } as User} />, [Role.ACCESS_MY_CUSTOMER_LICENCE], client);
    const inventory = await screen.findByRole('checkbox', { name: 'View MC Inventory' });
    await userEvent.click(inventory);
    expect(inventory).toBeChecked();
    // Something else on the page reads the same roles again (the answer has not changed).
    await client.invalidateQueries({ queryKey: oneUserKeys.roles('rita') });
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByRole('checkbox', { name: 'View MC Inventory' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save roles' })).toBeEnabled();
  });
});
