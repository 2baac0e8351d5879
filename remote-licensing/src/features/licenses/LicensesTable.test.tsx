import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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
  it('shows Unlimited for a negative maximum and a progress bar only for a positive one', () => {
    render(
      <MemoryRouter>
        <LicensesTable licenses={[license({}), license({ licenseId: 2, name: 'Internal', maxProjects: -1, maxUsers: -1 })]} loading={false} />
      </MemoryRouter>,
    );
    const internal = screen.getByRole('row', { name: /Internal/ });
    expect(within(internal).getAllByText('Unlimited')).toHaveLength(2);
    expect(within(internal).queryByRole('progressbar')).toBeNull();
    const northwind = screen.getByRole('row', { name: /Northwind/ });
    expect(within(northwind).getAllByRole('progressbar')).toHaveLength(2);
    expect(within(northwind).getByText('40%')).toBeInTheDocument();
  });
});
