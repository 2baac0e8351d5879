import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type UserPage } from 'contracts/identity';
import { Role, useSession } from 'shared';
import { UsersTable } from './UsersTable';

const page: UserPage = {
  items: [
    {
      userId: 1,
      userName: 'jsmith',
      firstName: 'John',
      lastName: 'Smith',
      fullName: 'John Smith',
      email: 'j@x.test',
      licenseId: 2,
      licenseName: 'Northwind',
      companyName: 'Northwind Pty',
      position: 'Supervisor',
      isApproved: true,
      isLockedOut: true,
      isSsoUser: false,
      addons: [{ addOnId: 1, name: 'SiteSense', shortName: 'SS', color: '#1d4ed8' }],
    },
  ],
  total: 60,
  totalExact: true,
  page: 0,
  pageSize: 25,
};

/** Renders the table and waits for it (the kit loads its table when first drawn). */
const renderTable = async (onSortChange = jest.fn(), onToggle?: jest.Mock, shown: UserPage = page) => {
  render(
    <UsersTable
      onToggle={onToggle}
      page={shown}
      loading={false}
      paging={{ pageIndex: 0, total: page.total, totalExact: true, onPageChange: () => {}, sort: { id: 'userName', desc: false }, onSortChange }}
      search=""
      onSearch={() => {}}
      toolbar={null}
    />,
  );
  await screen.findByRole('table');
};

describe('UsersTable', () => {
  afterEach(() => useSession.setState({ roles: null }));

  it('shows the spec’s columns, states as badges, and pages by the server’s total', async () => {
    useSession.setState({ roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    await renderTable();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'User',
      'Full Name',
      'Company',
      'Position',
      'Active',
      'Locked',
      'Product Licenses',
    ]);
    expect(within(screen.getByRole('row', { name: /jsmith/ })).getByText('Locked')).toBeInTheDocument();
    expect(screen.getByTitle('SiteSense')).toHaveTextContent('SS');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
  });

  it('asks the server for the order of the header cell clicked, by the API’s column names', async () => {
    useSession.setState({ roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const onSortChange = jest.fn();
    await renderTable(onSortChange);
    expect(screen.getByRole('columnheader', { name: /^User/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('columnheader', { name: /Company/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'companyName', desc: false });
    await userEvent.click(screen.getByRole('columnheader', { name: /Locked/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'isLockedOut', desc: false });
    // Product licences are a list: no order to ask for.
    expect(screen.getByRole('columnheader', { name: 'Product Licenses' })).not.toHaveAttribute('aria-sort');
  });

  it('adds the License column for super administrators', async () => {
    useSession.setState({ roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    await renderTable();
    expect(screen.getByRole('columnheader', { name: 'License' })).toBeInTheDocument();
  });

  it('toggles Active and Locked at once from their badges, for administrators; otherwise the badges only show the state', async () => {
    useSession.setState({ roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const onToggle = jest.fn();
    await renderTable(jest.fn(), onToggle);
    const row = screen.getByRole('row', { name: /jsmith/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Active' }));
    expect(onToggle).toHaveBeenLastCalledWith(page.items[0], 'isApproved', false);
    await userEvent.click(within(row).getByRole('button', { name: 'Locked' }));
    expect(onToggle).toHaveBeenLastCalledWith(page.items[0], 'isLockedOut', false);
    expect(within(row).getByRole('button', { name: 'Active' })).toHaveAttribute('title', 'Click to deactivate jsmith');
  });

  it('shows a temporary lock after failed sign-ins with its end, and Unlocked once it has ended', async () => {
    useSession.setState({ roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const soon = new Date(Date.now() + 60_000).toISOString();
    const past = new Date(Date.now() - 60_000).toISOString();
    const user = { ...page.items[0]!, isLockedOut: false };
    await renderTable(jest.fn(), undefined, {
      ...page,
      items: [
        { ...user, lockedUntil: soon },
        { ...user, userId: 2, userName: 'pdone', lockedUntil: past },
      ],
    });
    expect(within(screen.getByRole('row', { name: /jsmith/ })).getByText(/^Locked until .+ \(failed sign-ins\)$/)).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /pdone/ })).getByText('Unlocked')).toBeInTheDocument();
  });

  it('shows the states as plain badges without the toggle', async () => {
    useSession.setState({ roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    await renderTable();
    const row = screen.getByRole('row', { name: /jsmith/ });
    expect(within(row).queryByRole('button', { name: 'Active' })).not.toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
  });
});
