import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { License } from 'contracts/licensing';
import { LicensesTable } from './LicensesTable';

const license = (values: Partial<License>): License => ({
  licenseId: 1,
  name: 'Northwind',
  company: 'Northwind Pty',
  licenseType: 'Enterprise',
  ownerId: 2,
  ownerName: 'Liam Carter',
  environmentId: 1,
  maxProjects: 10,
  maxUsers: 80,
  numProjects: 4,
  numUsers: 20,
  isActive: true,
  expiryDate: Date.now() + 400 * 86_400_000,
  expiryNotificationDays: [],
  ssoUrl: null,
  customerCode: null,
  opportunityId: null,
  ...values,
});

describe('LicensesTable', () => {
  it('shows Unlimited for a negative maximum and a progress bar only for a positive one', async () => {
    render(
      <MemoryRouter>
        <LicensesTable licenses={[license({}), license({ licenseId: 2, name: 'Internal', maxProjects: -1, maxUsers: -1 })]} loading={false} />
      </MemoryRouter>,
    );
    const internal = await screen.findByRole('row', { name: /Internal/ });
    expect(within(internal).getAllByText('Unlimited')).toHaveLength(2);
    expect(within(internal).queryByRole('progressbar')).toBeNull();
    const northwind = screen.getByRole('row', { name: /Northwind/ });
    expect(within(northwind).getAllByRole('progressbar')).toHaveLength(2);
    expect(within(northwind).getByText('40%')).toBeInTheDocument();
  });

  it('sorts Unlimited and Never as the largest values, by a click anywhere in the header cell', async () => {
    const rows = [
      license({ licenseId: 1, name: 'Small', maxUsers: 5, expiryDate: Date.UTC(2031, 0, 1) }),
      license({ licenseId: 2, name: 'Open', maxUsers: -1, expiryDate: null }),
      license({ licenseId: 3, name: 'Large', maxUsers: 500, expiryDate: Date.UTC(2035, 0, 1) }),
    ];
    render(
      <MemoryRouter>
        <LicensesTable licenses={rows} loading={false} />
      </MemoryRouter>,
    );
    await screen.findByRole('table');
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    await userEvent.click(screen.getByRole('columnheader', { name: /Max Users/ }));
    expect(names()).toEqual(['Small', 'Large', 'Open']);
    await userEvent.click(screen.getByRole('columnheader', { name: /Max Users/ }));
    expect(names()).toEqual(['Open', 'Large', 'Small']);
    await userEvent.click(screen.getByRole('columnheader', { name: /Expiry/ }));
    expect(names()).toEqual(['Small', 'Large', 'Open']);
    await userEvent.click(screen.getByRole('columnheader', { name: /Expiry/ }));
    expect(names()).toEqual(['Open', 'Large', 'Small']);
  });
});
