import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SeatMessages, type DormantAccount, type SeatDashboard } from 'contracts/licensing';
import { Role, useSession } from 'shared';
import { LicenseAddonsTab } from './LicenseAddonsTab';
import { dormantPageQuery, seatDashboardQuery } from './seats.api';

const LICENSE_ID = 7;

const account = (values: Partial<DormantAccount> & Pick<DormantAccount, 'userId' | 'userName'>): DormantAccount => ({
  fullName: 'Someone',
  isActive: true,
  lastLoginDate: '2025-01-15T12:00:00.000Z',
  createdDate: '2024-01-01T12:00:00.000Z',
  seats: [],
  ...values,
});

const edith = account({
  userId: 11,
  userName: 'edith.marsh',
  fullName: 'Edith Marsh',
  seats: [
    { addOnId: 1, name: 'SiteSense', direct: true, groups: [] },
    { addOnId: 3, name: 'Progress Tracking', direct: true, groups: [] },
  ],
});
const walter = account({
  userId: 12,
  userName: 'walter.finch',
  fullName: 'Walter Finch',
  isActive: false,
  seats: [
    { addOnId: 1, name: 'SiteSense', direct: true, groups: [] },
    { addOnId: 3, name: 'Progress Tracking', direct: false, groups: ['Mill Heritage Crew'] },
  ],
});
const nora = account({
  userId: 13,
  userName: 'nora.quill',
  fullName: 'Nora Quill',
  lastLoginDate: null,
  seats: [
    { addOnId: 1, name: 'SiteSense', direct: false, groups: ['Mill Heritage Crew'] },
    { addOnId: 3, name: 'Progress Tracking', direct: false, groups: ['Mill Heritage Crew'] },
  ],
});

/** The tab's data: the dashboard's figures (the console asks for no list) and the first page of the dormant accounts, `total` of them in all. */
const dashboard = (dormant: DormantAccount[], total = dormant.length) => ({
  figures: figures(total),
  page: { items: dormant, total, totalExact: true, page: 0, pageSize: 20 },
});

const figures = (dormantTotal: number): SeatDashboard => ({
  dormantAfterDays: 90,
  asOf: '2026-03-01T00:00:00.000Z',
  addOns: [
    { addOnId: 1, name: 'SiteSense', maxUsers: 10, used: 5, dormant: 3 },
    { addOnId: 2, name: 'Material Control', maxUsers: 0, used: 0, dormant: 0 },
    { addOnId: 3, name: 'Progress Tracking', maxUsers: 5, used: 5, dormant: 2 },
    { addOnId: 5, name: 'Sensors', maxUsers: -1, used: 1, dormant: 0 },
  ],
  dormantTotal,
  dormant: [],
});

/** Renders the tab on a dashboard and its first page already read (no request), as a user holding `roles`. */
async function renderTab(data: ReturnType<typeof dashboard>, roles: string[] = [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_USER_CREATE_UPDATE]) {
  useSession.setState({ roles });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(seatDashboardQuery(LICENSE_ID).queryKey, data.figures);
  client.setQueryData(dormantPageQuery(LICENSE_ID, { q: '', sort: 'lastSignIn', dir: 'asc', page: 0 }).queryKey, data.page);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LicenseAddonsTab licenseId={LICENSE_ID} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('table', { name: 'Dormant accounts' });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('LicenseAddonsTab', () => {
  afterEach(() => {
    // Unmounted first: the session's change would otherwise render the tab again outside act.
    cleanup();
    useSession.setState({ roles: null });
  });

  it('shows each offered product licence with its seats in use, its limit and the seats dormant accounts hold', async () => {
    await renderTab(dashboard([edith, walter, nora]));
    const usage = screen.getByRole('table', { name: 'Product license usage' });
    expect(
      within(usage)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Product License', 'In Use', 'Max Users', 'Usage (%)', 'Dormant']);
    expect(cellsOf(within(usage).getByRole('row', { name: /^SiteSense/ }))).toEqual(['SiteSense', '5', '10', 'SiteSense usage50%', '3']);
    expect(cellsOf(within(usage).getByRole('row', { name: /^Progress Tracking/ }))).toEqual([
      'Progress Tracking',
      '5',
      '5',
      'Progress Tracking usage100%',
      '2',
    ]);
    expect(within(usage).getByRole('row', { name: /^Sensors/ })).toHaveTextContent('Unlimited');
    // Not offered and held by nobody: left out, as before.
    expect(within(usage).queryByRole('row', { name: /^Material Control/ })).toBeNull();
  });

  it('lists the dormant accounts: a link to each user, Never for one who never signed in, and the group that gives a seat', async () => {
    await renderTab(dashboard([edith, walter, nora]));
    const dormant = screen.getByRole('table', { name: 'Dormant accounts' });
    expect(
      within(dormant)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['User Name', 'Full Name', 'Status', 'Last Sign-in', 'Product Licenses']);
    expect(within(dormant).getByRole('link', { name: 'edith.marsh' })).toHaveAttribute('href', '/to/identity/user.view?name=edith.marsh');
    const noraRow = within(dormant).getByRole('row', { name: /nora\.quill/ });
    expect(within(noraRow).getAllByRole('cell')[3]).toHaveTextContent(/^Never$/);
    const walterRow = within(dormant).getByRole('row', { name: /walter\.finch/ });
    expect(within(walterRow).getByText('Inactive')).toBeInTheDocument();
    expect(within(walterRow).getByText('Progress Tracking (through Mill Heritage Crew)')).toBeInTheDocument();
    expect(within(walterRow).getByText('SiteSense')).toBeInTheDocument();
    expect(screen.getByText(SeatMessages.dormantRule(90))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Free these seats' })).toBeEnabled();
    expect(screen.queryByText(SeatMessages.nothingToFree)).toBeNull();
  });

  it('disables Free these seats, saying why, when the dormant accounts hold their seats only through user groups', async () => {
    await renderTab(dashboard([nora]));
    const free = screen.getByRole('button', { name: 'Free these seats' });
    expect(free).toBeDisabled();
    expect(screen.getByText(SeatMessages.nothingToFree)).toBeVisible();
    expect(free).toHaveAccessibleDescription(SeatMessages.nothingToFree);
  });

  it('pages many dormant accounts: the button says it frees the page shown, and Export CSV gives them all', async () => {
    await renderTab(dashboard([edith, walter, nora], 12_345));
    const free = screen.getByRole('button', { name: 'Free these seats' });
    expect(free).toHaveAccessibleDescription(SeatMessages.freeThisPage);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    // The pager counts every page: 12,345 accounts, 20 a page.
    expect(screen.getByText(/of 618/)).toBeInTheDocument();
  });

  it('says nothing of pages when every dormant account is on this one', async () => {
    await renderTab(dashboard([edith, walter, nora]));
    expect(screen.queryByText(SeatMessages.freeThisPage)).toBeNull();
    expect(screen.getByRole('button', { name: 'Free these seats' })).not.toHaveAccessibleDescription();
  });

  it('says no account is dormant, and offers no Free these seats to who may not change product licences', async () => {
    await renderTab(dashboard([]), [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect(screen.getByText(SeatMessages.noneDormant(90))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Free these seats' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.getByRole('spinbutton', { name: 'Dormant after (days)' })).toHaveValue(90);
  });
});
